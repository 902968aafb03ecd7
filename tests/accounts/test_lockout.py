"""Repeated failed sign-ins lock out the account and the address (issue 19 item 2), on the token
endpoint, the sign-in page and with forwarded addresses alike; a locked-out try checks no password."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db
URL = "/api/auth/token/"


@pytest.fixture(autouse=True)
def _small_limits(settings) -> None:
    settings.AXES_FAILURE_LIMIT = 3


def token(username: str, password: str, address: str = "10.0.0.1") -> object:
    return APIClient().post(URL, {"username": username, "password": password}, format="json", REMOTE_ADDR=address)


def test_after_the_limit_the_right_password_is_refused_too(user: User) -> None:
    assert [token("alice", "wrong").status_code for _ in range(2)] == [400, 400]
    third = token("alice", "wrong")
    assert third.status_code == 429 and third.json()["code"] == "locked_out" and int(third["Retry-After"]) > 0
    right = token("alice", "pw-alice")
    assert right.status_code == 429 and right.json()["code"] == "locked_out"


def test_the_account_is_locked_whatever_the_address(user: User) -> None:
    for n in range(3):
        token("alice", "wrong", address=f"10.0.1.{n}")
    assert token("alice", "pw-alice", address="10.0.2.1").status_code == 429


def test_the_address_is_locked_whatever_the_account(user: User, other_user: User) -> None:
    for name in ("mallory", "trent", "eve"):
        token(name, "guess", address="10.0.3.1")
    assert token("bob", "pw-bob", address="10.0.3.1").status_code == 429
    assert token("bob", "pw-bob", address="10.0.3.2").status_code == 200


def test_a_locked_out_try_checks_no_password(user: User) -> None:
    for _ in range(3):
        token("alice", "wrong")
    with mock.patch.object(User, "check_password", autospec=True) as check:
        assert token("alice", "pw-alice").status_code == 429
    check.assert_not_called()


def test_a_success_below_the_limit_starts_the_count_again(user: User) -> None:
    token("alice", "wrong"), token("alice", "wrong")
    assert token("alice", "pw-alice").status_code == 200
    token("alice", "wrong"), token("alice", "wrong")
    assert token("alice", "pw-alice").status_code == 200


def test_forwarded_addresses_are_not_believed_without_proxies(user: User) -> None:
    for n in range(3):
        APIClient().post(URL, {"username": f"x{n}", "password": "guess"}, format="json",
                         REMOTE_ADDR="10.0.4.1", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")  # fmt: skip
    assert token("alice", "pw-alice", address="10.0.4.1").status_code == 429


def test_the_sign_in_page_locks_out_too(user: User) -> None:
    client = Client(REMOTE_ADDR="10.0.5.1")
    for _ in range(3):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "alice", "password": "pw-alice"})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    assert "Too many failed sign-ins" in response.content.decode() or "Zu viele" in response.content.decode()


@pytest.mark.django_db
def test_a_request_without_a_valid_address_signs_in_on_every_database() -> None:
    """force_login's request has no REMOTE_ADDR; a proxy may send garbage: the lockout's address
    column (checked by PostgreSQL) gets 0.0.0.0, never "None"."""
    from django.test import RequestFactory

    from config.throttling import client_ip

    user = User.objects.create_user("ohne-adresse", password="pw-ohne-adresse-1")
    Client().force_login(user)  # raised on PostgreSQL: 'None' does not appear to be an IPv4 or IPv6 address
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="kein-ip")) == "0.0.0.0"
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="203.0.113.9")) == "203.0.113.9"
