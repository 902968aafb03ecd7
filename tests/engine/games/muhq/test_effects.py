"""The muhq effect vocabulary: what it accepts, what it refuses, how it reads."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.muhq.effects import effect_problem, keyword, render_text
from engine.games.muhq.schema import SCHEMA


def test_keywords_read_as_the_rules_name_them() -> None:
    effects = [{"swimming": True}, {"crew": 3}, {"ai": "wandelnd", "x": 2}]
    assert render_text(effects, "de") == "Schwimmen. Bemannen 3. KI: Wandelnd 2."
    assert render_text(effects, "en") == "Swimming. Crew 3. AI: Wandering 2."


def test_full_actions_and_ranges_are_spelled_out() -> None:
    effects = [{"heal": 2, "range": 1, "full_action": True}]
    assert render_text(effects, "de") == "Volle-Aktion: Heile eine Unit in Range 1 um 2."


def test_markers_on_hit_land_on_the_unit_hit() -> None:
    assert render_text([{"poison": 1, "when": "hit"}], "en") == "On each hit: Put 1 poison marker on the unit hit."
    assert render_text([{"poison": 2}], "de") == "Lege 2 Gift-Marken auf eine Unit."


def test_keyword_finds_the_first_value_or_none() -> None:
    assert keyword([{"solid": 3}], "solid") == 3
    assert keyword([{"solid": 3}], "crew") is None


@pytest.mark.parametrize(
    "effect",
    [
        {"crew": 0},
        {"crew": 2, "range": 1},
        {"ai": "wandelnd"},
        {"ai": "aggressive", "x": 2},
        {"ai": "berserk"},
        {"buff": {"attack": 1}},
        {"buff": {"luck": 1}, "target": "equipped"},
        {"damage": 2, "full_action": False},
        {"damage": 2, "when": "dawn"},
        {"gain": 1, "range": 2},
        {"swimming": 1},
        {},
    ],
)
def test_effects_outside_the_vocabulary_are_refused(effect: Any) -> None:
    assert effect_problem(effect)


def test_the_schema_refuses_a_bad_effect_naming_its_position() -> None:
    card = {"slug": "probe", "name": "Probe", "type": "spell", "cost": 1, "effects": [{"gain": 1}, {"solid": "x"}]}
    assert [e.field for e in SCHEMA.validate(card)] == ["effects[1]"]


def test_the_schema_refuses_a_card_without_buy_cost() -> None:
    card = {"slug": "probe", "name": "Probe", "type": "spell", "cost": None, "effects": []}
    assert [e.field for e in SCHEMA.validate(card)] == ["cost"]
