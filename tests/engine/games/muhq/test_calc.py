"""muhq's calculators: distance (M1) and stacked attacks (M2, the five examples of rules.md)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.definition import CalculatorError
from engine.games.muhq import GAME
from engine.games.muhq.calc import Attack, distance, stack_attacks

DISTANCE = GAME.calculators["distance"]
STACK = GAME.calculators["stack_attack"]


def _stack(base: tuple[int, int], *stack: tuple[int, int]) -> list[tuple[int, int]]:
    """The stack's attacks as (attack, range) pairs, through the calculator."""
    request = {
        "base": {"attack": base[0], "range": base[1]},
        "stack": [{"attack": a, "range": r} for a, r in stack],
    }
    return [(a["attack"], a["range"]) for a in STACK(request)["attacks"]]


def test_m1_straight_steps_cost_one_each() -> None:
    assert DISTANCE({"from": [0, 0], "to": [3, 0]}) == {"distance": 3}
    assert DISTANCE({"from": [2, 5], "to": [2, 1]}) == {"distance": 4}


def test_m1_the_first_diagonal_step_costs_one() -> None:
    assert DISTANCE({"from": [0, 0], "to": [1, 1]}) == {"distance": 1}


def test_m1_every_second_diagonal_costs_two() -> None:
    assert DISTANCE({"from": [0, 0], "to": [2, 2]}) == {"distance": 3}
    assert DISTANCE({"from": [0, 0], "to": [4, 4]}) == {"distance": 6}


def test_m1_one_diagonal_and_one_straight_step_cost_two() -> None:
    assert DISTANCE({"from": [0, 0], "to": [2, 1]}) == {"distance": 2}


def test_m1_distance_is_symmetric_and_works_with_negative_coordinates() -> None:
    assert distance((-3, 2), (1, -1)) == distance((1, -1), (-3, 2)) == 4 + 3 // 2


def test_m2_example_1_one_range_1_on_one_range_1_gives_two_at_range_1() -> None:
    assert _stack((1, 1), (1, 1)) == [(2, 1)]


def test_m2_example_2_a_longer_ranged_crew_adds_a_range() -> None:
    assert _stack((1, 1), (1, 2)) == [(1, 2), (2, 1)]


def test_m2_example_3_a_longer_ranged_base_keeps_its_range() -> None:
    assert _stack((1, 2), (1, 1)) == [(1, 2), (2, 1)]


def test_m2_example_4_attacks_in_the_same_range_add_up() -> None:
    assert _stack((1, 1), (2, 1), (1, 1)) == [(4, 1)]


def test_m2_example_5_three_ranges_highest_first() -> None:
    assert _stack((1, 3), (1, 2), (1, 1)) == [(1, 3), (2, 2), (3, 1)]


def test_m2_an_empty_stack_is_the_base_alone_at_every_range_it_reaches() -> None:
    assert _stack((2, 2)) == [(2, 2), (2, 1)]


def test_m2_a_unit_without_attack_adds_no_range() -> None:
    assert stack_attacks(Attack(2, 1), [Attack(0, 4)]) == [Attack(2, 1)]
    assert _stack((0, 1)) == []


def test_m2_the_answer_lists_range_before_attack() -> None:
    assert STACK({"base": {"attack": 1, "range": 1}, "stack": []}) == {"attacks": [{"range": 1, "attack": 1}]}


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"to": [0, 0]}, "from"),
        ({"from": [0, 0]}, "to"),
        ({"from": [0], "to": [0, 0]}, "from"),
        ({"from": [0, 0, 0], "to": [0, 0]}, "from"),
        ({"from": "0,0", "to": [0, 0]}, "from"),
        ({"from": [0, 1.5], "to": [0, 0]}, "from[1]"),
        ({"from": [True, 0], "to": [0, 0]}, "from[0]"),
        ({"from": [0, 0], "to": [10**7, 0]}, "to[0]"),
    ],
)
def test_bad_fields_are_refused_naming_them(request_: dict[str, Any], field: str) -> None:
    with pytest.raises(CalculatorError) as error:
        DISTANCE(request_)
    assert str(error.value).startswith(field + ":")


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"stack": []}, "base"),
        ({"base": {"attack": 1, "range": 1}}, "stack"),
        ({"base": {"range": 1}, "stack": []}, "base.attack"),
        ({"base": {"attack": 1, "range": -1}, "stack": []}, "base.range"),
        ({"base": {"attack": 1, "range": 1}, "stack": [{"attack": 1, "range": "2"}]}, "stack[0].range"),
        ({"base": {"attack": 1, "range": 1}, "stack": [{"attack": 1, "range": 1}, 3]}, "stack[1]"),
        ({"base": {"attack": False, "range": 1}, "stack": []}, "base.attack"),
        ({"base": {"attack": 1, "range": 10**6}, "stack": []}, "base.range"),
        ({"base": {"attack": 1, "range": 1}, "stack": [{"attack": 1, "range": 1}] * 51}, "stack"),
    ],
)
def test_bad_stacks_are_refused_naming_the_field(request_: dict[str, Any], field: str) -> None:
    with pytest.raises(CalculatorError) as error:
        STACK(request_)
    assert str(error.value).startswith(field + ":")


@pytest.mark.parametrize("calculator", [DISTANCE, STACK])
def test_a_request_that_is_no_object_is_refused(calculator: Any) -> None:
    with pytest.raises(CalculatorError, match="^request:"):
        calculator([[0, 0], [1, 1]])
