"""Throttled operations say where a client stands: RateLimit-Limit, -Remaining, -Reset (issue 19 item 13)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

pytestmark = pytest.mark.django_db
CALC = "/api/games/realmon/calc/realm_bonus/"


@pytest.fixture
def low_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/hour", "user": "5/hour", "auth": "2/minute"})


def test_each_answer_counts_down_to_zero_then_429(low_rates: None) -> None:
    client = APIClient()
    answers = [client.post(CALC, {"realm": 3}, format="json") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [a["RateLimit-Remaining"] for a in answers] == ["2", "1", "0", "0"]
    assert all(a["RateLimit-Limit"] == "3" and a["RateLimit-Policy"] == "3;w=3600" for a in answers)
    assert 0 < int(answers[0]["RateLimit-Reset"]) <= 3600
    assert int(answers[-1]["RateLimit-Reset"]) == int(answers[-1]["Retry-After"])


def test_a_signed_in_user_sees_the_user_rate(low_rates: None, user_client: APIClient) -> None:
    response = user_client.get("/api/decks/")
    assert response["RateLimit-Limit"] == "5" and response["RateLimit-Remaining"] == "4"


def test_the_token_endpoint_shows_its_own_tighter_rate(low_rates: None, user) -> None:
    response = APIClient().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    assert response["RateLimit-Limit"] == "2" and response["RateLimit-Remaining"] == "1"


def test_pages_have_no_rate_limit_headers() -> None:
    from django.test import Client

    assert "RateLimit-Limit" not in Client().get("/")
