"""Small card factories and clients for the decks tests (handmade cards, not the bundled sets)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from cards.models import Card, Game, Guild

GAME_NAMES = {"eredan": "Eredan iTCG", "kamelo": "Ka-Mel-Oh!", "realmon": "Realmon", "duel": "The Duel", "muhq": "muhq"}


def make_game(slug: str) -> Game:
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES.get(slug, slug)})
    return game


def make_card(
    game: str,
    slug: str,
    name: str | None = None,
    *,
    guilds: tuple[str, ...] = (),
    evolves_from: str | None = None,
    **fields: Any,
) -> Card:
    """A card of `game` (created with its Game row); guilds by slug; evolves_from by slug."""
    row = make_game(game)
    fields.setdefault("type", "item")
    parent = Card.objects.get(game=row, slug=evolves_from) if evolves_from else None
    card = Card.objects.create(game=row, slug=slug, name=name or slug.title(), evolves_from=parent, **fields)
    if guilds:
        card.guilds.set([Guild.objects.get_or_create(game=row, slug=g, defaults={"name": g})[0] for g in guilds])
    return card


@pytest.fixture
def card_factory() -> Callable[..., Card]:
    return make_card


FILLER = [f"filler-{n:02d}" for n in range(12)]


@pytest.fixture
def eredan_pool(db: Any) -> dict[str, Card]:
    """A small Eredan pool: Kotoba characters, a mercenary, a Noz'Dingard, a Nehantist and cards."""
    char = {"type": "character", "unique": True}
    cards = [
        make_card("eredan", "iro", "Iro", guilds=("kotoba",), attributes={"classes": ["kaempfer"]}, **char),
        make_card("eredan", "amaya", "Amaya", guilds=("kotoba",), attributes={"classes": ["priester"]}, **char),
        make_card("eredan", "aku", "Aku", guilds=("kotoba",), attributes={"classes": ["magier"]}, **char),
        make_card("eredan", "aez", "Aez", guilds=("soeldner",), **char),
        make_card("eredan", "zahal", "Zahal", guilds=("noz-dingard",), **char),
        make_card("eredan", "mordak", "Mordak", guilds=("nehantisten",), **char),
        make_card("eredan", "katana", "Katana", type="weapon"),
        make_card("eredan", "kotoba-scroll", "Kotoba-Schriftrolle", name_en="Kotoba Scroll", guilds=("kotoba",)),
        make_card("eredan", "zil-potion", "Zil-Trank", guilds=("zil",)),
        make_card("eredan", "ring", "Ring der Weisheit", unique=True),
        make_card("eredan", "druid-staff", "Druidenstab", attributes={"classes": ["druide"]}),
        make_card("eredan", "schwert-a", "Schwert"),
        make_card("eredan", "schwert-b", "Schwert", type="weapon"),
        make_card("eredan", "eclair", "Éclair"),
    ]
    cards += [make_card("eredan", slug, f"Füllkarte {slug[-2:]}") for slug in FILLER]
    return {c.slug: c for c in cards}


def eredan_list(characters: tuple[str, ...] = ("Iro", "Amaya", "Aku"), extra: str = "", fillers: int = 10) -> str:
    """An Eredan list: the characters, `fillers` neutral cards twice each (20 cards), then `extra`."""
    deck = "\n".join(f"2 Füllkarte {slug[-2:]}" for slug in FILLER[:fillers])
    return "Characters\n" + "\n".join(f"1 {c}" for c in characters) + "\n\nDeck\n" + deck + "\n" + extra


# The decks tests' names for the shared fixtures of tests/conftest.py.


@pytest.fixture
def owner(user: Any) -> Any:
    return user


@pytest.fixture
def stranger(other_user: Any) -> Any:
    return other_user


@pytest.fixture
def anon(api_client: APIClient) -> APIClient:
    return api_client


@pytest.fixture
def owner_api(user_client: APIClient) -> APIClient:
    return user_client


@pytest.fixture
def stranger_api(other_client: APIClient) -> APIClient:
    return other_client


@pytest.fixture
def signed_in_owner(client: Any, owner: Any) -> Any:
    """The test client signed in as the owner (the pages' tests)."""
    client.force_login(owner)
    return client
