"""The legal actions of a muhq seat (the vocabulary in ``engine.py``): in the draft, answering the
action stack, a pending choice (upkeep, setting down), the buy phase, a unit's activation, or the
action phase's cards, activations, fast actions and exchanges.
"""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.muhq.draft import draft_actions
from engine.games.muhq.dropping import setdown_actions
from engine.games.muhq.geometry import (
    NEIGHBOURS,
    attack_profile,
    can_hit,
    reach,
    road_reach,
    stats,
    terrain_ok,
)
from engine.games.muhq.placing import play_fields
from engine.games.muhq.rules import free_actions, full_actions, spell_aim, targets, upkeep_due
from engine.games.muhq.state import State, card_of, enemies, game_map, name_of, top_perms, units_of

PERMANENT_TYPES = ("unit", "artifact", "equipment")


def _xy(point: tuple[int, int]) -> str:
    return f"{point[0]},{point[1]}"


# --- legal actions ------------------------------------------------------------------------------


def legal(s: State, p: int) -> list[Action]:
    """The legal actions of ``p``, the seat to act (``flow.actor``)."""
    if s["draft"] is not None:
        return draft_actions(s, p)
    if s["dropping"]:
        return setdown_actions(s)
    if s["window"]:
        return [Action("pass", "Pass (let the stack resolve)"), *fast_actions(s, p), *exchanges(s, p)]
    if s["pending"] is not None:
        return _upkeep_actions(s, p)
    if s["phase"] == "buy":
        return _buy_actions(s, p)
    if s["activation"] is not None:
        return _unit_actions(s, p, s["activation"])
    return [
        *_play_actions(s, p),
        *fast_actions(s, p),
        *_activations(s, p),
        *exchanges(s, p),
        Action("end:actions", "End the action phase"),
    ]


def _upkeep_actions(s: State, p: int) -> list[Action]:
    """M9, M30: let any unit go (it is defeated), or pay every unit's upkeep once the resources
    cover it; the exchange and fast actions at any time."""
    found = [
        Action(f"release:{pid}", f"Let {name_of(s, pid)} go unpaid (it is defeated)", {"unit": pid})
        for pid in units_of(s, p)
    ]
    due = upkeep_due(s, p)
    if due <= s["players"][p]["resources"]:
        found.append(Action("pay", f"Pay the upkeep of your units ({due})", {"amount": due}))
    return [*found, *fast_actions(s, p), *exchanges(s, p)]


def _buy_actions(s: State, p: int) -> list[Action]:
    me = s["players"][p]
    found = []
    if not me["bought"]:
        for cid in me["store"]:
            cost = card_of(s, cid)["cost"]
            if cost <= me["resources"]:
                found.append(Action(f"buy:{cid}", f"Buy {name_of(s, cid)} for {cost}", {"card": cid, "cost": cost}))
    found += [Action(f"discard:{cid}", f"Discard {name_of(s, cid)}", {"card": cid}) for cid in me["hand"]]
    found += fast_actions(s, p) + exchanges(s, p)  # M30: spells and free actions are fast here too
    found.append(Action("end:turn", "End the turn"))
    return found


def exchanges(s: State, p: int) -> list[Action]:
    """rules.md: at any time two hand cards onto the discard pile for 1 resource."""
    hand = sorted(s["players"][p]["hand"])
    return [
        Action(f"exchange:{a}:{b}", f"Discard {name_of(s, a)} and {name_of(s, b)} for 1 resource", {"cards": [a, b]})
        for i, a in enumerate(hand)
        for b in hand[i + 1 :]
    ]


def aimed(s: State, target: str) -> str:
    """A target as an action's label names it: its name and field, since two permanents often share
    a name (two Soldaten: which one does the spell hit?)."""
    perm = s["perms"].get(target)
    return name_of(s, target) if perm is None else f"{name_of(s, target)} ({perm['x']}, {perm['y']})"


def fast_actions(s: State, p: int) -> list[Action]:
    """Spells from the hand and payable free actions (M15's fast actions)."""
    found = [action for cid in s["players"][p]["hand"] for action in _spell_actions(s, p, cid)]
    for pid, index, aim in free_actions(s, p):
        suffix = f":{aim}" if aim else ""
        label = f"Free action of {name_of(s, pid)}" + (f" on {aimed(s, aim)}" if aim else "")
        found.append(Action(f"free:{pid}:{index}{suffix}", label, {"card": pid, "effect": index, "target": aim}))
    return found


def _spell_actions(s: State, p: int, cid: str) -> list[Action]:
    """Casting a hand card that is a spell: at each target of its aim, or at none (rule choice 12)."""
    card = card_of(s, cid)
    if card["type"] != "spell":
        return []
    effect = spell_aim(card)
    if effect is None:
        return [Action(f"spell:{cid}", f"Cast {card['name']}", {"card": cid, "target": None})]
    return [
        Action(f"spell:{cid}:{target}", f"Cast {card['name']} on {aimed(s, target)}", {"card": cid, "target": target})
        for target in targets(s, effect, p, source=None)
    ]


def _play_actions(s: State, p: int) -> list[Action]:
    hand = s["players"][p]["hand"]
    found = []
    equipment = [cid for cid in hand if card_of(s, cid)["type"] == "equipment"]
    fields: dict[bool, list[tuple[int, int]]] = {}
    for cid in hand:
        card = card_of(s, cid)
        if card["type"] not in PERMANENT_TYPES:
            continue
        swimming = bool(card["swimming"])
        if swimming not in fields:
            fields[swimming] = play_fields(s, p, cid)  # the same for every card that swims (or not)
        for pt in fields[swimming]:
            where = f"({pt[0]}, {pt[1]})"
            found.append(
                Action(
                    f"play:{cid}:{_xy(pt)}",
                    f"Play {card['name']} on {where}",
                    {"card": cid, "x": pt[0], "y": pt[1], "equipment": None},
                )
            )
            if card["type"] == "unit":
                for eq in equipment:
                    label = f"Play {card['name']} with {name_of(s, eq)} on {where}"
                    found.append(
                        Action(
                            f"play:{cid}+{eq}:{_xy(pt)}", label, {"card": cid, "x": pt[0], "y": pt[1], "equipment": eq}
                        )
                    )
    return found


def _activations(s: State, p: int) -> list[Action]:
    catalog, cards = s["catalog"], s["cards"]
    return [
        Action(f"activate:{pid}", f"Activate {catalog[cards[pid]]['name']}", {"card": pid})
        for pid, perm in s["perms"].items()
        if perm["controller"] == p and not perm["tapped"] and catalog[cards[pid]]["type"] == "unit"
    ]


def _unit_actions(s: State, p: int, act: dict[str, Any]) -> list[Action]:
    pid = act["unit"]
    perm = s["perms"][pid]
    name = name_of(s, pid)
    found = [Action(f"done:{pid}", f"{name}: end the activation (tap)", {"card": pid})]
    found += fast_actions(s, p) + exchanges(s, p)
    if perm["markers"]["paralysis"] > 0:
        if act["move"] or act["attack"]:
            found.append(Action(f"recover:{pid}", f"{name}: spend an action on a paralysis marker", {"card": pid}))
        return found
    crew = perm["on"] is not None
    movement = stats(s, pid)["movement"]
    ends: dict[tuple[int, int], int] | None = None
    if act["move"]:
        ends, crews = reach(s, pid, movement)
        for pt in sorted(ends):
            found.append(
                Action(
                    f"move:{pid}:{_xy(pt)}",
                    f"{name}: move to ({pt[0]}, {pt[1]})",
                    {"card": pid, "x": pt[0], "y": pt[1]},
                )
            )
        for base in crews:
            found.append(Action(f"crew:{pid}:{base}", f"{name}: crew {name_of(s, base)}", {"card": pid, "base": base}))
    if crew:
        return found  # M18: crew leave with a move, they do nothing else apart
    if act["road"]:
        for pt in road_reach(s, pid, movement):
            found.append(
                Action(
                    f"road:{pid}:{_xy(pt)}",
                    f"{name}: move along the road to ({pt[0]}, {pt[1]})",
                    {"card": pid, "x": pt[0], "y": pt[1]},
                )
            )
    if act["attack"]:
        me = perm["controller"]
        profile = attack_profile(s, pid)
        longest = max((r for _, r in profile), default=0)
        catalog, cards, perms = s["catalog"], s["cards"], s["perms"]
        px, py = perm["x"], perm["y"]
        for target in top_perms(s):
            other = perms[target]
            if (
                other["controller"] == me
                or not -longest <= other["x"] - px <= longest
                or not -longest <= other["y"] - py <= longest
            ):
                continue
            tcard = catalog[cards[target]]
            if tcard["type"] == "unit":
                if not enemies(s, me, other["controller"]):
                    continue
            elif not tcard["solid"] or other["controller"] is not None and not enemies(s, me, other["controller"]):
                continue
            if can_hit(s, pid, target, profile):
                label = f"{name}: attack {aimed(s, target)}"
                found.append(Action(f"attack:{pid}:{target}", label, {"card": pid, "target": target}))
    if act["move"] or act["attack"]:
        found += _artifact_actions(s, pid, act, ends)
    if act["move"] and act["attack"] and act["full"]:
        for index, aim in full_actions(s, pid):
            suffix = f":{aim}" if aim else ""
            label = f"{name}: full action" + (f" on {aimed(s, aim)}" if aim else "")
            found.append(Action(f"full:{pid}:{index}{suffix}", label, {"card": pid, "effect": index, "target": aim}))
    return found


def _artifact_actions(
    s: State, pid: str, act: dict[str, Any], ends: dict[tuple[int, int], int] | None = None
) -> list[Action]:
    """Swapping with an adjacent artifact and equipping an equipment in range 1 (instead of a move
    or an attack); carrying an adjacent artifact is a full action (M16). ``ends``: the unit's
    ``reach`` in this state where the caller has it already."""
    perm = s["perms"][pid]
    me, name = perm["controller"], name_of(s, pid)
    gm = game_map(s)
    found = []
    swimming = bool(card_of(s, pid)["swimming"])
    carry_to: list[tuple[int, int]] | None = None
    for dx, dy in NEIGHBOURS:
        x, y = perm["x"] + dx, perm["y"] + dy
        if not (0 <= x < gm.width and 0 <= y < gm.height) or s["occ"][y][x] is None:
            continue
        aid = s["occ"][y][x]
        other = s["perms"][aid]
        card = card_of(s, aid)
        if card["type"] not in ("artifact", "equipment"):
            continue
        if card["type"] == "equipment":
            found.append(Action(f"equip:{pid}:{aid}", f"{name}: equip {card['name']}", {"card": pid, "target": aid}))
        if card["solid"] and other["controller"] not in (me, None):
            continue  # Solid X: opponents neither carry nor swap with it
        if terrain_ok(gm, (x, y), swimming) and terrain_ok(gm, (perm["x"], perm["y"]), bool(card["swimming"])):
            label = f"{name}: swap fields with {card['name']}"
            found.append(Action(f"swap:{pid}:{aid}", label, {"card": pid, "target": aid}))
        if act["move"] and act["attack"] and act["full"] is not None:
            if carry_to is None:
                carry_to = sorted(ends if ends is not None else reach(s, pid, stats(s, pid)["movement"])[0])
            for pt in carry_to:
                label = f"{name}: carry {card['name']} to ({pt[0]}, {pt[1]})"
                params = {"card": pid, "target": aid, "x": pt[0], "y": pt[1]}
                found.append(Action(f"carry:{pid}:{aid}:{_xy(pt)}", label, params))
    return found
