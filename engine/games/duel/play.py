"""Playing cards in the main step: summons and elites (A2, A5, A12, A13), traps set face down (A9),
spells (A10), weapons (A11) and reinforcements (A1).

Copies of one card in hand are one choice: the actions name the first copy (rule choice 13).
A summon takes the turn's one summon (more with ``extra_summon``); an elite's sacrifices go to the
graveyard first and free their slots (A12, A13); the opponent's trap window and cards acting on
``opponent_summons`` come before the summon completes (A9), then its ``summoned`` effects.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.match import Action
from engine.games.duel import zones
from engine.games.duel.state import (
    CREATURE_SLOTS,
    SUPPORT_SLOTS,
    State,
    card_of,
    find_creature,
    graveyard_creatures,
    log,
    name_of,
    new_creature,
    opponent,
)
from engine.games.duel.terms import POSITIONS
from engine.games.duel.turns import spell_usable

Task = zones.Task


def hand_choices(s: State, p: int) -> list[str]:
    """The first copy of each card in ``p``'s hand."""
    seen: set[str] = set()
    chosen = []
    for cid in s["players"][p]["hand"]:
        slug = s["cards"][cid]
        if slug not in seen:
            seen.add(slug)
            chosen.append(cid)
    return chosen


def main_card_actions(s: State, p: int) -> list[Action]:
    """Every card ``p`` may play from hand now."""
    player = s["players"][p]
    support_free = len(player["support"]) < SUPPORT_SLOTS
    may_summon = s["summons"]["used"] < s["summons"]["allowed"]
    actions: list[Action] = []
    for cid in hand_choices(s, p):
        kind = card_of(s, cid)["type"]
        if kind in ("creature", "elite"):
            if may_summon:
                actions += summon_actions(s, p, cid)
        elif kind == "reinforcement":
            actions.append(Action(f"reinforce:{cid}", f"Play {name_of(s, cid)} as reinforcement", {}))
        elif support_free:
            actions += _support_actions(s, p, cid, kind)
    return actions


def summon_actions(s: State, p: int, cid: str) -> list[Action]:
    """A5: either position; A12: an elite's summon condition; A13: a free slot (a sacrifice frees one)."""
    card = card_of(s, cid)
    creatures = [c["card"] for c in s["players"][p]["creatures"]]
    if graveyard_creatures(s, p) < card["graveyard_needed"]:
        return []
    n = card["sacrifice"] if card["type"] == "elite" else 0
    if n == 0:
        offers: list[tuple[str, ...]] = [()] if len(creatures) < CREATURE_SLOTS else []
    else:
        offers = list(combinations(creatures, n))
    name = name_of(s, cid)
    actions = []
    for sacrifice in offers:
        suffix = f":{'+'.join(sacrifice)}" if sacrifice else ""
        paying = f", sacrificing {', '.join(name_of(s, x) for x in sacrifice)}" if sacrifice else ""
        for position in POSITIONS:
            label = f"Summon {name} in {position} position{paying}"
            actions.append(Action(f"summon:{cid}:{position}{suffix}", label, {}))
    return actions


def _support_actions(s: State, p: int, cid: str, kind: str) -> list[Action]:
    name = name_of(s, cid)
    if kind == "trap":
        return [Action(f"set:{cid}", f"Set {name} face down", {})]
    if kind == "spell":
        return [Action(f"cast:{cid}", f"Cast {name}", {})] if spell_usable(s, p, cid) else []
    return [
        Action(f"equip:{cid}:{c['card']}", f"Equip {name_of(s, c['card'])} with {name}", {})
        for c in s["players"][p]["creatures"]
    ]


# --- carrying them out ---------------------------------------------------------------------------------


def apply_summon(s: State, p: int, action: Action) -> None:
    """Sacrifices first (A12), the creature into play, then the opponent's trap window (A9)."""
    parts = action.id.split(":")
    cid, position = parts[1], parts[2]
    sacrifices = parts[3].split("+") if len(parts) > 3 else []
    player = s["players"][p]
    player["hand"].remove(cid)
    zones.kill(s, sacrifices, "sacrificed")
    player["creatures"].append(new_creature(cid, position, s["turn"]))
    s["summons"]["used"] += 1
    s["event"] = {"kind": "summon", "player": p, "card": cid}
    log(s, p, "summon", f"P{p + 1}: {action.label}", card=s["cards"][cid])
    foe = opponent(p)
    s["queue"] += [
        {"t": "window", "trigger": "opponent_summons", "player": foe},
        {"t": "auto", "trigger": "opponent_summons", "player": foe},
        {"t": "entered", "player": p, "card": cid},
    ]


def entered_task(s: State, task: Task) -> None:
    """The summon completes: the creature's ``summoned`` effects, if the traps left it in play."""
    s["event"] = None
    if find_creature(s, task["card"]) is not None:
        zones.queue_front(s, zones.effect_tasks(s, task["player"], task["card"], "summoned"))


def apply_set(s: State, p: int, action: Action) -> None:
    """A9: a trap goes face down into the support zone."""
    cid = action.id.split(":", 1)[1]
    player = s["players"][p]
    player["hand"].remove(cid)
    player["support"].append({"card": cid, "face_down": True, "equips": None})
    log(s, p, "set", f"P{p + 1} sets a trap face down")


def apply_cast(s: State, p: int, action: Action) -> None:
    """A10: the spell takes a support slot while it resolves, then goes to the graveyard."""
    cid = action.id.split(":", 1)[1]
    player = s["players"][p]
    player["hand"].remove(cid)
    player["support"].append({"card": cid, "face_down": False, "equips": None})
    log(s, p, "cast", f"P{p + 1} casts {name_of(s, cid)}", card=s["cards"][cid])
    s["queue"] += [*zones.effect_tasks(s, p, cid, "play"), {"t": "to_grave", "player": p, "card": cid}]


def apply_equip(s: State, p: int, action: Action) -> None:
    """A11: the weapon takes a support slot and equips the chosen own creature."""
    _, cid, creature = action.id.split(":")
    player = s["players"][p]
    player["hand"].remove(cid)
    player["support"].append({"card": cid, "face_down": False, "equips": creature})
    log(s, p, "equip", f"P{p + 1}: {action.label}", card=s["cards"][cid])
    s["queue"] += zones.effect_tasks(s, p, cid, "play")


def apply_reinforce(s: State, p: int, action: Action) -> None:
    """A1: a new reinforcement sends the old one to the graveyard."""
    cid = action.id.split(":", 1)[1]
    player = s["players"][p]
    player["hand"].remove(cid)
    zones.reinforcement_to_graveyard(s, p)
    player["reinforcement"] = cid
    log(s, p, "reinforce", f"P{p + 1} plays {name_of(s, cid)}", card=s["cards"][cid])
    s["queue"] += zones.effect_tasks(s, p, cid, "play")


def to_grave_task(s: State, task: Task) -> None:
    """A spell resolved or a trap sprung goes to the graveyard (A9, A10, A14), if still in its zone."""
    index = zones.support_index(s, task["player"], task["card"])
    if index is not None:
        zones.support_to_graveyard(s, task["player"], index)
