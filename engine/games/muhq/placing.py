"""Putting permanents on the map and moving them (M7, M18, M25): a new permanent, moving one with
its stack, crewing, and the fields a seat plays onto.
"""

from __future__ import annotations

from typing import Any

from engine.games.muhq.geometry import available
from engine.games.muhq.maps import HARBOUR_REACH
from engine.games.muhq.state import KRAKEN, MARKERS, Owner, State, card_of, game_map

Point = tuple[int, int]


def new_perm(s: State, cid: str, owner: Owner, x: int, y: int, piece: str | None = None) -> dict[str, Any]:
    """A permanent on the field (x, y), untapped and unhurt."""
    card = card_of(s, cid)
    perm: dict[str, Any] = {
        "owner": owner,
        "controller": owner,
        "x": x,
        "y": y,
        "damage": 0,
        "tapped": False,
        "markers": dict.fromkeys(MARKERS, 0),
        "stack": [],
        "on": None,
        "durability": int(card["durability"]),
        "buff": {},
        "vip": False,
        "piece": piece,
        "since": s["arrivals"],
    }
    s["arrivals"] += 1
    s["perms"][cid] = perm
    s["occ"][y][x] = cid
    if card["aura"]:
        s["auras"].append(cid)
    return perm


def set_pos(s: State, pid: str, x: int, y: int) -> None:
    """Move a permanent and its stack's figures to (x, y) (the caller keeps ``occ``)."""
    perm = s["perms"][pid]
    perm["x"], perm["y"] = x, y
    for member in perm["stack"]:
        set_pos(s, member, x, y)


def move_to(s: State, pid: str, x: int, y: int) -> None:
    """A top-level permanent or a crew member moves to the free field (x, y)."""
    perm = s["perms"][pid]
    if perm["on"] is not None:
        s["perms"][perm["on"]]["stack"].remove(pid)
        perm["on"] = None
    else:
        s["occ"][perm["y"]][perm["x"]] = None
    s["occ"][y][x] = pid
    set_pos(s, pid, x, y)


def board(s: State, pid: str, base: str) -> None:
    """A unit ends its move on an own unit with free Crew capacity: it joins the stack (M7, M18)."""
    perm = s["perms"][pid]
    if perm["on"] is not None:
        s["perms"][perm["on"]]["stack"].remove(pid)
    else:
        s["occ"][perm["y"]][perm["x"]] = None
    perm["on"] = base
    s["perms"][base]["stack"].append(pid)
    set_pos(s, pid, s["perms"][base]["x"], s["perms"][base]["y"])


def play_fields(s: State, p: Owner, cid: str) -> list[Point]:
    """M25: free own start fields; for a swimmer deep water within range 2 of an own harbour.
    The Kraken plays onto its own start fields (M21)."""
    gm = game_map(s)
    swimming = bool(card_of(s, cid)["swimming"])
    if p == KRAKEN:
        kraken = gm.kraken
        assert kraken is not None
        return [pt for pt in kraken.start_fields if available(s, pt, swimming, gm)]
    seat = gm.seats[int(p)]  # type: ignore[arg-type]
    if swimming:
        fields = {
            pt
            for harbour in seat.harbours
            for pt in gm.within(harbour, HARBOUR_REACH)
            if gm.tile(pt) == "tiefes_wasser" and available(s, pt, True, gm)
        }
        return sorted(fields)
    return [pt for pt in seat.start_fields if available(s, pt, False, gm)]
