"""PostgreSQL cancels a runaway statement (DB_STATEMENT_TIMEOUT_MS, default 60 s) instead of
letting it hold a worker and its locks: a 340-word phrase search once held the planner for minutes."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_postgresql_sessions_carry_the_statement_timeout() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL setting (the run on PostgreSQL checks it)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT setting, unit FROM pg_settings WHERE name = 'statement_timeout'")
        setting, unit = cursor.fetchone()
    assert (int(setting), unit) == (settings.STATEMENT_TIMEOUT_MS, "ms")
    assert settings.STATEMENT_TIMEOUT_MS == 60_000  # the default: the test run sets none


@pytest.mark.django_db(transaction=True)
@pytest.mark.urls("tests.config.urls_failing")
def test_an_api_statement_over_the_timeout_answers_503_query_timeout_and_the_next_request_works() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL setting (the run on PostgreSQL checks it)")
    client = APIClient()
    for language, words in (("en", "took too long"), ("de", "zu lange")):
        answer = client.get("/api/slow/", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 503 and answer["Retry-After"] == "30"
        assert answer.json()["code"] == "query_timeout" and words in answer.json()["detail"]
    assert client.get("/api/games/").status_code == 200  # the connection is usable again
