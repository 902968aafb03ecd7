"""The duel combat calculator (A2) and the combat rule it wraps."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.definition import CalculatorError
from engine.games.duel import GAME
from engine.games.duel.calc import Defender, combat

COMBAT = GAME.calculators["combat"]


def _attack_on(attack: int, defender: dict[str, Any] | None) -> dict[str, Any]:
    return COMBAT({"attacker": {"attack": attack}, "defender": defender})


def test_a2_a_player_without_creature_takes_the_full_attack() -> None:
    assert _attack_on(4, None) == {
        "attacker_dies": False,
        "defender_dies": False,
        "player_damage": 4,
        "damaged_player": "defender",
    }


def test_a2_damage_above_defence_kills_a_defender_and_hurts_no_player() -> None:
    result = _attack_on(4, {"attack": 9, "defense": 3, "position": "defense"})
    assert (result["attacker_dies"], result["defender_dies"], result["player_damage"]) == (False, True, 0)


def test_a2_damage_equal_to_defence_changes_nothing() -> None:
    result = _attack_on(3, {"attack": 0, "defense": 3, "position": "defense"})
    assert (result["attacker_dies"], result["defender_dies"], result["player_damage"]) == (False, False, 0)


def test_a2_a_strong_defender_does_not_kill_the_attacker() -> None:
    result = _attack_on(1, {"attack": 8, "defense": 8, "position": "defense"})
    assert result["attacker_dies"] is False and result["player_damage"] == 0


def test_a2_seed_example_three_against_one_deals_two_indirect_damage() -> None:
    result = _attack_on(3, {"attack": 1, "defense": 5, "position": "attack"})
    assert result == {"attacker_dies": False, "defender_dies": True, "player_damage": 2, "damaged_player": "defender"}


def test_a2_the_weaker_attacker_dies_and_its_owner_takes_the_difference() -> None:
    result = _attack_on(2, {"attack": 5, "defense": 0, "position": "attack"})
    assert result == {"attacker_dies": True, "defender_dies": False, "player_damage": 3, "damaged_player": "attacker"}


def test_a2_equal_attacks_kill_both_and_hurt_no_player() -> None:
    result = _attack_on(3, {"attack": 3, "defense": 1, "position": "attack"})
    assert result == {"attacker_dies": True, "defender_dies": True, "player_damage": 0, "damaged_player": None}


def test_the_rule_is_importable_without_the_calculator() -> None:
    assert combat(5, Defender(attack=2, defense=0, position="attack")).player_damage == 3


def test_a_defender_in_defence_position_needs_no_attack_value() -> None:
    assert _attack_on(2, {"defense": 1, "position": "defense"})["defender_dies"] is True


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"attacker": {"attack": 1}}, "defender"),
        ({"defender": None}, "attacker"),
        ({"attacker": {}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": "3"}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": 2.5}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": True}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": -1}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": 10**9}, "defender": None}, "attacker.attack"),
        ({"attacker": {"attack": 1}, "defender": {"attack": 1, "position": "flying"}}, "defender.position"),
        ({"attacker": {"attack": 1}, "defender": {"attack": 1}}, "defender.position"),
        ({"attacker": {"attack": 1}, "defender": {"position": "attack"}}, "defender.attack"),
        ({"attacker": {"attack": 1}, "defender": {"attack": 1, "position": "defense"}}, "defender.defense"),
        (
            {"attacker": {"attack": 1}, "defender": {"defense": 1, "attack": None, "position": "defense"}},
            "defender.attack",
        ),
        ({"attacker": {"attack": 1}, "defender": [1, 2]}, "defender"),
    ],
)
def test_bad_numbers_are_refused_naming_the_field(request_: dict[str, Any], field: str) -> None:
    with pytest.raises(CalculatorError) as error:
        COMBAT(request_)
    assert str(error.value).startswith(field + ":")


def test_a_request_that_is_no_object_is_refused() -> None:
    with pytest.raises(CalculatorError, match="^request:"):
        COMBAT([4])  # type: ignore[arg-type]
