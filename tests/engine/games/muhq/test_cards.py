"""The bundled muhq card sets: schema, the minimums of issue 3, keywords, texts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.games.muhq import GAME
from engine.games.muhq.effects import keyword, render_text
from engine.games.muhq.schema import SCHEMA

CARDS = GAME.bundled_cards()
BY_SLUG = {c["slug"]: c for c in CARDS}
UNITS = [c for c in CARDS if c["type"] == "unit"]
UNIT_STATS = {"attack", "range", "health", "movement", "upkeep"}


@pytest.mark.parametrize("card", CARDS, ids=[c["slug"] for c in CARDS])
def test_every_bundled_card_passes_the_schema(card: dict[str, Any]) -> None:
    assert SCHEMA.validate(card) == []


@pytest.mark.parametrize("card", CARDS, ids=[c["slug"] for c in CARDS])
def test_every_text_is_the_rendering_of_the_effects(card: dict[str, Any]) -> None:
    assert card["text"] == render_text(card["effects"], "de")
    assert card["text_en"] == render_text(card["effects"], "en")


def test_slugs_and_names_are_unique_and_every_card_has_both_names() -> None:
    assert len(BY_SLUG) == len(CARDS)
    assert len({c["name"].casefold() for c in CARDS}) == len(CARDS)
    assert all(c["names"]["de"] == c["name"] and c["names"]["en"] for c in CARDS)


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
