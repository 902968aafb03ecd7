"""The attack step (K5) as a sequence of decisions.

``attack`` opens it; the attacker then names a monster that attacks the opponent directly (when
one may: Doppeldecker, Kamel-hame-ha!), then, in a 2:1, the one monster that fights; the defender
then plays their items (seed: "Danach setzt der verteidigende Spieler seine ITEMs ein") and
``defend`` resolves the fight with ``calc.resolve_combat``. The turn ends with the attack.
``end`` skips the attack; with the opponent's arena empty it scores the point for an empty arena.
"""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.kamelo.calc import Fighter, resolve_combat
from engine.games.kamelo.effects import has_effect
from engine.games.kamelo.play import item_actions
from engine.games.kamelo.state import State, arena_monsters, card_of, log, opponent, stats
from engine.games.kamelo.turns import close_main_phase, defeat, is_first_turn

EMPTY_ARENA_POINTS = 1  # K5: no defending monster -> no attack, 1 victory point (K10: needs an own monster)
DIRECT_ATTACK_POINTS = 1  # rule choice: a direct attack scores like an attack on an empty arena


def can_attack(s: State, p: int) -> bool:
    """K5: not on the player's first turn; needs own monsters and opposing ones."""
    return not is_first_turn(s, p) and bool(arena_monsters(s, p)) and bool(arena_monsters(s, opponent(p)))


def step_actions(s: State, p: int) -> list[Action]:
    """``attack`` (when possible) and ``end``."""
    actions = [Action("end", "End the turn without attacking", {})]
    if can_attack(s, p):
        actions.append(Action("attack", "Attack the opponent's monsters", {}))
    return actions


def apply_end(s: State, p: int, action: Action) -> None:
    """End the turn; K5's point for an empty opposing arena, which K10 (rule choice 3) gives only to
    a player with at least one monster of their own in the arena; attacking is optional (K10)."""
    if not is_first_turn(s, p) and arena_monsters(s, p) and not arena_monsters(s, opponent(p)):
        s["players"][p]["points"] += EMPTY_ARENA_POINTS
        log(s, p, "empty_arena", f"P{p + 1} finds no opposing monster: +{EMPTY_ARENA_POINTS}")
    close_main_phase(s)


def _direct_capable(s: State, p: int) -> list[int]:
    return [
        slot
        for slot, m in arena_monsters(s, p)
        if m["direct_turn"] == s["turn"] or has_effect(card_of(s, m["card"])["effects"], "direct_attack")
    ]


def apply_attack(s: State, p: int, action: Action) -> None:
    """Open the attack step with the first decision it needs."""
    s["attack"] = {"attacker": p, "direct": None, "fighter": None}
    log(s, p, "attack", f"P{p + 1} attacks")
    if _direct_capable(s, p):
        s["pending"] = {"kind": "direct", "player": p}
    else:
        _next_decision(s, p)


def _fighting(s: State, p: int) -> list[int]:
    direct = s["attack"]["direct"]
    return [slot for slot, _ in arena_monsters(s, p) if slot != direct]


def _next_decision(s: State, p: int) -> None:
    fighting = _fighting(s, p)
    if len(fighting) == 2 and len(arena_monsters(s, opponent(p))) == 1 and s["attack"]["fighter"] is None:
        s["pending"] = {"kind": "fighter", "player": p}
    else:
        s["pending"] = {"kind": "defend", "player": opponent(p)}


def direct_actions(s: State, p: int) -> list[Action]:
    """Which monster attacks the player directly, or none."""
    actions = [Action("direct:none", "No direct attack", {"slot": None})]
    for slot in _direct_capable(s, p):
        name = card_of(s, s["players"][p]["arena"][slot]["card"])["name"]
        actions.append(Action(f"direct:{slot}", f"{name} attacks the opponent directly", {"slot": slot}))
    return actions


def apply_direct(s: State, p: int, action: Action) -> None:
    """Record the direct attacker; it takes no part in the fight between monsters."""
    s["attack"]["direct"] = action.params["slot"]
    _next_decision(s, p)


def fighter_actions(s: State, p: int) -> list[Action]:
    """K5 2:1: which of the two attackers fights (with AP + 10)."""
    return [
        Action(
            f"fighter:{slot}", f"{card_of(s, s['players'][p]['arena'][slot]['card'])['name']} fights", {"slot": slot}
        )
        for slot in _fighting(s, p)
    ]


def apply_fighter(s: State, p: int, action: Action) -> None:
    """Record the fighter; the defender's turn to play items."""
    s["attack"]["fighter"] = action.params["slot"]
    _next_decision(s, p)


def defend_actions(s: State, p: int) -> list[Action]:
    """The defender's items, then ``defend`` to let the fight happen."""
    return [Action("defend", "Play no (more) items: let the fight happen", {}), *item_actions(s, p, defending=True)]


def apply_defend(s: State, p: int, action: Action) -> None:
    """Resolve the fight (K5) with the values after items, then end the attacker's turn."""
    attacker = s["attack"]["attacker"]
    defender = opponent(attacker)
    _direct_points(s, attacker)
    slots = _fighting(s, attacker)
    fighter = s["attack"]["fighter"]
    if fighter in slots:
        slots = [fighter] + [x for x in slots if x != fighter]  # in a 2:1 only the first fights
    defenders = arena_monsters(s, defender)
    if slots and defenders:
        _fight(s, attacker, slots, defenders)
    close_main_phase(s)


def _direct_points(s: State, attacker: int) -> None:
    slot = s["attack"]["direct"]
    if slot is not None and s["players"][attacker]["arena"][slot] is not None:
        s["players"][attacker]["points"] += DIRECT_ATTACK_POINTS
        log(s, attacker, "direct", f"P{attacker + 1} attacks directly: +{DIRECT_ATTACK_POINTS}")


def _fighter(s: State, monster: dict[str, Any]) -> Fighter:
    values = stats(monster)
    return Fighter(values["ap"], values["dp"], values["lp"], card_of(s, monster["card"])["hk"])


def _fight(s: State, attacker: int, slots: list[int], defenders: list[tuple[int, dict[str, Any]]]) -> None:
    arena = s["players"][attacker]["arena"]
    result = resolve_combat([_fighter(s, arena[x]) for x in slots], [_fighter(s, m) for _, m in defenders])
    for (slot, monster), lp in zip(defenders, result.lp, strict=True):
        monster["damage"] += stats(monster)["lp"] - lp
        if lp <= 0:
            defeat(s, opponent(attacker), slot, by=attacker)
