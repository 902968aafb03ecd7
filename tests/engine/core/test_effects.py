"""The shared effect machinery: templates, number checks and the one-verb validation loop."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.cards import FieldError
from engine.core.effects import (
    LISTED,
    PER_FIELD,
    Effect,
    Vocabulary,
    amount_problem,
    checked_values,
    fill,
    first_value,
    is_positive,
    pick,
    stat_changes_problem,
    stat_phrase,
)


def _no_modifiers(verb: str, effect: Effect) -> str | None:
    extra = sorted(set(effect) - {verb})
    return f"unexpected {extra[0]}" if extra else None


def _vocabulary(wording: Any = LISTED) -> Vocabulary:
    return Vocabulary(("draw", "rage"), checked_values({"draw": is_positive}), _no_modifiers, wording)


def test_fill_chooses_singular_or_plural_by_the_number() -> None:
    assert fill("Draw {n} {card|cards}.", 1) == "Draw 1 card."
    assert fill("Draw {n} {card|cards}.", 0) == "Draw 0 cards."


def test_fill_puts_the_number_in_first_so_a_choice_may_hold_it() -> None:
    template = "{one of your creatures|{n} of your creatures}"
    assert (fill(template, 1), fill(template, 3)) == ("one of your creatures", "3 of your creatures")


def test_pick_gives_german_for_de_and_english_otherwise() -> None:
    assert [pick(("Karte", "card"), lang) for lang in ("de", "en", "fr")] == ["Karte", "card", "card"]


def test_stat_phrase_signs_each_change_in_the_language() -> None:
    names = {"attack": ("Angriff", "attack"), "defense": ("Verteidigung", "defence")}
    assert stat_phrase({"attack": 3, "defense": -1}, names, "en") == "+3 attack and -1 defence"
    assert stat_phrase({"attack": 3, "defense": -1}, names, "de") == "+3 Angriff und -1 Verteidigung"


def test_first_value_finds_the_first_effect_with_the_key() -> None:
    assert first_value([{"crew": 2}, {"solid": 3}, {"solid": 4}], "solid") == 3
    assert first_value([{"crew": 2}], "solid") is None
    assert first_value([], "solid", 0) == 0


@pytest.mark.parametrize(("value", "ok"), [(1, True), (20, True), (0, False), (21, False), (True, False), ("2", False)])
def test_amount_problem_takes_whole_numbers_within_the_bounds(value: Any, ok: bool) -> None:
    assert (amount_problem(value, 1, 20) is None) == ok


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({"attack": 2, "defense": -20}, None),
        ({}, "must map"),
        ({"speed": 1}, "must map"),
        ([1], "must map"),
        ({"attack": 0}, "non-zero"),
        ({"attack": 21}, "within ±20"),
        ({"attack": True}, "non-zero"),
    ],
)
def test_stat_changes_problem_needs_known_non_zero_changes_within_the_limit(value: Any, problem: str | None) -> None:
    found = stat_changes_problem(value, ("attack", "defense"), expected="attack", noun="boosts", limit=20)
    assert found is None if problem is None else problem in str(found)


def test_an_effect_needs_exactly_one_verb() -> None:
    vocabulary = _vocabulary()
    assert vocabulary.effect_problem({"draw": 1}) is None
    assert vocabulary.effect_problem({}) == "an effect needs exactly one verb of draw, rage"
    assert vocabulary.effect_problem({"draw": 1, "rage": True}) == "an effect needs exactly one verb of draw, rage"


def test_the_value_is_checked_before_the_modifiers() -> None:
    vocabulary = _vocabulary()
    assert vocabulary.effect_problem({"draw": 0, "x": 1}) == "0 is not a valid value for draw"
    assert vocabulary.effect_problem({"draw": 1, "x": 1}) == "unexpected x"
    assert vocabulary.effect_problem({"rage": 1}) == "1 is not a valid value for rage"  # flags take true


def test_verb_of_refuses_an_effect_without_exactly_one_verb() -> None:
    assert _vocabulary().verb_of({"rage": True, "x": 1}) == "rage"
    with pytest.raises(ValueError, match="exactly one verb"):
        _vocabulary().verb_of({"draw": 1, "rage": True})


def test_listed_wording_puts_indexed_problems_under_effects() -> None:
    vocabulary = _vocabulary(LISTED)
    assert vocabulary.effect_problems([{"draw": 1}, "draw"]) == ["[1] must be an object"]
    assert vocabulary.effect_problems("draw") == ["must be a list of effects"]
    assert vocabulary.field_errors({"effects": [{"draw": -1}]}) == [
        FieldError("effects", "[0] -1 is not a valid value for draw")
    ]
    assert vocabulary.field_errors({}) == vocabulary.field_errors({"effects": None}) == []
    assert vocabulary.field_errors({"effects": ""}) == [FieldError("effects", "must be a list of effects")]


def test_per_field_wording_names_each_bad_effect_by_its_position() -> None:
    vocabulary = _vocabulary(PER_FIELD)
    assert vocabulary.field_errors({"effects": [{"draw": 1}, "draw"]}) == [
        FieldError("effects[1]", "must be an object, not 'draw'")
    ]
    assert vocabulary.effect_problem({"x": 1}) == "needs exactly one of draw, rage; has ['x']"
    assert vocabulary.effect_problem({}) == "needs exactly one of draw, rage; has none"
    assert vocabulary.field_errors({"effects": ""}) == []
    assert vocabulary.field_errors({"effects": "draw"}) == [FieldError("effects", "must be a list of effects")]
