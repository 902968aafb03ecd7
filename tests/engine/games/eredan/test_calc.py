"""Eredan's confrontation calculator (seed phase 3, "Schaden, Zauber-Resistenz und Theurgie")."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.definition import CalculatorError
from engine.games.eredan import GAME
from engine.games.eredan.calc import confrontation


def fighter(attack: int = 0, defense: int = 0, health: int = 20, spirit: int = 0) -> dict[str, int]:
    return {"attack": attack, "defense": defense, "health": health, "spirit": spirit}


def test_it_is_registered_under_the_api_name() -> None:
    assert GAME.calculators["confrontation"] is confrontation


def test_each_side_loses_the_opponents_attack_minus_its_own_defence() -> None:
    result = confrontation({"a": fighter(5, 2, 20), "b": fighter(4, 1, 18)})
    assert result["a"]["health"] == 20 - (4 - 2)
    assert result["b"]["health"] == 18 - (5 - 1)
    assert not result["a"]["dead"] and not result["b"]["dead"]


def test_defence_above_attack_takes_nothing_and_never_heals() -> None:
    result = confrontation({"a": fighter(1, 9, 10), "b": fighter(1, 9, 10)})
    assert result["a"] == {"health": 10, "dead": False, "damage": 0}


def test_seed_example_gluehender_pfeil_on_aez_takes_four() -> None:
    aku, aez = fighter(0, 1, 16, 3), fighter(0, 2, 20, 1)
    result = confrontation({"a": aku, "b": aez, "spell_damage": {"a": 5}})
    assert result["b"]["health"] == 20 - 4


def test_spell_damage_is_keyed_by_the_caster_and_reduced_by_the_targets_spirit() -> None:
    result = confrontation({"a": fighter(spirit=2), "b": fighter(spirit=0), "spell_damage": {"b": 3}})
    assert (result["a"]["health"], result["b"]["health"]) == (19, 20)


def test_spirit_above_spell_damage_takes_nothing() -> None:
    result = confrontation({"a": fighter(), "b": fighter(spirit=6), "spell_damage": {"a": 5}})
    assert result["b"]["health"] == 20


def test_e14_a_spell_replaces_the_attack_by_default() -> None:
    request = {"a": fighter(attack=4), "b": fighter(defense=1, spirit=1), "spell_damage": {"a": 5}}
    result = confrontation(request)
    assert result["b"]["damage"] == 5 - 1  # the spell only; the attack 4 - 1 is replaced


def test_e14_a_side_marked_keeps_attack_adds_spell_and_attack() -> None:
    request = {"a": fighter(attack=4), "b": fighter(defense=1, spirit=1), "spell_damage": {"a": 5}}
    result = confrontation({**request, "keeps_attack": {"a": True}})
    assert result["b"]["damage"] == 3 + 4


def test_e14_without_a_spell_the_attack_stands_and_only_the_caster_loses_it() -> None:
    request = {"a": fighter(attack=4), "b": fighter(attack=6), "spell_damage": {"a": 5}}
    result = confrontation(request)
    assert (result["a"]["damage"], result["b"]["damage"]) == (6, 5)


def test_e14_the_former_flag_is_refused_naming_its_replacement() -> None:
    with pytest.raises(CalculatorError, match="keeps_attack"):
        confrontation({"a": fighter(), "b": fighter(), "spell_replaces_attack": {"a": True}})


def test_a_character_that_dies_still_strikes() -> None:
    result = confrontation({"a": fighter(attack=3, health=2), "b": fighter(attack=9, health=10)})
    assert result["a"] == {"health": -7, "dead": True, "damage": 9}
    assert result["b"]["health"] == 7


def test_health_exactly_zero_is_dead() -> None:
    result = confrontation({"a": fighter(attack=5, health=20), "b": fighter(health=5)})
    assert result["b"] == {"health": 0, "dead": True, "damage": 5}


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"b": fighter()}, "a"),
        ({"a": fighter(), "b": {"attack": 1, "defense": 1, "health": 5}}, "b.spirit"),
        ({"a": {**fighter(), "attack": "3"}, "b": fighter()}, "a.attack"),
        ({"a": {**fighter(), "attack": 2.5}, "b": fighter()}, "a.attack"),
        ({"a": {**fighter(), "defense": True}, "b": fighter()}, "a.defense"),
        ({"a": {**fighter(), "health": -1}, "b": fighter()}, "a.health"),
        ({"a": fighter(), "b": {**fighter(), "spirit": 10**9}}, "b.spirit"),
        ({"a": fighter(), "b": fighter(), "spell_damage": {"a": -2}}, "spell_damage.a"),
        ({"a": fighter(), "b": fighter(), "spell_damage": 5}, "spell_damage"),
        ({"a": fighter(), "b": fighter(), "keeps_attack": {"b": 1}}, "keeps_attack.b"),
        ({"a": fighter(), "b": fighter(), "keeps_attack": 5}, "keeps_attack"),
        ({"a": [], "b": fighter()}, "a"),
    ],
)
def test_bad_numbers_raise_a_calculator_error_naming_the_field(request_: dict[str, Any], field: str) -> None:
    with pytest.raises(CalculatorError, match=field.replace(".", r"\.")):
        confrontation(request_)
