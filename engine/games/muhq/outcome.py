"""How a muhq match is won (M20, M26, M27): the points that decide it, the end, the resources that
win on a resources map, the regions held on a capture-points map.
"""

from __future__ import annotations

from engine.core.match import Outcome
from engine.games.muhq.dropping import forget_aura, lift
from engine.games.muhq.state import Owner, State, card_of, discard_pile, game_map, log
from engine.games.muhq.state import gain as add_resources


def points(s: State, p: int) -> int:
    """The figure that decides the winner: regions held, buildings standing, else resources."""
    victory = game_map(s).victory
    if victory.kind == "capture_points":
        return regions_held(s)[p]
    if victory.kind == "destroy_buildings":
        return sum(1 for perm in s["perms"].values() if perm["piece"] == "building" and perm["owner"] == p)
    return int(s["players"][p]["resources"])


def finish(s: State, winners: list[int], termination: str) -> None:
    if s["outcome"] is not None:
        return
    seats = len(s["players"])
    s["outcome"] = Outcome(tuple(sorted(winners)), tuple(points(s, p) for p in range(seats)), termination).to_json()
    s["window"], s["pending"], s["activation"] = [], None, None
    log(s, None, "end", f"The match ends ({termination})", winners=sorted(winners))


def gain(s: State, owner: Owner, amount: int) -> None:
    """Resources for ``owner``; on a resources map the stock wins the moment it reaches the target (M20)."""
    add_resources(s, owner, amount)
    victory = game_map(s).victory
    target = int(victory.params.get("target", 0))
    if victory.kind == "resources" and isinstance(owner, int) and s["players"][owner]["resources"] >= target:
        finish(s, [owner], "resources")


def regions_held(s: State) -> list[int]:
    """Capture points: a region is held by the seat controlling more units in it than any other."""
    victory = game_map(s).victory
    held = [0] * len(s["players"])
    for region in victory.params.get("regions", []):
        fields = {(int(x), int(y)) for x, y in region["fields"]}
        count: dict[int, int] = {}
        for pid in units_on_map(s):
            perm = s["perms"][pid]
            if (perm["x"], perm["y"]) in fields and isinstance(perm["controller"], int):
                count[perm["controller"]] = count.get(perm["controller"], 0) + 1
        if count:
            top = max(count.values())
            leaders = [p for p, n in count.items() if n == top]
            if len(leaders) == 1:
                held[leaders[0]] += 1
    return held


def units_on_map(s: State) -> list[str]:
    return [pid for pid, perm in s["perms"].items() if card_of(s, pid)["type"] == "unit"]


def eliminate(s: State, seat: Owner) -> None:
    """M26 ("wie König im Schach"): the seat whose VIP fell is out at once. Its permanents leave
    the map for their owners' discard piles (no trigger: they are not destroyed), what another
    seat controls on them drops; it is asked nothing more and its turns are skipped."""
    if not isinstance(seat, int) or seat in s["eliminated"]:
        return
    s["eliminated"].append(seat)
    log(s, seat, "out", f"P{seat + 1} is out of the match")
    for pid in [pid for pid, perm in s["perms"].items() if perm["controller"] == seat and perm["on"] is None]:
        _leave(s, pid, seat)
    s["window"] = [q for q in s["window"] if q != seat]
    if s["pending"] is not None and s["pending"]["player"] == seat:
        s["pending"] = None
    for entry in list(s["dropping"]):
        if entry["perms"][entry["card"]]["controller"] == seat:  # its own, in the air: they leave too
            s["dropping"].remove(entry)
            for pid, perm in entry["perms"].items():
                (s["out"] if perm["piece"] else discard_pile(s, perm["owner"])).append(pid)
        elif entry["by"] == seat:
            entry["by"] = None  # the seeded random source places it (dropping.settle)


def _leave(s: State, pid: str, seat: int) -> None:
    perm = s["perms"].pop(pid)
    forget_aura(s, pid)
    if perm["on"] is None:
        s["occ"][perm["y"]][perm["x"]] = None
    (s["out"] if perm["piece"] else discard_pile(s, perm["owner"])).append(pid)
    for member in perm["stack"]:
        if s["perms"][member]["controller"] == seat:
            _leave(s, member, seat)
        else:
            lift(s, member, (perm["x"], perm["y"]), None)
