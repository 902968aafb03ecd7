"""Reading calculator requests: whole numbers and objects, refused naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.calcinput import LABELLED, SENTENCE, RequestReader
from engine.core.definition import CalculatorError


@pytest.mark.parametrize("value", ["3", 2.5, True, None, [1]])
def test_whole_refuses_what_is_no_whole_number(value: Any) -> None:
    with pytest.raises(CalculatorError, match=r"^a\.attack: a whole number is required"):
        LABELLED.whole(value, "a.attack", 0, 9)


def test_whole_takes_both_bounds_and_refuses_beyond_them() -> None:
    assert (LABELLED.whole(0, "n", 0, 9), LABELLED.whole(9, "n", 0, 9)) == (0, 9)
    with pytest.raises(CalculatorError, match="^n: must be between 0 and 9, not 10$"):
        LABELLED.whole(10, "n", 0, 9)
    with pytest.raises(CalculatorError, match="^n: must be between 0 and 9, not -1$"):
        LABELLED.whole(-1, "n", 0, 9)


def test_without_an_upper_bound_only_the_lower_one_counts() -> None:
    reader = RequestReader(out_of_range="{where}: {value} is outside {bound}")
    assert reader.whole(10**9, "dates", 0) == 10**9
    with pytest.raises(CalculatorError, match="^dates: -1 is outside >= 0$"):
        reader.whole(-1, "dates", 0)
    with pytest.raises(CalculatorError, match="^hk: 5 is outside 1-4$"):
        reader.whole(5, "hk", 1, 4)


def test_field_falls_back_to_its_default_or_reports_the_field_missing() -> None:
    assert SENTENCE.field({"a": None}, "a", "spell.a", 0, 9, default=0) == 0
    assert SENTENCE.field({"a": 4}, "a", "spell.a", 0, 9) == 4
    with pytest.raises(CalculatorError, match="^spell.a is missing$"):
        SENTENCE.field({}, "a", "spell.a", 0, 9)
    with pytest.raises(CalculatorError, match="^spell.a must be a whole number, not '4'$"):
        SENTENCE.field({"a": "4"}, "a", "spell.a", 0, 9)


def test_mapping_takes_objects_only() -> None:
    assert LABELLED.mapping({"x": 1}, "base") == {"x": 1}
    with pytest.raises(CalculatorError, match=r"^base: an object is required, not \[1\]$"):
        LABELLED.mapping([1], "base")
    with pytest.raises(CalculatorError, match="^b must be an object$"):
        SENTENCE.mapping(None, "b")
