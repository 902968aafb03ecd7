"""Rules calculators of the duel game (api.md), and the combat rule they wrap (A2).

``combat`` is the plain rule the match engine reuses; ``combat_calculator`` reads and checks the
request numbers (raising :class:`CalculatorError` naming the field) and answers
``{"attacker_dies", "defender_dies", "player_damage"}``. Because A2 lets either side's owner take
damage, the answer also says whose: ``damaged_player`` is ``"defender"``, ``"attacker"`` or null.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from engine.core.calcinput import LABELLED as READ
from engine.core.definition import Calculator, CalculatorError

Position = Literal["attack", "defense"]
POSITIONS: tuple[Position, ...] = ("attack", "defense")
MAX_STAT = 999  # far above any card plus every boost; larger numbers are typing mistakes


@dataclass(frozen=True)
class Defender:
    """The attacked creature: its attack, its defence and its position."""

    attack: int
    defense: int
    position: Position


@dataclass(frozen=True)
class CombatResult:
    """What one attack does: who dies, how much damage which player takes."""

    attacker_dies: bool
    defender_dies: bool
    player_damage: int
    damaged_player: Literal["attacker", "defender"] | None


NOTHING = CombatResult(False, False, 0, None)


def combat(attack: int, defender: Defender | None) -> CombatResult:
    """A2: one creature with ``attack`` attacks ``defender`` (None: the player has no creature).

    - no creature: the defending player takes the full attack (direct damage);
    - defence position: attack > defence kills it, nobody takes damage; otherwise nothing happens;
    - attack position: the lower attack dies and its owner takes the difference; equal attacks:
      both die and nobody takes damage.
    """
    if defender is None:
        return CombatResult(False, False, attack, "defender")
    if defender.position == "defense":
        return CombatResult(False, True, 0, None) if attack > defender.defense else NOTHING
    difference = attack - defender.attack
    if difference > 0:
        return CombatResult(False, True, difference, "defender")
    if difference < 0:
        return CombatResult(True, False, -difference, "attacker")
    return CombatResult(True, True, 0, None)


# --- the calculator ---------------------------------------------------------------------------


def _stat(data: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> int:
    """The whole number ``data[key]`` within 0..MAX_STAT; 0 when optional and absent."""
    if key not in data and not required:
        return 0
    return READ.whole(data.get(key), f"{where}.{key}", 0, MAX_STAT)


def _defender(data: Any) -> Defender | None:
    """The request's defender: null, or an object whose position names the stat it needs."""
    if data is None:
        return None
    data = READ.mapping(data, "defender")
    position = data.get("position")
    if position not in POSITIONS:
        raise CalculatorError(f"defender.position: must be 'attack' or 'defense', not {position!r}")
    # Only the stat the position uses is required; the other is checked when given.
    attack = _stat(data, "attack", "defender", required=position == "attack")
    defense = _stat(data, "defense", "defender", required=position == "defense")
    return Defender(attack, defense, position)


def combat_calculator(request: Mapping[str, Any]) -> dict[str, Any]:
    """``{"attacker": {"attack"}, "defender": null | {"attack", "defense", "position"}}`` -> A2."""
    request = READ.mapping(request, "request")
    if "defender" not in request:
        raise CalculatorError("defender: required (null when the defending player has no creature)")
    attack = _stat(READ.mapping(request.get("attacker"), "attacker"), "attack", "attacker")
    return asdict(combat(attack, _defender(request["defender"])))


CALCULATORS: dict[str, Calculator] = {"combat": combat_calculator}
