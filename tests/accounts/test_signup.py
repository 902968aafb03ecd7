"""Sign-up refuses weak passwords and makes few accounts per address (issue 19 item 5)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.throttling import SimpleRateThrottle

from accounts.models import User

pytestmark = pytest.mark.django_db
GOOD = "ein-langes-Passw0rt!"


def sign_up(client: Client, username: str, password: str = GOOD):
    return client.post("/accounts/signup/", {"username": username, "password1": password, "password2": password})


@pytest.mark.parametrize("password", ["x", "1", "12345678901", "password123", "zauberer99", "kurz-1"])
def test_a_weak_password_is_refused(password: str) -> None:
    response = sign_up(Client(), "zauberer99", password)
    assert response.status_code == 200 and not User.objects.exists()
    assert response.context["form"].errors["password2"]


def test_a_good_password_signs_up_and_in() -> None:
    client = Client()
    assert sign_up(client, "spielerin").status_code == 302
    assert User.objects.get().username == "spielerin" and "_auth_user_id" in client.session


def test_an_address_makes_only_so_many_accounts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "signup", "3/hour")
    answers = [sign_up(Client(REMOTE_ADDR="10.1.0.1"), f"spieler{n}").status_code for n in range(4)]
    assert answers == [302, 302, 302, 429] and User.objects.count() == 3
    assert sign_up(Client(REMOTE_ADDR="10.1.0.2"), "anderswo").status_code == 302


def test_a_refused_sign_up_keeps_no_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "signup", "1/hour")
    assert sign_up(Client(), "schwach", "x").status_code == 200  # refused for its password: not counted
    assert sign_up(Client(), "stark").status_code == 302
