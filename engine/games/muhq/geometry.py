"""Where permanents may stand and go, and what a unit's figures are there (M1, M2, M6, M7, M13, M14).

- ``available``: a field a permanent may be put on (free, and water for a swimmer, any but deep
  water for the rest: M6).
- ``reach``: the fields a unit can end a move on: paths of steps to the eight neighbours through
  available fields, every second diagonal step costing 2 (M1, M7); a non-swimmer stops on the first
  Wasser field it enters (maps.md); a move may end on an own unit with free Crew capacity (M7).
- ``road_reach``: the extra move along edge-connected road fields (M7, maps.md).
- ``stats``: a unit's figures with its equipment, its allies' auras and the turn's bonuses, the
  Turm's +1 range for ranged units (M14); ``attack_at``: the stack's attack at a distance (M2).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.muhq.calc import distance
from engine.games.muhq.maps import WATER, Map, load_map
from engine.games.muhq.state import State, allied, card_of, game_map

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONAL = NEIGHBOURS[:4]
Point = tuple[int, int]


def terrain_ok(gm: Map, point: Point, swimming: bool) -> bool:
    """M6: swimmers on water of any depth only, the others anywhere but deep water."""
    tile = gm.grid[point[1]][point[0]]
    return tile in WATER if swimming else tile != "tiefes_wasser"


def available(s: State, point: Point, swimming: bool, gm: Map | None = None) -> bool:
    """A free field of the map the permanent may stand on (rules.md "Verfügbare Felder", M6)."""
    gm = gm or game_map(s)
    x, y = point
    if not (0 <= x < gm.width and 0 <= y < gm.height) or s["occ"][y][x] is not None:
        return False
    return terrain_ok(gm, point, swimming)


def crew_room(s: State, pid: str) -> int:
    """How many more units may crew ``pid`` (Crew X minus the units already on it)."""
    crew = int(card_of(s, pid)["crew"])
    if not crew:
        return 0
    aboard = sum(1 for other in s["perms"][pid]["stack"] if card_of(s, other)["type"] == "unit")
    return crew - aboard


Step = tuple[int, int, int]  # a neighbour field: its index, x, y
Graph = tuple[int, tuple[tuple[Step, ...], ...], tuple[tuple[Step, ...], ...], tuple[bool, ...], tuple[bool, ...]]


@cache
def _graph(slug: str, swimming: bool) -> Graph:
    """Per map and kind of permanent: the map's width, each field's orthogonal and diagonal
    neighbours (index, x, y), whether it may stand there (M6) and whether a move stops on it
    (Wasser for a non-swimmer); fields are numbered ``y * width + x``."""
    gm = load_map(slug)
    width, height = gm.width, gm.height
    straight, diagonal = [], []
    for y in range(height):
        for x in range(width):
            near = [(dx, dy) for dx, dy in NEIGHBOURS if 0 <= x + dx < width and 0 <= y + dy < height]
            steps = [((y + dy) * width + x + dx, x + dx, y + dy, dx != 0 and dy != 0) for dx, dy in near]
            straight.append(tuple(step[:3] for step in steps if not step[3]))
            diagonal.append(tuple(step[:3] for step in steps if step[3]))
    fields = [(x, y) for y in range(height) for x in range(width)]
    stand = tuple(terrain_ok(gm, point, swimming) for point in fields)
    stops = tuple(not swimming and gm.tile(point) == "wasser" for point in fields)
    return width, tuple(straight), tuple(diagonal), stand, stops


@cache
def distances(slug: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Per map: its width and the M1 distance (``calc.distance``) between every two fields,
    numbered ``y * width + x`` (the AI's moves rate each end field by it)."""
    gm = load_map(slug)
    fields = [(x, y) for y in range(gm.height) for x in range(gm.width)]
    return gm.width, tuple(tuple(distance(a, b) for b in fields) for a in fields)


@cache
def _standing(slug: str, swimming: bool) -> tuple[tuple[tuple[Step, ...], ...], tuple[tuple[Step, ...], ...]]:
    """``_graph``'s straight and diagonal neighbours without the fields the permanent may not stand
    on (for a move that cannot end on a crew base, those are never entered)."""
    _, straight, diagonal, stand, _ = _graph(slug, swimming)
    return (
        tuple(tuple(step for step in steps if stand[step[0]]) for steps in straight),
        tuple(tuple(step for step in steps if stand[step[0]]) for steps in diagonal),
    )


def _crewable(s: State, pid: str) -> bool:
    return card_of(s, pid)["type"] == "unit" and crew_room(s, pid) > 0


def reach(s: State, pid: str, budget: int) -> tuple[dict[Point, int], list[str]]:
    """The fields ``pid`` can end a move of ``budget`` steps on (with their cost), and the own
    units with free Crew capacity it can end the move on (M7, M18).

    A shortest-path search over (field, whether the next diagonal step is the costly second one):
    the states are taken in order of their cost (a bucket per cost, every step costs 1 or 2), so
    each is expanded once, at its cheapest cost."""
    perms = s["perms"]
    perm = perms[pid]
    catalog, cards = s["catalog"], s["cards"]
    card = catalog[cards[pid]]
    width, straight, diagonal, stand, stops = _graph(s["variant"], bool(card["swimming"]))
    occ = s["occ"]
    start = perm["y"] * width + perm["x"]
    crews: set[str] = set()
    crewable: dict[str, bool] = {}  # per own unit met: whether it has free Crew capacity
    can_crew = card["type"] == "unit" and not any(catalog[cards[o]]["type"] == "unit" for o in perm["stack"])
    me = perm["controller"]
    if budget == 1:  # the common case: one step, to a neighbour (a diagonal first step costs 1)
        near: dict[Point, int] = {}
        for steps in (straight[start], diagonal[start]):
            for other_field, x, y in steps:
                other = occ[y][x]
                if other is None:
                    if stand[other_field]:
                        near[(x, y)] = 1
                elif can_crew and other != pid and perms[other]["controller"] == me and _crewable(s, other):
                    crews.add(other)
        return near, sorted(crews)
    best: dict[int, int] = {start * 2: 0}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    if budget > 0:
        buckets[0].append(start * 2)
    limit = budget + 1
    if not can_crew:  # only free fields it may stand on matter: drop the others beforehand
        straight, diagonal = _standing(s["variant"], bool(card["swimming"]))
    for cost in range(budget):  # a state at the full budget has no step left
        for key in buckets[cost]:
            if best[key] != cost:
                continue  # reached more cheaply meanwhile: expanded there
            field, odd = key >> 1, key & 1
            if field != start and stops[field]:
                continue  # maps.md: a move ends on the first Wasser field entered
            total = cost + 1  # a straight step (within the budget: cost < budget)
            for other_field, x, y in straight[field]:
                other = occ[y][x]
                if other is not None:
                    if can_crew and other != pid and perms[other]["controller"] == me:
                        if other not in crewable:
                            crewable[other] = _crewable(s, other)
                        if crewable[other]:
                            crews.add(other)
                    continue
                if not stand[other_field]:
                    continue
                nkey = other_field * 2 + odd
                if best.get(nkey, limit) <= total:
                    continue
                best[nkey] = total
                buckets[total].append(nkey)
            total = cost + 1 + odd  # a diagonal step: every second one costs 2
            if total > budget:
                continue
            shift = odd ^ 1
            for other_field, x, y in diagonal[field]:
                other = occ[y][x]
                if other is not None:
                    if can_crew and other != pid and perms[other]["controller"] == me:
                        if other not in crewable:
                            crewable[other] = _crewable(s, other)
                        if crewable[other]:
                            crews.add(other)
                    continue
                if not stand[other_field]:
                    continue
                nkey = other_field * 2 + shift
                if best.get(nkey, limit) <= total:
                    continue
                best[nkey] = total
                buckets[total].append(nkey)
    ends: dict[Point, int] = {}
    for key, cost in best.items():
        field = key >> 1
        if field == start:
            continue
        point = (field % width, field // width)
        if ends.get(point, limit) > cost:
            ends[point] = cost
    return ends, sorted(crews)


def road_reach(s: State, pid: str, budget: int) -> list[Point]:
    """M7: the road fields reachable from a road field along edge-connected road fields."""
    gm = game_map(s)
    perm = s["perms"][pid]
    start = (perm["x"], perm["y"])
    if gm.grid[start[1]][start[0]] != "strasse":
        return []
    swimming = bool(card_of(s, pid)["swimming"])
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for x, y in frontier:
            for dx, dy in ORTHOGONAL:
                point = (x + dx, y + dy)
                if point in seen or seen[(x, y)] + 1 > budget:
                    continue
                if not (0 <= point[0] < gm.width and 0 <= point[1] < gm.height):
                    continue
                if gm.grid[point[1]][point[0]] != "strasse" or not available(s, point, swimming, gm):
                    continue
                seen[point] = seen[(x, y)] + 1
                nxt.append(point)
        frontier = nxt
    return sorted(p for p in seen if p != start)


# --- figures ------------------------------------------------------------------------------------


def _bonus(s: State, pid: str) -> dict[str, int]:
    """What equipment on the unit, allied auras in range 1 and the turn's spells add."""
    perm = s["perms"][pid]
    catalog, cards = s["catalog"], s["cards"]
    total: dict[str, int] = dict(perm["buff"])
    for other in perm["stack"]:
        for stat, n in catalog[cards[other]]["equip"].items():
            total[stat] = total.get(stat, 0) + n
    base = s["perms"][perm["on"]] if perm["on"] else perm
    bx, by, me = base["x"], base["y"], perm["controller"]
    for src in s["auras"]:
        other = s["perms"][src]
        aura = catalog[cards[src]]["aura"]
        if src == pid or other["on"] is not None:
            continue
        if abs(other["x"] - bx) > 1 or abs(other["y"] - by) > 1 or not allied(s, other["controller"], me):
            continue
        for stat, n in aura.items():
            total[stat] = total.get(stat, 0) + n
    return total


def stats(s: State, pid: str) -> dict[str, Any]:
    """A permanent's figures now: attack, range, health, life, movement, armor."""
    card = card_of(s, pid)
    perm = s["perms"][pid]
    if card["type"] != "unit":
        solid = int(card["solid"])
        return {"attack": 0, "range": 0, "health": solid, "life": solid - perm["damage"], "movement": 0, "armor": 0}
    bonus = _bonus(s, pid)
    rng = int(card["range"]) + bonus.get("range", 0)
    base = s["perms"][perm["on"]] if perm["on"] else perm
    if rng > 1 and game_map(s).grid[base["y"]][base["x"]] == "turm":
        rng += 1  # M14: the Turm's high ground
    health = int(card["health"]) + bonus.get("health", 0)
    return {
        "attack": max(0, int(card["attack"]) + bonus.get("attack", 0)),
        "range": rng,
        "health": health,
        "life": health - perm["damage"],
        "movement": max(0, int(card["movement"]) + bonus.get("movement", 0)),
        "armor": int(card["armor"]) + bonus.get("armor", 0),
    }


def _attack_and_range(s: State, pid: str) -> tuple[int, int]:
    """``stats(s, pid)``'s attack and range, without the other figures (attack_profile's hot path)."""
    card = card_of(s, pid)
    if card["type"] != "unit":
        return 0, 0
    perm = s["perms"][pid]
    bonus = _bonus(s, pid)
    rng = int(card["range"]) + bonus.get("range", 0)
    if rng > 1:
        base = s["perms"][perm["on"]] if perm["on"] else perm
        if game_map(s).grid[base["y"]][base["x"]] == "turm":
            rng += 1  # M14: the Turm's high ground
    return max(0, int(card["attack"]) + bonus.get("attack", 0)), rng


def attack_profile(s: State, pid: str) -> list[tuple[int, int]]:
    """M2: ``(attack, range)`` of the unit and of every unit crewing it."""
    catalog, cards = s["catalog"], s["cards"]
    units = [pid] + [o for o in s["perms"][pid]["stack"] if catalog[cards[o]]["type"] == "unit"]
    profile = []
    for unit in units:
        attack, rng = _attack_and_range(s, unit)
        if attack > 0 and rng > 0:
            profile.append((attack, rng))
    return profile


def attack_at(profile: list[tuple[int, int]], dist: int) -> int:
    """M2: the attack at distance ``dist``: the sum of the attacks whose range reaches it."""
    return sum(a for a, r in profile if r >= dist) if dist >= 1 else 0


def dist(s: State, a: str, b: str) -> int:
    pa, pb = s["perms"][a], s["perms"][b]
    return distance((pa["x"], pa["y"]), (pb["x"], pb["y"]))


def can_hit(s: State, attacker: str, target: str, profile: list[tuple[int, int]] | None = None) -> bool:
    """The target is within the attack of ``attacker``'s stack; a unit on a Haus only at range 1."""
    d = dist(s, attacker, target)
    if d < 1:
        return False
    tp = s["perms"][target]
    if d > 1 and game_map(s).grid[tp["y"]][tp["x"]] == "haus":
        return False  # maps.md: units on a Haus can only be attacked in range 1
    return attack_at(profile if profile is not None else attack_profile(s, attacker), d) > 0
