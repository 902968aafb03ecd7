"""What every game's bundled card sets must satisfy: the schema, generated texts, unique names.

Each game's own file (tests/engine/games/<slug>/test_cards.py) keeps what only that game asks
for: its counts, named cards and rule decisions.
"""

from __future__ import annotations

import importlib
import unicodedata
from typing import Any

import pytest

from engine.games import SLUGS, get_game, package_module

CARDS = [(slug, card) for slug in SLUGS for card in get_game(slug).bundled_cards()]
IDS = [f"{slug}-{card['slug']}" for slug, card in CARDS]


def fold(name: str) -> str:
    """Case- and accent-folded, as deck lists match names (api.md)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(ch))


def render_text(slug: str, effects: list[dict[str, Any]], lang: str) -> str:
    """The game's own ``render_text`` of its effects module."""
    text: str = importlib.import_module(f"{package_module(slug)}.effects").render_text(effects, lang)
    return text


def test_every_game_has_bundled_cards() -> None:
    assert {slug for slug, _ in CARDS} == set(SLUGS)


@pytest.mark.parametrize(("slug", "card"), CARDS, ids=IDS)
def test_every_bundled_card_passes_its_games_schema(slug: str, card: dict[str, Any]) -> None:
    """For Ka-Mel-Oh! this holds the K3 bounds."""
    assert [str(e) for e in get_game(slug).schema.validate(card)] == []


@pytest.mark.parametrize(("slug", "card"), CARDS, ids=IDS)
def test_every_text_is_the_rendering_of_the_effects(slug: str, card: dict[str, Any]) -> None:
    assert card["text"] == render_text(slug, card["effects"], "de")
    assert card["text_en"] == render_text(slug, card["effects"], "en")


@pytest.mark.parametrize("slug", SLUGS)
def test_slugs_and_folded_names_are_unique_so_deck_lists_resolve(slug: str) -> None:
    cards = get_game(slug).bundled_cards()
    assert len({c["slug"] for c in cards}) == len(cards)
    # Folded names are unique, so case-folded names are too.
    assert len({fold(c["name"]) for c in cards}) == len(cards)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_card_has_both_names(slug: str) -> None:
    for card in get_game(slug).bundled_cards():
        assert card["names"]["de"] == card["name"] and card["names"]["en"], card["slug"]
