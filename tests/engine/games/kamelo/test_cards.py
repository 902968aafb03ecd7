"""The bundled Ka-Mel-Oh! set (issue 3): K2 genera, complete recipes, named cards.

Schema (K3 bounds), texts and unique names of every game: tests/engine/games/test_bundled_cards.py.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.kamelo import GAME
from engine.games.kamelo.effects import render_text
from tests.engine.games.kamelo.decks import cards, decks


def test_k2_at_least_80_cards_over_the_four_genera() -> None:
    counts = Counter(c["type"] for c in GAME.bundled_cards())
    assert sum(counts.values()) >= 80
    assert set(counts) == {"monster", "special_monster", "special_item", "item"}


def test_every_violet_recipe_is_complete() -> None:
    by_slug = cards()
    kinds = set()
    for card in by_slug.values():
        if card["type"] != "special_monster":
            continue
        recipe = card["attributes"]["recipe"]
        kinds.add(recipe["kind"])
        assert all(by_slug[c]["type"] == "monster" for c in recipe["components"]), card["slug"]
        if recipe["item"] is not None:
            assert by_slug[recipe["item"]]["type"] == "special_item", card["slug"]
    assert kinds == {"fusion", "mutation", "rotte"}


@pytest.mark.parametrize(
    ("slug", "ctype", "cost", "hk", "stats", "effects"),
    [
        ("doppeldecker", "monster", 0, 4, {"ap": 10, "dp": 5, "lp": 25}, [{"direct_attack": True}]),
        ("bausparvertrag", "item", 6, 1, {}, [{"savings": 10, "turns": 2}]),
        ("streik", "item", 3, 2, {}, [{"surcharge": 2, "turns": 1}]),
        ("kamel-hame-ha", "item", 3, 2, {}, [{"direct_attack": True, "turns": 1}]),
    ],
)
def test_the_card_forge_cards_are_as_stated(
    slug: str, ctype: str, cost: int, hk: int, stats: dict[str, int], effects: list[dict[str, object]]
) -> None:
    card = cards()[slug]
    assert (card["type"], card["cost"], card["attributes"]["hk"], card["effects"]) == (ctype, cost, hk, effects)
    assert {k: card["attributes"][k] for k in stats} == stats


def test_render_text_refuses_unknown_effects() -> None:
    with pytest.raises(ValueError, match="unknown"):
        render_text([{"teleport": True}], "de")


@pytest.mark.parametrize("variant", ["dufo", "wimu", "koenig"])
def test_k1_two_different_60_card_decks_per_variant(variant: str) -> None:
    first, second = decks(variant)
    assert sum(d.count for d in first) == sum(d.count for d in second) == 60
    assert {d.card["slug"] for d in first} != {d.card["slug"] for d in second}
