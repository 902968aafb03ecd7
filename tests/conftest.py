"""Fixtures shared by every test: users, API clients, the bundled cards on demand."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import User


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous API client."""
    return APIClient()


def _user(username: str, **extra: Any) -> User:
    return User.objects.create_user(username=username, password="pw-" + username, **extra)


@pytest.fixture
def user(db: Any) -> User:
    return _user("alice")


@pytest.fixture
def other_user(db: Any) -> User:
    return _user("bob")


@pytest.fixture
def staff_user(db: Any) -> User:
    return _user("staff", is_staff=True)


@pytest.fixture
def user_client(user: User) -> APIClient:
    """An API client signed in as `user` (alice)."""
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def other_client(other_user: User) -> APIClient:
    """An API client signed in as `other_user` (bob)."""
    client = APIClient()
    client.force_authenticate(other_user)
    return client


@pytest.fixture
def staff_client(staff_user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(staff_user)
    return client


@pytest.fixture
def bundled_cards(db: Any) -> None:
    """Import every bundled card set of the five games into the test database."""
    from cards.services import card_import
    from engine.games import all_games

    for game in all_games():
        card_import(cards=game.bundled_cards(), game=game.slug, source=game.slug)
