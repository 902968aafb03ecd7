"""The action stack (M15, M30): an action is put on ``state["stack"]`` with its costs paid; the other
seats that could answer (a fast action, or two cards to exchange) are asked in turn order
(``state["window"]``) to respond or pass; a response asks the others again; when all have passed,
the top resolves, and before the next item resolves every seat may respond again, the seat whose
turn it is first (``step``). An item whose unit or target is gone, whose field is taken, or whose
seat is out of the match (M26), fizzles.
"""

from __future__ import annotations

from typing import Any

from engine.games.muhq.geometry import available, can_hit
from engine.games.muhq.placing import move_to, new_perm
from engine.games.muhq.rules import combat, free_actions, run_term, spell_aim, targets, term_of
from engine.games.muhq.state import State, card_of, log, name_of

STACKED = ("play", "spell", "move", "road", "attack", "full", "free")


def commit(s: State, p: int, kind: str, params: dict[str, Any]) -> None:
    """Put an action on the stack (M15): its costs are paid now, its effect waits."""
    item = {"kind": kind, "player": p, **params}
    me = s["players"][p]
    act = s["activation"]
    if kind in ("play", "spell"):
        me["hand"].remove(params["card"])
        if params.get("equipment"):
            me["hand"].remove(params["equipment"])
    elif kind == "free":
        me["resources"] -= int(card_of(s, params["card"])["effects"][params["effect"]]["free"])
    elif act is not None:
        if kind == "move":
            act["move"] = False
        elif kind == "road":
            act["road"] = False
        elif kind == "attack":
            act["attack"] = False
        elif kind == "full":
            act["move"] = act["attack"] = act["road"] = False
            act["full"] = None
        if kind in ("move", "road"):
            act["full"] = None  # M8: a move and an attack, or the full action
    item["label"] = _item_label(s, item)
    item["asked"] = True  # the others are asked now
    s["stack"].append(item)
    log(s, p, "stack", f"P{p + 1}: {item['label']}")
    _open_window(s, p)


def _item_label(s: State, item: dict[str, Any]) -> str:
    kind, cid = item["kind"], item["card"]
    text = {
        "play": "plays",
        "spell": "casts",
        "move": "moves",
        "road": "moves along the road",
        "attack": "attacks with",
    }
    extra = f" on {name_of(s, item['target'])}" if item.get("target") else ""
    return f"{text.get(kind, 'uses')} {name_of(s, cid)}{extra}"


def _can_respond(s: State, q: int) -> bool:
    """Whether the seat has a fast action or the exchange (M30), without building the actions."""
    if q in s["eliminated"]:
        return False
    hand = s["players"][q]["hand"]
    if len(hand) >= 2:
        return True  # the exchange, "zu jedem Zeitpunkt"
    for cid in hand:
        card = card_of(s, cid)
        if card["type"] != "spell":
            continue
        aim = spell_aim(card)
        if aim is None or targets(s, aim, q, source=None):
            return True
    return bool(free_actions(s, q))


def _open_window(s: State, after: int | None) -> None:
    """Ask the seats after ``after`` in turn order (None: every seat, the active one first)."""
    seats = len(s["players"])
    start, count = (s["active"], seats) if after is None else (after + 1, seats - 1)
    order = [(start + i) % seats for i in range(count)]
    s["window"] = [q for q in order if _can_respond(s, q)]


def step(s: State) -> None:
    """One step of a stack nobody is being asked about: once the item above the top has resolved,
    ask every seat again (M30); else resolve the top (last in, first out: M15)."""
    top = s["stack"][-1]
    if not top.get("asked", True):
        top["asked"] = True
        _open_window(s, None)
        return
    _resolve(s, s["stack"].pop())
    if s["stack"]:
        s["stack"][-1]["asked"] = False


def _resolve(s: State, item: dict[str, Any]) -> None:
    kind, p, cid = item["kind"], item["player"], item["card"]
    perms = s["perms"]
    if p in s["eliminated"]:  # M26: its cards go to its discard pile, its actions are void
        log(s, p, "fizzle", f"{name_of(s, cid)} fizzles")
        if kind in ("play", "spell"):
            s["players"][p]["discard"].extend([cid] + ([item["equipment"]] if item.get("equipment") else []))
        return
    if kind == "play":
        pt = (item["x"], item["y"])
        if not available(s, pt, bool(card_of(s, cid)["swimming"])):
            s["players"][p]["hand"].append(cid)  # the field was taken meanwhile: back to the hand
            if item.get("equipment"):
                s["players"][p]["hand"].append(item["equipment"])
            return
        new_perm(s, cid, p, *pt)
        log(s, p, "play", f"P{p + 1} plays {name_of(s, cid)} on ({pt[0]}, {pt[1]})", card=cid)
        if item.get("equipment"):
            eq = item["equipment"]
            perm = new_perm(s, eq, p, *pt)
            s["occ"][pt[1]][pt[0]] = cid
            perm["on"] = cid
            perms[cid]["stack"].append(eq)
    elif kind == "spell":
        aim = spell_aim(card_of(s, cid))
        target = item.get("target")
        if aim is not None and target not in targets(s, aim, p, source=None):
            log(s, p, "fizzle", f"{name_of(s, cid)} fizzles")
        else:
            log(s, p, "spell", f"P{p + 1}'s {name_of(s, cid)} resolves", card=cid)
            for each in card_of(s, cid)["effects"]:
                run_term(s, term_of(each), each, p, None, target)
        s["players"][p]["discard"].append(cid)  # rules.md: after it resolves
    elif cid not in perms:
        log(s, p, "fizzle", "the unit is gone: its action fizzles")
    elif kind in ("move", "road"):
        pt = (item["x"], item["y"])
        if not available(s, pt, bool(card_of(s, cid)["swimming"])):
            log(s, p, "fizzle", f"{name_of(s, cid)} cannot move there any more")
            return
        move_to(s, cid, *pt)
        log(s, p, "move", f"{name_of(s, cid)} moves to ({pt[0]}, {pt[1]})", card=cid)
    elif kind == "attack":
        if item["target"] in perms and can_hit(s, cid, item["target"]):
            combat(s, cid, item["target"])
        else:
            log(s, p, "fizzle", f"{name_of(s, cid)}'s attack fizzles")
    elif kind in ("full", "free"):
        effect = card_of(s, cid)["effects"][item["effect"]]
        target = item.get("target")
        if target is not None and target not in perms:
            log(s, p, "fizzle", "the target is gone")
            return
        log(s, p, kind, f"{name_of(s, cid)}: {kind} action", card=cid)
        run_term(s, term_of(effect), effect, p, cid, target)
