"""Permanents waiting to be set down (M31): a stack being dropped (rules.md "Permanent Stapel": its
base left the map) and an artifact being carried (M16). None of them stands on a field meanwhile,
so no state shows two permanents on one field; each is set down on an available field in range 1
of where it was, one after the other, the first first.

``state["dropping"]`` lists them in order, each ``{"card": id, "from": [x, y], "by": seat or
None, "home": [x, y] or None, "perms": {id: permanent}}``: the permanent with its own stack (its
crew's equipment, say), off the map; ``from`` the field its base stood on, or the carrying unit's;
``by`` the seat that places it, the one that controlled the base ("führt der Spieler, der das
zugrundeliegende Permanent kontrolliert", or carries the artifact), None where no seat does (the
Kraken, a neutral piece, a seat out of the match: M26), and then the match's seeded random source
places it at once; ``home`` the field a carried artifact goes back to when no field next to the
unit is free. A dropped permanent with no available field is destroyed; an equipment loses 1
durability with every drop and is destroyed below 1 (M17).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.match import Action
from engine.games.muhq.geometry import available
from engine.games.muhq.placing import set_pos
from engine.games.muhq.state import Owner, State, card_of, discard_pile, game_map, log, rng_of

Point = tuple[int, int]
Entry = dict[str, Any]


def chooser(s: State, controller: Owner) -> int | None:
    """The seat that places what drops from a permanent of ``controller``: that seat while it
    plays, else None (the seeded random source), as in the turns and activations the engine runs
    (``engine_runs``: every ambiguity there is the random source's, ki.md)."""
    if s.get("engine_runs") or not isinstance(controller, int) or controller in s["eliminated"]:
        return None
    return controller


def lift(s: State, pid: str, origin: Point, by: Owner, home: Point | None = None) -> None:
    """``pid`` (already taken from its base or its field) goes under ``dropping`` with its own
    stack, to be placed by ``by`` (the controller of what it stood on, or the carrying seat);
    dropped (not carried, ``home`` None), an equipment loses 1 durability first. Where no seat
    places it (``chooser``), it is set down at once."""
    perm = s["perms"][pid]
    perm["on"] = None
    by = chooser(s, by)
    if home is None and card_of(s, pid)["type"] == "equipment":
        perm["durability"] -= 1  # M17: every drop of its stack
        if perm["durability"] < 1:
            _destroy(s, pid, origin, by)
            return
    taken = {member: s["perms"].pop(member) for member in _with_stack(s, pid)}
    for member in taken:
        forget_aura(s, member)
    entry = {"card": pid, "from": list(origin), "by": by, "home": None if home is None else list(home), "perms": taken}
    s["dropping"].append(entry)
    if by is None:
        settle(s)


def _with_stack(s: State, pid: str) -> list[str]:
    return [pid, *(member for on in s["perms"][pid]["stack"] for member in _with_stack(s, on))]


def forget_aura(s: State, pid: str) -> None:
    """``pid`` no longer gives its allies a bonus (it left the map)."""
    if pid in s["auras"]:
        s["auras"].remove(pid)


def fields(s: State, entry: Entry) -> list[Point]:
    """The available fields in range 1 of where the entry was, for its kind of permanent (M6)."""
    gm = game_map(s)
    swimming = bool(card_of(s, entry["card"])["swimming"])
    x, y = entry["from"]
    return [pt for pt in gm.within((x, y), 1) if available(s, pt, swimming, gm)]


def settle(s: State) -> bool:
    """Set down what needs no seat's choice, in order: an entry without an available field (a
    carried artifact goes home, the rest is destroyed) and one no seat places. True while a seat
    must set the first down."""
    while s["dropping"]:
        entry = s["dropping"][0]
        free = fields(s, entry)
        if not free and entry["home"] is not None:
            place(s, entry, (entry["home"][0], entry["home"][1]))
        elif not free:
            s["dropping"].pop(0)
            s["perms"].update(entry["perms"])  # back for a moment, to leave the game with its stack
            _destroy(s, entry["card"], (entry["from"][0], entry["from"][1]), entry["by"])
        elif chooser(s, entry["by"]) is None:
            place(s, entry, rng_of(s).choice(sorted(free)))
        else:
            return True
    return False


def place(s: State, entry: Entry, point: Point) -> None:
    """Set the entry down on ``point``: it comes onto the map anew (its arrival counts from now)."""
    s["dropping"].remove(entry)
    for pid, perm in sorted(entry["perms"].items(), key=lambda item: int(item[1]["since"])):
        perm["since"] = s["arrivals"]
        s["arrivals"] += 1
        s["perms"][pid] = perm
        if card_of(s, pid)["aura"]:
            s["auras"].append(pid)
    pid, (x, y) = entry["card"], point
    s["occ"][y][x] = pid
    set_pos(s, pid, x, y)
    name = card_of(s, pid)["name"]
    if entry["home"] is not None:
        log(s, entry["by"], "setdown", f"{name} is set down on ({x}, {y})", card=pid)
    else:
        log(s, entry["by"], "dropped", f"{name} drops to ({x}, {y})", card=pid)


def _destroy(s: State, pid: str, origin: Point, by: Owner) -> None:
    """A dropped permanent with nowhere to go (or worn out) is destroyed; its own stack drops."""
    perm = s["perms"].pop(pid)
    forget_aura(s, pid)
    perm["x"], perm["y"] = origin
    (s["out"] if perm["piece"] else discard_pile(s, perm["owner"])).append(pid)
    log(s, by, "destroyed", f"{card_of(s, pid)['name']} is destroyed as its stack drops", card=pid)
    for member in perm["stack"]:
        lift(s, member, origin, by)


def setdown_actions(s: State) -> list[Action]:
    """The first entry's fields, for the seat that places it (M31)."""
    entry = s["dropping"][0]
    pid, name = entry["card"], card_of(s, entry["card"])["name"]
    return [
        Action(f"setdown:{pid}:{x},{y}", f"Set {name} down on ({x}, {y})", {"card": pid, "x": x, "y": y})
        for x, y in fields(s, entry)
    ]


def engine_runs(s: State, run: Callable[[], None]) -> None:
    """``run`` (a behaviour, the Kraken's turn) with every drop placed by the seeded random source
    at once: nobody is asked in the middle of what the engine runs."""
    outer = s.get("engine_runs", False)
    s["engine_runs"] = True
    try:
        run()
    finally:
        if outer:
            s["engine_runs"] = True
        else:
            del s["engine_runs"]
