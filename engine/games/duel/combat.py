"""Attacks (A2, A6): who may attack whom, the trap window before the blow (A9), and the blow itself.

An attack is declared (``attack:<attacker>:<target>``, the target a creature's id or ``player``),
the defending player may spring a trap and cards of theirs that act on ``attacked`` do, then the
attack resolves by A2 (``calc.combat``) unless it was cancelled, the attacker left play or left the
attack position (rule choice 10), or its target creature left play (the attack then misses).
"""

from __future__ import annotations

from engine.core.match import Action
from engine.games.duel import zones
from engine.games.duel.calc import Defender, Position, combat
from engine.games.duel.state import Creature, State, card_of, find_creature, log, name_of, opponent, stats

Task = zones.Task


def may_attack(s: State, creature: Creature) -> bool:
    """A6: attack position, not yet this turn; A2: not when summoned on the game's first turn."""
    if creature["position"] != "attack" or creature["attacked"]:
        return False
    return not (s["turn"] == 1 and creature["since"] == 1)


def attack_actions(s: State, p: int) -> list[Action]:
    """Every attack player ``p`` may declare now (A6: any opposing creature; the player only when
    they have no creature, or by a card with ``direct_attack``)."""
    foes = s["players"][opponent(p)]["creatures"]
    actions = []
    for creature in s["players"][p]["creatures"]:
        if not may_attack(s, creature):
            continue
        cid = creature["card"]
        name = name_of(s, cid)
        for foe in foes:
            target = foe["card"]
            actions.append(Action(f"attack:{cid}:{target}", f"{name} attacks {name_of(s, target)}", {}))
        if not foes or card_of(s, cid)["direct"]:
            actions.append(Action(f"attack:{cid}:player", f"{name} attacks P{opponent(p) + 1} directly", {}))
    return actions


def apply_attack(s: State, p: int, action: Action) -> None:
    """Declare the attack; the defender's trap window and ``attacked`` cards come first (A9)."""
    _, attacker, target = action.id.split(":")
    found = find_creature(s, attacker)
    assert found is not None
    found[1]["attacked"] = True
    foe = opponent(p)
    s["event"] = {
        "kind": "attack",
        "player": p,
        "attacker": attacker,
        "target": None if target == "player" else target,
        "negated": False,
    }
    log(s, p, "attack", action.label)
    s["queue"] += [
        {"t": "window", "trigger": "attacked", "player": foe},
        {"t": "auto", "trigger": "attacked", "player": foe},
        {"t": "combat"},
    ]


def resolve_attack(s: State, task: Task) -> None:
    """The blow (A2) once the traps are done."""
    event, s["event"] = s["event"], None
    p = event["player"]
    found = find_creature(s, event["attacker"])
    if event["negated"] or found is None or found[1]["position"] != "attack":
        log(s, p, "cancelled", "The attack does not happen")
        return
    attack, _ = stats(s, p, found[1])
    foe = opponent(p)
    if event["target"] is None:
        zones.lose_life(s, foe, attack, "direct")
        return
    target = find_creature(s, event["target"])
    if target is None:
        log(s, p, "missed", "The attacked creature is gone: the attack misses")
        return
    _blow(s, p, event["attacker"], attack, target[1])


def _blow(s: State, p: int, attacker: str, attack: int, defender: Creature) -> None:
    foe, target = opponent(p), defender["card"]
    their_attack, their_defense = stats(s, foe, defender)
    position: Position = "attack" if defender["position"] == "attack" else "defense"
    result = combat(attack, Defender(their_attack, their_defense, position))
    dead = [cid for cid, dies in ((attacker, result.attacker_dies), (target, result.defender_dies)) if dies]
    damage, whom = result.player_damage, result.damaged_player
    if position == "defense" and result.defender_dies and card_of(s, attacker)["piercing"]:
        damage, whom = attack - their_defense, "defender"
    if not dead and not damage:
        log(s, p, "held", f"{name_of(s, target)} holds")
    zones.kill(s, dead, "combat")
    if whom is not None:
        zones.lose_life(s, foe if whom == "defender" else p, damage, "indirect")
