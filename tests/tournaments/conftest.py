"""Helpers for the tournaments tests: players with API clients, a sample deck of a format, a
tournament set up through the services (cheap), and posting as someone."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from engine.core.samples import sample_decks
from tournaments import services
from tournaments.models import Tournament

FORMAT = "kamelo/dufo"  # a format with a rules engine and bundled sample decks


def sample_list(format_slug: str = FORMAT, number: int = 0) -> str:
    """A bundled legal sample list of the format."""
    return str(sample_decks(format_slug)[number]["list"])


class Players:
    """Users made on demand, each with a signed-in API client: ``players["p1"]``."""

    def __init__(self) -> None:
        self.users: dict[str, User] = {}
        self.clients: dict[str, APIClient] = {}

    def user(self, name: str) -> User:
        if name not in self.users:
            self.users[name] = User.objects.create_user(username=name, password=f"pw-{name}-long-enough")
        return self.users[name]

    def __getitem__(self, name: str) -> APIClient:
        if name not in self.clients:
            client = APIClient()
            client.force_authenticate(self.user(name))
            self.clients[name] = client
        return self.clients[name]

    def post(self, name: str, path: str, body: Any = None) -> Any:
        """POST ``/api/<path>`` as ``name``; the response."""
        return self[name].post(f"/api/{path}", body or {}, format="json")


@pytest.fixture
def players(db: Any) -> Players:
    return Players()


@pytest.fixture
def event(players: Players, bundled_cards: None) -> Callable[..., Tournament]:
    """A tournament of ``orga`` with the named players registered (through the services)."""

    def make(*names: str, format: str = FORMAT, **options: Any) -> Tournament:
        options.setdefault("date", datetime.date(2027, 1, 16))
        tournament = services.tournament_create(organiser=players.user("orga"), name="Test", format=format, **options)
        for name in names:
            services.player_register(tournament_id=tournament.pk, user=players.user(name), deck={"list": sample_list(format)})  # fmt: skip
        return tournament

    return make
