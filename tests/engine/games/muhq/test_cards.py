"""The bundled muhq card sets: the minimums of issue 3, keywords.

Schema, texts and unique names of every game: tests/engine/games/test_bundled_cards.py.
"""

from __future__ import annotations

from collections import Counter

from engine.games.muhq import GAME
from engine.games.muhq.effects import keyword

CARDS = GAME.bundled_cards()
UNITS = [c for c in CARDS if c["type"] == "unit"]
UNIT_STATS = {"attack", "range", "health", "movement", "upkeep"}


def test_there_are_at_least_40_cards_of_all_four_types() -> None:
    types = Counter(c["type"] for c in CARDS)
    assert len(CARDS) >= 40
    assert all(types[t] >= 4 for t in ("unit", "spell", "artifact", "equipment")), types


def test_every_card_has_a_buy_cost_and_units_their_five_stats() -> None:
    assert all(isinstance(c["cost"], int) for c in CARDS)
    assert all(set(c["attributes"]) >= UNIT_STATS for c in UNITS)


def test_crew_solid_and_durability_are_present() -> None:
    assert any(keyword(c["effects"], "crew") for c in UNITS)
    assert all(keyword(c["effects"], "solid") is None for c in UNITS)
    assert any(keyword(c["effects"], "solid") for c in CARDS if c["type"] == "artifact")
    assert all(c["attributes"]["durability"] >= 1 for c in CARDS if c["type"] == "equipment")


def test_m4_every_ai_behaviour_of_ki_md_has_a_unit() -> None:
    behaviours = {keyword(c["effects"], "ai") for c in UNITS} - {None}
    assert behaviours == {"aggressive", "scheu", "wandelnd", "unterstuetzend"}


def test_wandelnd_units_carry_their_x() -> None:
    wandering = [e for c in UNITS for e in c["effects"] if e.get("ai") == "wandelnd"]
    assert wandering and all(e["x"] >= 1 for e in wandering)


def test_swimming_units_exist_for_harbours_and_the_kraken() -> None:
    swimmers = [c["slug"] for c in UNITS if keyword(c["effects"], "swimming")]
    assert "der-kraken" in swimmers and "kriegsschiff" in swimmers
