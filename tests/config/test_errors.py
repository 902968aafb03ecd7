"""Server errors of the API answer its JSON error shape, pages keep Django's page (issue 19 item 9)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.urls_failing")]


def test_an_api_500_answers_json_without_a_traceback(settings) -> None:
    settings.DEBUG = False
    response = Client(raise_request_exception=False).get("/api/boom/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "detail": "The server failed to answer this request; it has been logged.",
        "code": "server_error",
    }


def test_a_page_500_stays_html(settings) -> None:
    settings.DEBUG = False
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500 and response["Content-Type"].startswith("text/html")
