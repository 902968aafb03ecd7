"""Ka-Mel-Oh! rules calculators (api.md): K4 fusion, K5 combat, K6 Datteln; bad numbers refused."""

from __future__ import annotations

import pytest

from engine.core.definition import CalculatorError
from engine.games.kamelo.calc import CALCULATORS, grow_dates


@pytest.mark.parametrize(
    ("before", "after"), [(0, 0), (1, 2), (5, 6), (6, 8), (11, 13), (12, 15), (17, 20), (18, 20), (19, 20), (20, 20)]
)
def test_k6_dates_grow_by_the_table(before: int, after: int) -> None:
    assert grow_dates(before) == after
    assert CALCULATORS["dates"]({"dates": before}) == {"dates": after}


def test_k4_fusion_caps_then_lowers_lp_to_the_gw_bound() -> None:
    components = [{"ap": 50, "dp": 30, "lp": 200}, {"ap": 35, "dp": 20, "lp": 90}, {"ap": 20, "dp": 25, "lp": 120}]
    assert CALCULATORS["fusion"]({"variant": "dufo", "components": components}) == {"ap": 60, "dp": 50, "lp": 180}
    assert CALCULATORS["fusion"]({"variant": "wimu", "components": components}) == {"ap": 70, "dp": 60, "lp": 240}


def test_k4_fusion_below_the_bounds_is_the_plain_sum() -> None:
    components = [{"ap": 10, "dp": 5, "lp": 20}, {"ap": 15, "dp": 5, "lp": 20}]
    assert CALCULATORS["fusion"]({"variant": "koenig", "components": components}) == {"ap": 25, "dp": 10, "lp": 40}


def _combat(attackers: list[dict[str, int]], defenders: list[dict[str, int]], **extra: int) -> dict[str, object]:
    return CALCULATORS["combat"]({"variant": "dufo", "attackers": attackers, "defenders": defenders, **extra})


def test_k5_one_on_one() -> None:
    result = _combat([{"ap": 40}], [{"dp": 15, "lp": 20, "hk": 2}])
    assert result == {"defenders": [{"lp": 0, "defeated": True}], "points": 4}


def test_k5_dp_at_least_ap_leaves_the_defender_unharmed() -> None:
    assert _combat([{"ap": 20}], [{"dp": 25, "lp": 50, "hk": 1}])["defenders"] == [{"lp": 50, "defeated": False}]


def test_k5_one_on_two_hits_each_separately() -> None:
    result = _combat([{"ap": 45}], [{"dp": 10, "lp": 60, "hk": 3}, {"dp": 30, "lp": 50, "hk": 3}])
    assert result["defenders"] == [{"lp": 25, "defeated": False}, {"lp": 35, "defeated": False}]


def test_k5_two_against_one_only_one_attacker_fights_with_ap_plus_10() -> None:
    defender = [{"dp": 30, "lp": 90, "hk": 2}]
    assert _combat([{"ap": 30}, {"ap": 45}], defender)["defenders"] == [{"lp": 80, "defeated": False}]
    assert _combat([{"ap": 30}, {"ap": 45}], defender, fighter=1)["defenders"] == [{"lp": 65, "defeated": False}]


def test_k5_two_on_two_sums_ap_against_the_stronger_dp_on_both() -> None:
    result = _combat([{"ap": 35}, {"ap": 30}], [{"dp": 15, "lp": 80, "hk": 3}, {"dp": 25, "lp": 30, "hk": 4}])
    assert result == {"defenders": [{"lp": 40, "defeated": False}, {"lp": 0, "defeated": True}], "points": 2}


def test_k11_dates_above_20_are_refused_20_itself_grows_to_20() -> None:
    assert CALCULATORS["dates"]({"dates": 20}) == {"dates": 20}
    with pytest.raises(CalculatorError, match="dates: 21 is outside"):
        CALCULATORS["dates"]({"dates": 21})


def test_k11_a_fusion_of_one_component_is_refused() -> None:
    with pytest.raises(CalculatorError, match="2 or more"):
        CALCULATORS["fusion"]({"variant": "dufo", "components": [{"ap": 10, "dp": 5, "lp": 20}]})


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("dates", {"dates": -1}),
        ("dates", {"dates": "3"}),
        ("fusion", {"variant": "dufo", "components": []}),
        ("fusion", {"variant": "dufo", "components": [{"ap": 61, "dp": 5, "lp": 20}, {"ap": 10, "dp": 5, "lp": 20}]}),
        ("fusion", {"variant": "nope", "components": [{"ap": 10, "dp": 5, "lp": 20}]}),
        ("combat", {"variant": "dufo", "attackers": [], "defenders": [{"dp": 1, "lp": 1, "hk": 1}]}),
        ("combat", {"variant": "dufo", "attackers": [{"ap": 10}] * 3, "defenders": [{"dp": 1, "lp": 1, "hk": 1}]}),
        ("combat", {"variant": "dufo", "attackers": [{"ap": 10}], "defenders": [{"dp": 1, "lp": 1, "hk": 5}]}),
        ("combat", {"variant": "dufo", "attackers": [{"ap": 101}], "defenders": [{"dp": 1, "lp": 1, "hk": 1}]}),
    ],
)
def test_bad_numbers_raise_calculator_error(name: str, data: dict[str, object]) -> None:
    with pytest.raises(CalculatorError):
        CALCULATORS[name](data)
