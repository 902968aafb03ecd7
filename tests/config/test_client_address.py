"""Throttles count by the client's real address: X-Forwarded-For only counts through the configured
number of proxies (issue 19 item 3; NUM_PROXIES)."""

from __future__ import annotations

import pytest
from rest_framework.settings import api_settings
from rest_framework.test import APIClient, APIRequestFactory
from rest_framework.throttling import SimpleRateThrottle

from config.throttling import client_ip

CALC = "/api/games/realmon/calc/realm_bonus/"


@pytest.fixture
def proxies(monkeypatch: pytest.MonkeyPatch):
    def set_count(count: int) -> None:
        monkeypatch.setattr(api_settings, "NUM_PROXIES", count)  # DRF reads it per request

    return set_count


def request(forwarded: str | None):
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    return APIRequestFactory().get("/", REMOTE_ADDR="10.9.0.1", **headers)


def test_without_proxies_the_forwarded_header_is_ignored(proxies) -> None:
    proxies(0)
    assert client_ip(request("203.0.113.5")) == "10.9.0.1"


def test_behind_one_proxy_the_address_it_saw_counts(proxies) -> None:
    proxies(1)
    assert client_ip(request("198.51.100.7, 203.0.113.5")) == "203.0.113.5"  # the client's own entry is not believed
    assert client_ip(request(None)) == "10.9.0.1"


def test_the_default_trusts_no_proxy() -> None:
    assert api_settings.NUM_PROXIES == 0


@pytest.mark.django_db
def test_made_up_forwarded_addresses_share_one_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "5/hour", "user": "5/hour"})
    client = APIClient()
    answers = [
        client.post(
            CALC, {"realm": 3}, format="json", REMOTE_ADDR="10.9.0.2", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}"
        ).status_code
        for n in range(7)
    ]
    assert answers == [200] * 5 + [429] * 2
