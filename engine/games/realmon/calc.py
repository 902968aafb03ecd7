"""Rules calculators of Realmon TCG: what one rule gives for given numbers (api.md).

``realm_bonus``: a monster's Realm bonus is ``floor(Realm / 4)`` (R3; the seed's "Realm-Bonus =
Realm ÷ 4", rounded down as dice games do). Realm is a whole number 0..10000.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.calcinput import SENTENCE as READ
from engine.core.definition import Calculator

REALM_LIMIT = 10_000  # far above any card's Realm; bigger numbers are typing mistakes


def realm_of(data: Any) -> int:
    """The request's ``realm`` as a whole number 0..REALM_LIMIT, or CalculatorError naming it."""
    request = data if isinstance(data, Mapping) else {}  # no object: as if realm were missing
    return READ.field(request, "realm", "realm", 0, REALM_LIMIT)


def realm_bonus_of(realm: int) -> int:
    """R3: the Realm bonus of a monster with this Realm value."""
    return realm // 4


def realm_bonus(data: Mapping[str, Any]) -> dict[str, Any]:
    """Calculator ``realm_bonus``: ``{"realm": n}`` -> ``{"bonus": floor(n / 4)}`` (R3)."""
    return {"bonus": realm_bonus_of(realm_of(data))}


CALCULATORS: dict[str, Calculator] = {"realm_bonus": realm_bonus}
