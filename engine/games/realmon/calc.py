"""Rules calculators of Realmon TCG: what one rule gives for given numbers (api.md).

``realm_bonus``: a monster's Realm bonus is ``floor(Realm / 4)`` (R3; the seed's "Realm-Bonus =
Realm ÷ 4", rounded down as dice games do). Realm is a whole number 0..10000.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.definition import Calculator, CalculatorError

REALM_LIMIT = 10_000  # far above any card's Realm; bigger numbers are typing mistakes


def realm_of(data: Any) -> int:
    """The request's ``realm`` as a whole number 0..REALM_LIMIT, or CalculatorError naming it."""
    if not isinstance(data, Mapping) or data.get("realm") is None:
        raise CalculatorError("realm is missing")
    realm = data["realm"]
    if isinstance(realm, bool) or not isinstance(realm, int):
        raise CalculatorError(f"realm must be a whole number, not {realm!r}")
    if not 0 <= realm <= REALM_LIMIT:
        raise CalculatorError(f"realm must be between 0 and {REALM_LIMIT}, not {realm}")
    return realm


def realm_bonus_of(realm: int) -> int:
    """R3: the Realm bonus of a monster with this Realm value."""
    return realm // 4


def realm_bonus(data: Mapping[str, Any]) -> dict[str, Any]:
    """Calculator ``realm_bonus``: ``{"realm": n}`` -> ``{"bonus": floor(n / 4)}`` (R3)."""
    return {"bonus": realm_bonus_of(realm_of(data))}


CALCULATORS: dict[str, Calculator] = {"realm_bonus": realm_bonus}
