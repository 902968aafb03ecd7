"""Reading a rules calculator's request: whole numbers and objects, each checked on the way in.

A calculator (``engine.core.definition.Calculator``) takes the request numbers as JSON gave them;
every value it reads goes through a :class:`RequestReader`, which raises
:class:`~engine.core.definition.CalculatorError` (the API answers 400) naming the field. The
messages are templates, because each game's API clients already see its wording: ``{where}`` is
the field, ``{value}`` what was sent, ``{low}``/``{high}`` the bounds and ``{bound}`` the bounds
as ``"low-high"`` (``">= low"`` without an upper bound).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.definition import CalculatorError


@dataclass(frozen=True)
class RequestReader:
    """Reads the numbers and objects of calculator requests, in one wording of the problems."""

    not_whole: str = "{where}: a whole number is required, not {value!r}"
    out_of_range: str = "{where}: must be between {low} and {high}, not {value}"
    not_object: str = "{where}: an object is required, not {value!r}"
    missing: str = "{where} is missing"

    def whole(self, value: Any, where: str, low: int, high: int | None = None) -> int:
        """``value`` as a whole number from ``low`` to ``high`` (None: no upper bound)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise CalculatorError(self.not_whole.format(where=where, value=value))
        if value < low or (high is not None and value > high):
            bound = f"{low}-{high}" if high is not None else f">= {low}"
            raise CalculatorError(self.out_of_range.format(where=where, value=value, low=low, high=high, bound=bound))
        return value

    def field(
        self, data: Mapping[str, Any], key: str, where: str, low: int, high: int, *, default: int | None = None
    ) -> int:
        """``data[key]`` as :meth:`whole`; absent or null: ``default``, or missing when it has none."""
        if data.get(key) is None:
            if default is not None:
                return default
            raise CalculatorError(self.missing.format(where=where))
        return self.whole(data[key], where, low, high)

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        """``value`` when it is an object (a JSON object: a mapping)."""
        if not isinstance(value, Mapping):
            raise CalculatorError(self.not_object.format(where=where, value=value))
        return value


# "attacker.attack: a whole number is required, not '3'" (duel, muhq).
LABELLED = RequestReader()
# "a.attack must be a whole number, not '3'" (Eredan, Realmon).
SENTENCE = RequestReader(
    not_whole="{where} must be a whole number, not {value!r}",
    out_of_range="{where} must be between {low} and {high}, not {value}",
    not_object="{where} must be an object",
)
