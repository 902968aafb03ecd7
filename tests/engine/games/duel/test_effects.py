"""The duel effect vocabulary: what it accepts, what it refuses (naming the effect), how it reads."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.duel.effects import effect_problem, render_text
from engine.games.duel.schema import SCHEMA


def _card(**overrides: Any) -> dict[str, Any]:
    card = {"slug": "probe", "name": "Probe", "type": "spell", "attributes": {}, "effects": []}
    return {**card, **overrides}


def test_counted_terms_choose_singular_and_plural() -> None:
    assert render_text([{"draw": 1}], "de") == "Ziehe 1 Karte."
    assert render_text([{"draw": 2}], "en") == "Draw 2 cards."


def test_a_sacrifice_of_one_reads_as_one_of_your_creatures() -> None:
    effects = [{"summon_condition": {"sacrifice": 1}}]
    assert render_text(effects, "de") == "Zur Beschwörung musst du eine deiner Kreaturen auf den Friedhof legen."
    assert render_text(effects, "en") == "To summon it, put one of your creatures into your graveyard."


def test_consecutive_effects_with_one_trigger_share_its_phrase() -> None:
    effects = [{"negate_attack": True, "when": "attacked"}, {"draw": 1, "when": "attacked"}]
    assert render_text(effects, "en") == "When an opposing creature attacks: The attack is cancelled. Draw 1 card."


def test_boosts_show_their_sign() -> None:
    effects = [{"boost": {"attack": 3, "defense": -1}, "target": "equipped"}]
    assert render_text(effects, "de") == "Die ausgerüstete Kreatur erhält +3 Angriff und -1 Verteidigung."


def test_no_effects_render_as_no_text() -> None:
    assert render_text([], "de") == ""


@pytest.mark.parametrize(
    "effect",
    [
        {"damage": 0},
        {"damage": True},
        {"damage": 2, "draw": 1},
        {"direct_attack": True, "when": "summoned"},
        {"destroy": "player"},
        {"boost": {"attack": 1}},
        {"boost": {"speed": 1}, "target": "equipped"},
        {"summon_condition": {"graveyard_creatures": 0}},
        {"heal": 2, "when": "midnight"},
        {"fly": True},
        "damage",
    ],
)
def test_effects_outside_the_vocabulary_are_refused(effect: Any) -> None:
    assert effect_problem(effect)


def test_the_schema_names_the_bad_effect_by_its_position() -> None:
    errors = SCHEMA.validate(_card(effects=[{"draw": 1}, {"damage": -3}]))
    assert [e.field for e in errors] == ["effects[1]"]


def test_a_trap_without_a_trap_trigger_is_refused() -> None:
    errors = SCHEMA.validate(_card(type="trap", effects=[{"damage": 2}]))
    assert [e.field for e in errors] == ["effects"]
    assert SCHEMA.validate(_card(type="trap", effects=[{"damage": 2, "when": "attacked"}])) == []
