"""The course of a muhq match: turns and phases, the legal actions, the action stack, the Kraken.

A turn (rules.md "Zug Struktur"): the seat's cards untap (M8), it draws up to three (M11), upkeep
(income M10, ``upkeep`` effects, paying the units M9), the action phase, the buy phase (one buy,
discards), end of turn (turn bonuses end, Stecken des Sieges and capture points are checked, M20).
Against the Kraken, it takes its turn after each full round (M21, ki.md).

The action stack (M15): playing a card, a spell, a move, an attack, a full or a free action is put
on ``state["stack"]``; then the other seats that could answer (a spell with a target, a free action
they can pay) are asked in turn order (``state["window"]``) to respond with a fast action or pass;
a response asks the others again; when all have passed, the stack resolves from the top. An item
whose unit or target is gone, or whose field is taken, fizzles.
"""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.muhq import behaviours
from engine.games.muhq.calc import distance
from engine.games.muhq.geometry import (
    NEIGHBOURS,
    attack_profile,
    available,
    can_hit,
    reach,
    road_reach,
    stats,
    terrain_ok,
)
from engine.games.muhq.rules import (
    board,
    check_defeat,
    combat,
    finish,
    free_actions,
    full_actions,
    gain,
    move_to,
    new_perm,
    play_fields,
    regions_held,
    remove,
    run_effect,
    run_term,
    targets,
    term_of,
    upkeep_due,
)
from engine.games.muhq.state import (
    HAND_SIZE,
    KRAKEN,
    State,
    card_of,
    draw,
    enemies,
    game_map,
    is_kraken_mode,
    log,
    name_of,
    rng_of,
    top_perms,
    units_of,
)

PERMANENT_TYPES = ("unit", "artifact", "equipment")
STACKED = ("play", "spell", "move", "road", "attack", "full", "free")


def actor(s: State) -> int | None:
    """The seat to act: a seat asked to respond, one with a pending choice, else the active one."""
    if s["outcome"] is not None:
        return None
    if s["draft"] is not None:
        return int(s["draft"]["to_pick"][0])
    if s["window"]:
        return int(s["window"][0])
    if s["pending"] is not None:
        return int(s["pending"]["player"])
    return int(s["active"])


def _xy(point: tuple[int, int]) -> str:
    return f"{point[0]},{point[1]}"


# --- legal actions ------------------------------------------------------------------------------


def legal(s: State, p: int) -> list[Action]:
    if s["draft"] is not None:
        from engine.games.muhq.draft import draft_actions

        return draft_actions(s, p)
    if s["window"]:
        return [Action("pass", "Pass (let the stack resolve)"), *fast_actions(s, p), *exchanges(s, p)]
    pending = s["pending"]
    if pending is not None:
        return _pending_actions(s, pending)
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


def _pending_actions(s: State, pending: dict[str, Any]) -> list[Action]:
    if pending["kind"] == "upkeep":
        return [
            Action(f"release:{pid}", f"Let {name_of(s, pid)} go unpaid (it is defeated)", {"unit": pid})
            for pid in units_of(s, pending["player"])
            if card_of(s, pid)["upkeep"] > 0
        ]
    aid = pending["artifact"]
    unit = s["perms"][pending["unit"]]
    gm = game_map(s)
    fields = [
        pt for pt in gm.within((unit["x"], unit["y"]), 1) if available(s, pt, bool(card_of(s, aid)["swimming"]), gm)
    ]
    return [
        Action(
            f"setdown:{aid}:{_xy(pt)}",
            f"Set {name_of(s, aid)} down on ({pt[0]}, {pt[1]})",
            {"card": aid, "x": pt[0], "y": pt[1]},
        )
        for pt in fields
    ]


def _buy_actions(s: State, p: int) -> list[Action]:
    me = s["players"][p]
    found = []
    if not me["bought"]:
        for cid in me["store"]:
            cost = card_of(s, cid)["cost"]
            if cost <= me["resources"]:
                found.append(Action(f"buy:{cid}", f"Buy {name_of(s, cid)} for {cost}", {"card": cid, "cost": cost}))
    found += [Action(f"discard:{cid}", f"Discard {name_of(s, cid)}", {"card": cid}) for cid in me["hand"]]
    found += exchanges(s, p)
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
    found = []
    for cid in s["players"][p]["hand"]:
        card = card_of(s, cid)
        if card["type"] != "spell":
            continue
        effect = card["effects"][0]
        if term_of(effect) in ("damage", "heal", "poison", "paralysis", "panic", "destroy", "buff"):
            for target in targets(s, effect, p, source=None):
                label = f"Cast {card['name']} on {aimed(s, target)}"
                found.append(Action(f"spell:{cid}:{target}", label, {"card": cid, "target": target}))
        else:
            found.append(Action(f"spell:{cid}", f"Cast {card['name']}", {"card": cid, "target": None}))
    for pid, index, aim in free_actions(s, p):
        suffix = f":{aim}" if aim else ""
        label = f"Free action of {name_of(s, pid)}" + (f" on {aimed(s, aim)}" if aim else "")
        found.append(Action(f"free:{pid}:{index}{suffix}", label, {"card": pid, "effect": index, "target": aim}))
    return found


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


# --- applying -----------------------------------------------------------------------------------


def apply(s: State, p: int, action: Action) -> None:
    kind = action.id.split(":", 1)[0]
    params = dict(action.params)
    if kind == "draft":
        from engine.games.muhq.draft import apply_pick

        apply_pick(s, p, params["card"])
        return
    if kind == "pass":
        s["window"].pop(0)
        if not s["window"]:
            resolve_stack(s)
    elif kind == "exchange":
        for cid in params["cards"]:
            s["players"][p]["hand"].remove(cid)
            s["players"][p]["discard"].append(cid)
        log(s, p, "exchange", f"P{p + 1} discards two cards for 1 resource")
        gain(s, p, 1)
    elif kind in STACKED:
        _commit(s, p, kind, params)
    elif kind == "release":
        remove(s, params["unit"], "defeated")
        _upkeep_payment(s, p)
    elif kind == "setdown":
        _set_down(s, p, params)
    elif kind == "buy":
        me = s["players"][p]
        me["store"].remove(params["card"])
        me["discard"].append(params["card"])
        me["resources"] -= params["cost"]
        me["bought"] = True
        log(s, p, "buy", f"P{p + 1} buys {name_of(s, params['card'])}", card=params["card"])
    elif kind == "discard":
        s["players"][p]["hand"].remove(params["card"])
        s["players"][p]["discard"].append(params["card"])
    elif action.id == "end:actions":
        s["phase"] = "buy"
    elif action.id == "end:turn":
        end_turn(s)
    else:
        _unit_step(s, p, kind, params)
    _close_activation(s)


def _commit(s: State, p: int, kind: str, params: dict[str, Any]) -> None:
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
    """Whether ``fast_actions(s, q)`` is not empty, without building its actions."""
    for cid in s["players"][q]["hand"]:
        card = card_of(s, cid)
        if card["type"] != "spell":
            continue
        effect = card["effects"][0]
        if term_of(effect) not in ("damage", "heal", "poison", "paralysis", "panic", "destroy", "buff"):
            return True
        if targets(s, effect, q, source=None):
            return True
    return bool(free_actions(s, q))


def _open_window(s: State, after: int) -> None:
    seats = len(s["players"])
    order = [(after + i) % seats for i in range(1, seats)]
    s["window"] = [q for q in order if _can_respond(s, q)]
    if not s["window"]:
        resolve_stack(s)


def resolve_stack(s: State) -> None:
    """Last in, first out (M15); the rest resolves without new questions (engine rule choice 3)."""
    while s["stack"] and s["outcome"] is None:
        _resolve(s, s["stack"].pop())
    s["stack"] = []


def _resolve(s: State, item: dict[str, Any]) -> None:
    kind, p, cid = item["kind"], item["player"], item["card"]
    perms = s["perms"]
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
        effect = card_of(s, cid)["effects"][0]
        target = item.get("target")
        if target is not None and target not in targets(s, effect, p, source=None):
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


def _unit_step(s: State, p: int, kind: str, params: dict[str, Any]) -> None:
    pid = params["card"]
    if kind == "activate":
        activate(s, p, pid)
        return
    act = s["activation"]
    assert act is not None
    if kind == "done":
        act["move"] = act["attack"] = False
    elif kind == "recover":
        s["perms"][pid]["markers"]["paralysis"] -= 1
        act["move" if act["move"] else "attack"] = False
        log(s, p, "recover", f"{name_of(s, pid)} shakes off a paralysis marker", card=pid)
    elif kind == "crew":
        board(s, pid, params["base"])
        act["move"] = act["attack"] = False
        log(s, p, "crew", f"{name_of(s, pid)} crews {name_of(s, params['base'])}", card=pid)
    elif kind in ("swap", "equip"):
        act["move" if act["move"] else "attack"] = False
        act["full"] = None
        target = params["target"]
        if kind == "equip":
            s["occ"][s["perms"][target]["y"]][s["perms"][target]["x"]] = None
            s["perms"][target]["on"] = pid
            s["perms"][target]["controller"] = p
            s["perms"][pid]["stack"].append(target)
            s["perms"][target]["x"], s["perms"][target]["y"] = s["perms"][pid]["x"], s["perms"][pid]["y"]
            log(s, p, "equip", f"{name_of(s, pid)} equips {name_of(s, target)}", card=pid)
        else:
            a, b = s["perms"][pid], s["perms"][target]
            (ax, ay), (bx, by) = (a["x"], a["y"]), (b["x"], b["y"])
            s["occ"][ay][ax], s["occ"][by][bx] = target, pid
            from engine.games.muhq.rules import set_pos

            set_pos(s, pid, bx, by)
            set_pos(s, target, ax, ay)
            log(s, p, "swap", f"{name_of(s, pid)} swaps fields with {name_of(s, target)}", card=pid)
    elif kind == "carry":
        act["move"] = act["attack"] = act["road"] = False
        act["full"] = None
        aid = params["target"]
        art = s["perms"][aid]
        home = (art["x"], art["y"])
        s["occ"][home[1]][home[0]] = None
        move_to(s, pid, params["x"], params["y"])
        art["x"], art["y"] = params["x"], params["y"]
        log(s, p, "carry", f"{name_of(s, pid)} carries {name_of(s, aid)}", card=pid)
        s["pending"] = {"kind": "setdown", "player": p, "artifact": aid, "unit": pid}
        if not _pending_actions(s, s["pending"]):  # nowhere next to the unit: it stays where it was
            _set_down(s, p, {"card": aid, "x": home[0], "y": home[1]})


def _set_down(s: State, p: int, params: dict[str, Any]) -> None:
    aid = params["card"]
    s["occ"][params["y"]][params["x"]] = aid
    from engine.games.muhq.rules import set_pos

    set_pos(s, aid, params["x"], params["y"])
    s["pending"] = None
    log(s, p, "setdown", f"{name_of(s, aid)} is set down on ({params['x']}, {params['y']})", card=aid)


def activate(s: State, p: Any, pid: str) -> None:
    """M8/M19/M24: poison grows, panic runs Scheu, an AI keyword runs its behaviour; else the
    player chooses the unit's actions."""
    perm = s["perms"][pid]
    card = card_of(s, pid)
    log(s, p, "activate", f"{card['name']} is activated", card=pid)
    if perm["markers"]["poison"] > 0:
        perm["markers"]["poison"] += 1  # M19
        check_defeat(s, pid)
        if pid not in s["perms"]:
            return
    if perm["on"] is None and perm["markers"]["panic"] > 0:
        perm["markers"]["panic"] -= 1
        behaviours.run(s, pid, "scheu")
        _tap(s, pid)
        return
    if card["ai"] is not None and perm["on"] is None:
        behaviours.run(s, pid, card["ai"]["kind"], card["ai"]["x"])
        _tap(s, pid)
        return
    if p == KRAKEN:
        behaviours.run(s, pid, "aggressive")
        _tap(s, pid)
        return
    on_road = perm["on"] is None and game_map(s).grid[perm["y"]][perm["x"]] == "strasse"
    s["activation"] = {"unit": pid, "move": True, "attack": perm["on"] is None, "road": on_road, "full": True}


def auto_activate(s: State, p: Any, pid: str) -> None:
    """An activation the engine runs whole (the Kraken's units: their behaviour, else Aggressive)."""
    activate(s, p, pid)
    _tap(s, pid)


def _tap(s: State, pid: str) -> None:
    if pid in s["perms"]:
        s["perms"][pid]["tapped"] = True


def _close_activation(s: State) -> None:
    act = s["activation"]
    if act is None or s["window"] or s["pending"] is not None:
        return
    pid = act["unit"]
    if pid not in s["perms"] or s["outcome"] is not None:
        s["activation"] = None
        return
    if not act["move"] and not act["attack"]:
        _tap(s, pid)
        s["activation"] = None


# --- the turn -----------------------------------------------------------------------------------


def start_turn(s: State, p: int) -> None:
    """Untap, draw up to three, upkeep (M8, M9, M10, M11)."""
    s["active"], s["phase"], s["activation"] = p, "actions", None
    s["turn"] += 1
    me = s["players"][p]
    me["bought"] = False
    for perm in s["perms"].values():
        if perm["controller"] == p:
            perm["tapped"] = False
    draw(s, p, max(0, HAND_SIZE - len(me["hand"])))
    gm = game_map(s)
    gain(s, p, gm.resources_per_turn)
    for pid in [pid for pid, perm in s["perms"].items() if perm["controller"] == p]:
        for effect in card_of(s, pid)["effects"] if pid in s["perms"] else []:
            if effect.get("when") == "upkeep":
                run_effect(s, effect, p, source=pid)
    log(s, p, "turn", f"P{p + 1}'s turn {s['turn']} begins")
    _upkeep_payment(s, p)


def _upkeep_payment(s: State, p: int) -> None:
    """M9: when the resources cover every unit's upkeep all are paid; otherwise the controller
    lets units go (each defeated) until they do."""
    if s["outcome"] is not None:
        return
    due = upkeep_due(s, p)
    me = s["players"][p]
    if due > me["resources"]:
        s["pending"] = {"kind": "upkeep", "player": p}
        return
    me["resources"] -= due
    s["pending"] = None


def end_turn(s: State) -> None:
    """Turn bonuses end; Stecken des Sieges (its holder's turn) and capture points (an opponent's
    turn) are checked (M20); the next seat begins, the Kraken after each full round (M21)."""
    p = s["active"]
    for perm in s["perms"].values():
        perm["buff"] = {}
    victory = game_map(s).victory
    seats = len(s["players"])
    if victory.kind == "staff_of_victory":
        for pid, perm in s["perms"].items():
            if card_of(s, pid)["victory"] and perm["on"] is not None and perm["controller"] == p:
                finish(s, [p], "staff_of_victory")
                return
    if victory.kind == "capture_points":
        held = regions_held(s)
        need = int(victory.params.get("hold", 1))
        for q in range(seats):
            if q != p and held[q] >= need and all(held[q] > held[o] for o in range(seats) if o != q):
                finish(s, [q], "capture_points")
                return
    nxt = (p + 1) % seats
    if nxt == s["first"]:
        if is_kraken_mode(s):
            kraken_turn(s)
            if s["outcome"] is not None:
                return
        s["round"] += 1
        if s["round"] > int(s["options"]["max_rounds"]):
            finish(s, [], "turn_limit")
            return
    start_turn(s, nxt)


# --- the Kraken (ki.md, M21) --------------------------------------------------------------------


def kraken_turn(s: State) -> None:
    """ki.md's turn of the Kraken, step by step; then its units act by their behaviours in a
    random order; the players lose when afterwards none of them controls a unit."""
    k = s["kraken"]
    gm = game_map(s)
    assert gm.kraken is not None
    log(s, KRAKEN, "turn", "The Kraken's turn begins")
    for perm in s["perms"].values():
        if perm["controller"] == KRAKEN:
            perm["tapped"] = False
    if not k["deck"] and k["discard"]:  # 0.
        k["deck"] = sorted(k["discard"])
        k["discard"] = []
        rng_of(s).shuffle(k["deck"])
    gain(s, KRAKEN, gm.kraken.resources(len(s["players"])))  # 1.
    boss = gm.victory.params.get("unit")
    while upkeep_due(s, KRAKEN) > k["resources"]:  # 2.1
        victims = sorted(pid for pid in units_of(s, KRAKEN) if card_of(s, pid)["slug"] != boss)
        if not victims:
            break
        remove(s, rng_of(s).choice(victims), "defeated")
    k["resources"] = max(0, k["resources"] - upkeep_due(s, KRAKEN))  # 2.2
    while k["deck"] and s["outcome"] is None:  # 3.
        cid = k["deck"].pop()  # 3.1
        if not _kraken_plays(s, cid):  # 3.2
            k["discard"].append(cid)  # 4.
            break
    order = sorted(units_of(s, KRAKEN))
    rng_of(s).shuffle(order)
    for pid in order:
        if s["outcome"] is not None:
            return
        if pid in s["perms"] and not s["perms"][pid]["tapped"] and s["perms"][pid]["on"] is None:
            auto_activate(s, KRAKEN, pid)
    if s["outcome"] is None and not any(units_of(s, p) for p in range(len(s["players"]))):
        finish(s, [], "kraken_won")


def _kraken_plays(s: State, cid: str) -> bool:
    """M21: a unit is playable onto a free Kraken start field (chosen at random), a spell when it
    has a player's unit to aim at (a helpful one: a Kraken unit)."""
    card = card_of(s, cid)
    if card["type"] == "spell":
        effect = card["effects"][0]
        from engine.games.muhq.rules import harmful

        options = [
            t
            for t in targets(s, effect, KRAKEN, source=None)
            if (s["perms"][t]["controller"] == KRAKEN) != harmful(effect)
        ]
        if term_of(effect) in ("damage", "heal", "poison", "paralysis", "panic", "destroy", "buff") and not options:
            return False
        target = rng_of(s).choice(options) if options else None
        log(s, KRAKEN, "spell", f"The Kraken casts {card['name']}", card=cid)
        run_term(s, term_of(effect), effect, KRAKEN, None, target)
        s["kraken"]["discard"].append(cid)
        return True
    fields = play_fields(s, KRAKEN, cid)
    if not fields:
        return False
    x, y = rng_of(s).choice(fields)
    new_perm(s, cid, KRAKEN, x, y)
    log(s, KRAKEN, "play", f"The Kraken plays {card['name']} on ({x}, {y})", card=cid)
    return True


def start_match(s: State) -> None:
    """M22: the first seat by the match's random source (or the option); its first turn begins."""
    first = s["options"].get("first_player")
    seats = len(s["players"])
    s["first"] = first if isinstance(first, int) and first < seats else rng_of(s).below(seats)
    s["turn"] = 0
    start_turn(s, s["first"])


def distance_between(s: State, a: str, b: str) -> int:
    pa, pb = s["perms"][a], s["perms"][b]
    return distance((pa["x"], pa["y"]), (pb["x"], pb["y"]))
