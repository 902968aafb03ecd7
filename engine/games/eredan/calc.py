"""Rules calculators of Eredan iTCG: what one rule gives for given numbers (api.md).

``confrontation`` is phase 3 of a round ("Konfrontation") for two fighting characters
``a`` and ``b``:

- Each side loses ``max(0, opponent's attack - own defence)`` health (the seed: the difference
  between the opponent's attack and the own defence is taken from health).
- Spell and theurgy damage is reduced by spirit, not defence (seed: "Schaden,
  Zauber-Resistenz und Theurgie"): a side hit by ``n`` spell damage loses ``max(0, n - spirit)``.
- ``spell_damage`` is keyed by the *caster*: ``{"a": 5}`` is the spell damage ``a`` deals to
  ``b``, as in the seed's example where Aku plays "Glühender Pfeil" (5) against Aez (spirit 1)
  and Aez loses 4. ``b`` may cast too. Both keys are optional (missing: 0).
- E14: a side's direct-damage spell replaces its attack (seed: "Der Schaden des Zaubers ersetzt die
  Attacke des Magiers": a pure Magier, a Magier/Priester). ``keeps_attack`` (optional,
  ``{"a": true}``) marks a side that still attacks besides its spell (a Magier/Kämpfer or
  Magier/Marodeur): then both damages add up. Theurgy never replaces the attack; give it as the
  caster's ``spell_damage`` with ``keeps_attack``. The former ``spell_replaces_attack`` is refused
  with a message naming ``keeps_attack`` (its default was the opposite).
- Both sides strike at once: a character that dies still strikes (seed: "wird er dennoch
  angreifen"). A side is dead when its health after the confrontation is 0 or lower; the
  answer gives that health unclamped (it may be negative), as a player counting by hand would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.calcinput import SENTENCE as READ
from engine.core.definition import Calculator, CalculatorError

SIDES = ("a", "b")
STATS = ("attack", "defense", "health", "spirit")
LIMIT = 10_000  # far above any card value; bigger numbers are typing mistakes


def read_count(data: Mapping[str, Any], key: str, where: str, *, default: int | None = None) -> int:
    """``data[key]`` as a whole number 0..LIMIT; CalculatorError naming ``where`` otherwise."""
    return READ.field(data, key, where, 0, LIMIT, default=default)


def _mapping(data: Mapping[str, Any], key: str, *, optional: bool = False) -> Mapping[str, Any]:
    value = data.get(key)
    return {} if value is None and optional else READ.mapping(value, key)


def _fighter(data: Mapping[str, Any], side: str) -> dict[str, int]:
    fighter = _mapping(data, side)
    return {stat: read_count(fighter, stat, f"{side}.{stat}") for stat in STATS}


def _keeps_attack(data: Mapping[str, Any]) -> dict[str, bool]:
    """E14: which sides keep their attack besides their spell (default: none, the spell replaces it)."""
    if "spell_replaces_attack" in data:
        raise CalculatorError(
            "spell_replaces_attack is gone: a spell now replaces the attack by default (E14); "
            'mark a side that keeps its attack with keeps_attack, e.g. {"a": true}'
        )
    raw = _mapping(data, "keeps_attack", optional=True)
    flags = {}
    for side in SIDES:
        value = raw.get(side, False)
        if not isinstance(value, bool):
            raise CalculatorError(f"keeps_attack.{side} must be true or false, not {value!r}")
        flags[side] = value
    return flags


def confrontation(data: Mapping[str, Any]) -> dict[str, Any]:
    """Both characters' health after one confrontation, and whether each is dead (seed, phase 3)."""
    if not isinstance(data, Mapping):
        raise CalculatorError("the request must be an object with a and b")
    fighters = {side: _fighter(data, side) for side in SIDES}
    spells_in = _mapping(data, "spell_damage", optional=True)
    spells = {side: read_count(spells_in, side, f"spell_damage.{side}", default=0) for side in SIDES}
    keeps = _keeps_attack(data)
    result: dict[str, Any] = {}
    for side, other in (("a", "b"), ("b", "a")):
        me, foe = fighters[side], fighters[other]
        attack = foe["attack"] if keeps[other] or spells[other] == 0 else 0  # E14
        physical = max(0, attack - me["defense"])
        magical = max(0, spells[other] - me["spirit"])
        health = me["health"] - physical - magical
        result[side] = {"health": health, "dead": health <= 0, "damage": physical + magical}
    return result


CALCULATORS: dict[str, Calculator] = {"confrontation": confrontation}
