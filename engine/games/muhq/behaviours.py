"""The AI behaviours of ki.md, run by the engine (M4, M19, M24): Aggressive, Scheu, Wandelnd X and
Unterstützend, each executed step by step in ascending order; the unit is tapped when no step
applies any more. Every ambiguity (several targets, several end fields) is decided by the match's
seeded random source.

Reading of ki.md's words, where the rules leave them open:

- "gegnerische Unit": an enemy unit standing on its own field (crew cannot be attacked apart,
  M18); "in Angriffs Range": within the unit's (stack's) attack, Haus rules included.
- "Ziehe auf ... zu": a move (M7, without the road's extra move and without crewing) to the end
  field closest to the nearest such unit, only when it comes closer; "entferntester Punkt":
  the end field whose nearest enemy unit is farthest, only when farther than where it stands.
- "Aktiviere Volle-Aktion falls vorhanden": a full action with a target (healing needs a
  damaged ally, a harmful one an enemy); an Acker harvest for a Bauer on an Acker.
- A paralysed unit spends its actions on removing paralysis markers (M19) and does nothing else.
"""

from __future__ import annotations

from engine.games.muhq.calc import distance
from engine.games.muhq.geometry import attack_profile, can_hit, distances, reach, stats
from engine.games.muhq.placing import move_to
from engine.games.muhq.rules import combat, full_actions, harmful, run_term, term_of
from engine.games.muhq.state import KRAKEN, State, allied, card_of, log, name_of, rng_of, top_perms

Slots = dict[str, bool]


def _alive(s: State, pid: str) -> bool:
    return pid in s["perms"] and s["outcome"] is None


def enemy_units(s: State, pid: str) -> list[str]:
    """The enemy units standing on their own field, in arrival order (``state.enemies`` inlined:
    against the Kraken exactly one side is the Kraken, otherwise any other controller)."""
    perms = s["perms"]
    me = perms[pid]["controller"]
    catalog, cards = s["catalog"], s["cards"]
    if me is None:
        return []
    if s["kraken"] is not None:
        mine = me == KRAKEN
        return [
            o
            for o, p in perms.items()
            if p["on"] is None
            and p["controller"] is not None
            and (p["controller"] == KRAKEN) != mine
            and catalog[cards[o]]["type"] == "unit"
        ]
    return [
        o
        for o, p in perms.items()
        if p["on"] is None
        and p["controller"] is not None
        and p["controller"] != me
        and catalog[cards[o]]["type"] == "unit"
    ]


def ally_units(s: State, pid: str) -> list[str]:
    me = s["perms"][pid]["controller"]
    return [
        o
        for o in top_perms(s)
        if o != pid and card_of(s, o)["type"] == "unit" and allied(s, me, s["perms"][o]["controller"])
    ]


def _pos(s: State, pid: str) -> tuple[int, int]:
    return s["perms"][pid]["x"], s["perms"][pid]["y"]


def _nearest(row: tuple[int, ...], fields: list[int]) -> int:
    """The M1 distance to the nearest of ``fields``, from the field whose ``distances`` row is ``row``."""
    best = 10_000
    for field in fields:
        if row[field] < best:
            best = row[field]
    return best


def attack_if_possible(s: State, pid: str, slots: Slots, foes: list[str] | None = None) -> bool:
    """Attack a random enemy unit within the attack's range; whether it attacked. ``foes``:
    ``enemy_units(s, pid)`` where the caller has it for this state."""
    if not slots["attack"]:
        return False
    profile = attack_profile(s, pid)
    if not profile:
        return False
    longest = max(r for _, r in profile)
    perms = s["perms"]
    here = perms[pid]
    hx, hy = here["x"], here["y"]
    victims = [
        o
        for o in (enemy_units(s, pid) if foes is None else foes)
        if -longest <= perms[o]["x"] - hx <= longest
        and -longest <= perms[o]["y"] - hy <= longest
        and can_hit(s, pid, o, profile)
    ]
    if not victims:
        return False
    slots["attack"] = False
    combat(s, pid, rng_of(s).choice(victims))
    return True


def _move(s: State, pid: str, slots: Slots, points: list[tuple[int, int]], sign: int) -> bool:
    """Move to the end field whose distance to the nearest of ``points``, times ``sign`` (-1: the
    farther the better), is lowest (ties at random) if it beats standing still."""
    if not slots["move"]:
        return False
    slots["move"] = False
    ends, _ = reach(s, pid, stats(s, pid)["movement"])
    if not ends:
        return False
    width, table = distances(s["variant"])
    fields = [y * width + x for x, y in points]
    hx, hy = _pos(s, pid)
    here = sign * _nearest(table[hy * width + hx], fields)
    best, ties = here, []
    for pt in ends:
        row = table[pt[1] * width + pt[0]]
        near = 10_000
        for field in fields:  # _nearest inlined: the hot loop
            if row[field] < near:
                near = row[field]
        score = sign * near
        if score < best:
            best, ties = score, [pt]
        elif score == best and ties:
            ties.append(pt)
    if not ties:
        return False  # no end field beats standing still
    x, y = rng_of(s).choice(sorted(ties))
    move_to(s, pid, x, y)
    log(s, s["perms"][pid]["controller"], "move", f"{name_of(s, pid)} moves to ({x}, {y})", card=pid)
    return True


def move_toward(s: State, pid: str, slots: Slots, others: list[str]) -> bool:
    points = [_pos(s, o) for o in others]
    if not points:
        slots["move"] = False
        return False
    return _move(s, pid, slots, points, 1)


def full_action(s: State, pid: str, slots: Slots) -> bool:
    """ki.md's "Aktiviere Volle-Aktion": one with a fitting target, chosen at random."""
    if not (slots["move"] and slots["attack"]):
        return False
    me = s["perms"][pid]["controller"]
    fitting = []
    for index, target in full_actions(s, pid):
        effect = card_of(s, pid)["effects"][index]
        if target is not None:
            friend = allied(s, me, s["perms"][target]["controller"])
            if harmful(effect) == friend:
                continue
        fitting.append((index, target))
    if not fitting:
        return False
    index, target = rng_of(s).choice(fitting)
    slots["move"] = slots["attack"] = False
    effect = card_of(s, pid)["effects"][index]
    log(s, me, "full", f"{name_of(s, pid)} uses its full action", card=pid)
    run_term(s, term_of(effect), effect, me, pid, target)
    return True


def aggressive(s: State, pid: str, slots: Slots) -> None:
    foes = None  # the enemy units, while no attack changed them (a move of pid does not)
    while _alive(s, pid):
        foes = foes if foes is not None else enemy_units(s, pid)
        if attack_if_possible(s, pid, slots, foes):  # 1.
            foes = None
        if not _alive(s, pid) or not slots["move"]:
            return
        foes = foes if foes is not None else enemy_units(s, pid)
        move_toward(s, pid, slots, foes)  # 2.
        if not slots["attack"]:
            return


def scheu(s: State, pid: str, slots: Slots) -> None:
    threatened = any(can_hit(s, o, pid) for o in enemy_units(s, pid))
    if not threatened and full_action(s, pid, slots):  # 1.
        return
    points = [_pos(s, o) for o in enemy_units(s, pid)]
    if points:  # 2.
        _move(s, pid, slots, points, -1)
    if _alive(s, pid):
        attack_if_possible(s, pid, slots)  # 3.


def wandelnd(s: State, pid: str, slots: Slots, x: int) -> None:
    while _alive(s, pid):
        here = _pos(s, pid)
        if any(distance(here, _pos(s, o)) <= x for o in enemy_units(s, pid)):  # 1.
            aggressive(s, pid, slots)
            return
        if not slots["move"]:  # 2.
            return
        slots["move"] = False
        ends, _ = reach(s, pid, stats(s, pid)["movement"])
        if not ends:
            return
        tx, ty = rng_of(s).choice(sorted(ends))
        move_to(s, pid, tx, ty)
        log(s, s["perms"][pid]["controller"], "move", f"{name_of(s, pid)} wanders to ({tx}, {ty})", card=pid)


def unterstuetzend(s: State, pid: str, slots: Slots) -> None:
    if full_action(s, pid, slots):  # 1.
        return
    move_toward(s, pid, slots, ally_units(s, pid))  # 2.
    if _alive(s, pid):
        attack_if_possible(s, pid, slots)  # 3.


def run(s: State, pid: str, kind: str, x: int = 0) -> None:
    """Activate ``pid`` by the behaviour ``kind`` (ki.md); the caller taps it afterwards."""
    slots: Slots = {"move": True, "attack": True}
    perm = s["perms"][pid]
    while perm["markers"]["paralysis"] > 0 and (slots["move"] or slots["attack"]):
        perm["markers"]["paralysis"] -= 1  # M19: an action spent on a paralysis marker
        slots["move" if slots["move"] else "attack"] = False
        log(s, perm["controller"], "recover", f"{name_of(s, pid)} shakes off a paralysis marker", card=pid)
    if perm["markers"]["paralysis"] > 0 or not (slots["move"] or slots["attack"]):
        return
    if kind == "aggressive":
        aggressive(s, pid, slots)
    elif kind == "scheu":
        scheu(s, pid, slots)
    elif kind == "wandelnd":
        wandelnd(s, pid, slots, x)
    elif kind == "unterstuetzend":
        unterstuetzend(s, pid, slots)
    else:
        raise ValueError(f"no AI behaviour {kind!r}")
