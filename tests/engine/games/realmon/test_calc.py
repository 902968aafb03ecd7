"""Realmon's realm_bonus calculator (R3: Realm bonus = floor(Realm / 4))."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.definition import CalculatorError
from engine.games.realmon import GAME
from engine.games.realmon.calc import realm_bonus


def test_it_is_registered_under_the_api_name() -> None:
    assert GAME.calculators["realm_bonus"] is realm_bonus


@pytest.mark.parametrize(("realm", "bonus"), [(0, 0), (3, 0), (4, 1), (7, 1), (8, 2), (26, 6), (32, 8)])
def test_r3_realm_bonus_is_realm_divided_by_four_rounded_down(realm: int, bonus: int) -> None:
    assert realm_bonus({"realm": realm}) == {"bonus": bonus}


@pytest.mark.parametrize(
    "request_",
    [{}, {"realm": None}, {"realm": "12"}, {"realm": 12.0}, {"realm": True}, {"realm": -4}, {"realm": 10**12}, []],
)
def test_r3_bad_numbers_raise_a_calculator_error_naming_realm(request_: Any) -> None:
    with pytest.raises(CalculatorError, match="realm"):
        realm_bonus(request_)
