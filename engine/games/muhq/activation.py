"""A unit's activation (M8, M19, M24): choosing an untapped unit, its steps that are not put on the
action stack (crewing, swapping, equipping, carrying, shaking off paralysis, tapping), and the
activations the engine runs whole (an AI keyword, panic, the Kraken's units).
"""

from __future__ import annotations

from typing import Any

from engine.games.muhq import behaviours
from engine.games.muhq.dropping import engine_runs, lift
from engine.games.muhq.placing import board, move_to, set_pos
from engine.games.muhq.rules import check_defeat
from engine.games.muhq.state import KRAKEN, State, card_of, game_map, log, name_of


def unit_step(s: State, p: int, kind: str, params: dict[str, Any]) -> None:
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
        log(s, p, "carry", f"{name_of(s, pid)} carries {name_of(s, aid)}", card=pid)
        lift(s, aid, (params["x"], params["y"]), p, home)  # M16, M31: set down next to the unit


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
        _run(s, pid, "scheu")
        return
    if card["ai"] is not None and perm["on"] is None:
        _run(s, pid, card["ai"]["kind"], card["ai"]["x"])
        return
    if p == KRAKEN:
        _run(s, pid, "aggressive")
        return
    on_road = perm["on"] is None and game_map(s).grid[perm["y"]][perm["x"]] == "strasse"
    s["activation"] = {"unit": pid, "move": True, "attack": perm["on"] is None, "road": on_road, "full": True}


def _run(s: State, pid: str, behaviour: str, x: int = 0) -> None:
    """An activation the engine runs by a behaviour of ki.md (M4, M19, M24), then the unit taps."""
    engine_runs(s, lambda: behaviours.run(s, pid, behaviour, x))
    _tap(s, pid)


def auto_activate(s: State, p: Any, pid: str) -> None:
    """An activation the engine runs whole (the Kraken's units: their behaviour, else Aggressive)."""
    activate(s, p, pid)
    _tap(s, pid)


def _tap(s: State, pid: str) -> None:
    if pid in s["perms"]:
        s["perms"][pid]["tapped"] = True


def close_activation(s: State) -> None:
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
