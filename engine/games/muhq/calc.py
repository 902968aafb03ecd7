"""Rules calculators of muhq's game (api.md), and the two rules they wrap (M1, M2).

``distance`` and ``stack_attacks`` are the plain rules the match engine and the map code reuse;
the calculators read and check the request numbers, raising :class:`CalculatorError` that names
the offending field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.calcinput import LABELLED as READ
from engine.core.definition import Calculator, CalculatorError

MAX_COORDINATE = 10_000  # maps are a few dozen fields wide; beyond this a number is a mistake
MAX_STAT = 999
MAX_STACK = 50  # Crew X is single digits; a longer stack is a mistake


@dataclass(frozen=True)
class Attack:
    """An attack value at a range: a unit's own (``range`` 0: it cannot attack) or a stack's."""

    attack: int
    range: int


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """M1: steps from ``a`` to ``b`` where every second diagonal step costs two.

    With s = max and d = min of |dx|, |dy|: d diagonal steps (every second one costing 2) plus
    s - d straight steps give s + floor(d / 2). (1,1) -> 1, (2,2) -> 3, (2,1) -> 2.
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


def stack_attacks(base: Attack, stack: Iterable[Attack]) -> list[Attack]:
    """M2: the attacks of a stack, highest range first.

    The attack at range r is the sum of the attacks of all units of the stack (the base
    included) whose range is at least r, for every r from 1 to the longest range. A unit without
    attack adds no range of its own (it would only add an attack of 0 at a range nobody reaches).
    """
    units = [base, *stack]
    longest = max((u.range for u in units if u.attack > 0), default=0)
    return [Attack(sum(u.attack for u in units if u.range >= r), r) for r in range(longest, 0, -1)]


# --- the calculators --------------------------------------------------------------------------


def _point(data: Any, where: str) -> tuple[int, int]:
    """A field given as ``[x, y]``."""
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise CalculatorError(f"{where}: a field [x, y] is required, not {data!r}")
    x, y = (READ.whole(v, f"{where}[{i}]", -MAX_COORDINATE, MAX_COORDINATE) for i, v in enumerate(data))
    return x, y


def _attack(data: Any, where: str) -> Attack:
    data = READ.mapping(data, where)
    attack = READ.whole(data.get("attack"), f"{where}.attack", 0, MAX_STAT)
    return Attack(attack, READ.whole(data.get("range"), f"{where}.range", 0, MAX_STAT))


def _stack(data: Any) -> list[Attack]:
    if not isinstance(data, list):
        raise CalculatorError(f"stack: a list of units is required, not {data!r}")
    if len(data) > MAX_STACK:
        raise CalculatorError(f"stack: at most {MAX_STACK} units, not {len(data)}")
    return [_attack(unit, f"stack[{i}]") for i, unit in enumerate(data)]


def distance_calculator(request: Mapping[str, Any]) -> dict[str, Any]:
    """``{"from": [x, y], "to": [x, y]}`` -> ``{"distance": n}`` (M1)."""
    request = READ.mapping(request, "request")
    return {"distance": distance(_point(request.get("from"), "from"), _point(request.get("to"), "to"))}


def stack_attack_calculator(request: Mapping[str, Any]) -> dict[str, Any]:
    """``{"base": {"attack", "range"}, "stack": [...]}`` -> ``{"attacks": [{"range", "attack"}]}`` (M2)."""
    request = READ.mapping(request, "request")
    attacks = stack_attacks(_attack(request.get("base"), "base"), _stack(request.get("stack")))
    return {"attacks": [{"range": a.range, "attack": a.attack} for a in attacks]}


CALCULATORS: dict[str, Calculator] = {
    "distance": distance_calculator,
    "stack_attack": stack_attack_calculator,
}
