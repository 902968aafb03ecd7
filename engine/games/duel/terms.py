"""One handler per effect term of effects.py: what each term does when its effect resolves.

An effect resolves as a task ``{"owner", "source", "effect", "left"}`` (zones.effect_tasks). A term
either acts at once (``run``) or offers its owner a choice (``options``: ``(id, label)`` pairs;
``choose`` carries one out). No option: the effect finds nothing to act on (logged); one option: it
is taken; more: the owner decides (resolve.py asks). ``revive`` and ``graveyard_to_hand`` choose
``n`` times. ``possible`` says whether the effect could act now (a spell needs one that can: rule
choice 5). The static terms are applied where they matter (``STATIC``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.games.duel import zones
from engine.games.duel.cards import term_of
from engine.games.duel.state import (
    CREATURE_SLOTS,
    State,
    find_creature,
    is_fighter,
    log,
    name_of,
    new_creature,
    opponent,
)

Task = dict[str, Any]
Options = list[tuple[str, str]]
POSITIONS = ("attack", "defense")


@dataclass(frozen=True)
class Term:
    """How one term resolves: at once (``run``) or by a choice (``options`` + ``choose``)."""

    run: Callable[[State, Task], None] | None = None
    options: Callable[[State, Task], Options | None] | None = None
    choose: Callable[[State, Task, str], None] | None = None
    possible: Callable[[State, Task], bool] | None = None

    def can_act(self, s: State, task: Task) -> bool:
        """Whether the effect would do something now."""
        if self.possible is not None:
            return self.possible(s, task)
        if self.options is not None:
            found = self.options(s, task)
            return found is None or bool(found)
        return True


def _value(task: Task) -> Any:
    effect = task["effect"]
    return effect[term_of(effect)]


def _foe(task: Task) -> int:
    return opponent(int(task["owner"]))


def _creature_options(s: State, p: int) -> Options:
    return [(c["card"], f"{name_of(s, c['card'])} (P{p + 1})") for c in s["players"][p]["creatures"]]


# --- at once -------------------------------------------------------------------------------------


def _damage(s: State, task: Task) -> None:
    zones.lose_life(s, _foe(task), int(_value(task)), "effect")


def _heal(s: State, task: Task) -> None:
    zones.heal(s, task["owner"], int(_value(task)))


def _draw(s: State, task: Task) -> None:
    owner = task["owner"]
    n = int(_value(task))
    log(s, owner, "draw", f"P{owner + 1} draws {n} {'card' if n == 1 else 'cards'}")
    for _ in range(n):
        if not zones.draw(s, owner):
            return


def _discard(s: State, task: Task) -> None:
    for _ in range(int(_value(task))):
        zones.discard_random(s, _foe(task))  # A15: a random card


def _negate(s: State, task: Task) -> None:
    event = s["event"]
    if event is not None and event["kind"] == "attack":
        event["negated"] = True
        log(s, task["owner"], "negate", "The attack is cancelled")


def _extra_summon(s: State, task: Task) -> None:
    s["summons"]["allowed"] += int(_value(task))
    log(s, task["owner"], "extra_summon", f"P{task['owner'] + 1} may summon {_value(task)} more this turn")


# --- destroy ---------------------------------------------------------------------------------------


def _destroy_options(s: State, task: Task) -> Options:
    what, foe = _value(task), _foe(task)
    player = s["players"][foe]
    if what == "creature":
        return _creature_options(s, foe)
    if what == "attacker":
        event = s["event"]
        attacker = event["attacker"] if event and event["kind"] == "attack" else None
        return [(attacker, name_of(s, attacker))] if attacker and find_creature(s, attacker) else []
    if what == "support":
        return [
            (f"support.{i}", "a face-down card" if e["face_down"] else name_of(s, e["card"]))
            for i, e in enumerate(player["support"])
        ]
    reinforcement = player["reinforcement"]
    return [("reinforcement", name_of(s, reinforcement))] if reinforcement else []


def _destroy(s: State, task: Task, option: str) -> None:
    foe = _foe(task)
    if option == "reinforcement":
        log(s, foe, "destroy", f"{name_of(s, s['players'][foe]['reinforcement'])} (P{foe + 1}) is destroyed")
        zones.reinforcement_to_graveyard(s, foe)
    elif option.startswith("support."):
        cid = zones.support_to_graveyard(s, foe, int(option.split(".", 1)[1]))
        log(s, foe, "destroy", f"{name_of(s, cid)} (P{foe + 1}) is destroyed", card=s["cards"][cid])
    else:
        zones.kill(s, [option], "destroyed")


# --- positions, play, hand ---------------------------------------------------------------------------


def _switch_options(s: State, task: Task) -> Options:
    return _creature_options(s, _foe(task))


def _switch(s: State, task: Task, option: str) -> None:
    found = find_creature(s, option)
    if found is not None:
        creature = found[1]
        creature["position"] = "defense" if creature["position"] == "attack" else "attack"
        log(s, found[0], "switch", f"{name_of(s, option)} switches to {creature['position']}")


def _first_of_each(s: State, cids: list[str]) -> list[str]:
    """One card of each slug among ``cids`` (copies are the same choice)."""
    seen: set[str] = set()
    chosen = []
    for cid in cids:
        slug = s["cards"][cid]
        if slug not in seen and is_fighter(s, cid):
            seen.add(slug)
            chosen.append(cid)
    return chosen


def _revive_options(s: State, task: Task) -> Options:
    player = s["players"][task["owner"]]
    if len(player["creatures"]) >= CREATURE_SLOTS:
        return []
    return [
        (f"{cid}.{pos}", f"{name_of(s, cid)} in {pos} position")
        for cid in _first_of_each(s, player["discard"])
        for pos in POSITIONS
    ]


def _revive(s: State, task: Task, option: str) -> None:
    """A14: from the discard zone back to play (not a summon: rule choice 9)."""
    cid, position = option.split(".", 1)
    player = s["players"][task["owner"]]
    player["discard"].remove(cid)
    player["creatures"].append(new_creature(cid, position, s["turn"]))
    log(s, task["owner"], "revive", f"{name_of(s, cid)} returns to play (P{task['owner'] + 1})", card=s["cards"][cid])


def _to_hand_options(s: State, task: Task) -> Options:
    graveyard = s["players"][task["owner"]]["graveyard"]
    return [(cid, name_of(s, cid)) for cid in _first_of_each(s, graveyard)]


def _to_hand(s: State, task: Task, option: str) -> None:
    """A14: from the graveyard to the hand (the table sees which card)."""
    player = s["players"][task["owner"]]
    player["graveyard"].remove(option)
    player["hand"].append(option)
    log(s, task["owner"], "to_hand", f"P{task['owner'] + 1} takes {name_of(s, option)} from the graveyard")


# --- boosts until the end of the turn -------------------------------------------------------------------


def _boost_side(task: Task) -> int:
    return _foe(task) if task["effect"]["target"] == "enemy_all" else int(task["owner"])


def _boost_options(s: State, task: Task) -> Options | None:
    if task["effect"]["target"] != "one_turn":
        return None
    return _creature_options(s, task["owner"])


def _boost_one(s: State, cid: str, task: Task) -> None:
    boost = task["effect"]["boost"]
    s["boosts"].append({"card": cid, "attack": int(boost.get("attack", 0)), "defense": int(boost.get("defense", 0))})


def _boost_choose(s: State, task: Task, option: str) -> None:
    _boost_one(s, option, task)
    log(s, task["owner"], "boost", f"{name_of(s, option)} is boosted until the end of the turn")


def _equipped_creature(s: State, task: Task) -> str | None:
    """A triggered ``equipped`` boost: the source creature itself, or its weapon's creature."""
    source = task["source"]
    if find_creature(s, source):
        return str(source)
    for entry in s["players"][task["owner"]]["support"]:
        if entry["card"] == source and entry["equips"]:
            return str(entry["equips"])
    return None


def _boost_targets(s: State, task: Task) -> list[str]:
    if task["effect"]["target"] == "equipped":
        found = _equipped_creature(s, task)
        return [found] if found else []
    return [c["card"] for c in s["players"][_boost_side(task)]["creatures"]]


def _boost_all(s: State, task: Task) -> None:
    for cid in _boost_targets(s, task):
        _boost_one(s, cid, task)
    log(s, task["owner"], "boost", f"{name_of(s, task['source'])}: creatures are boosted until the end of the turn")


def _boost_possible(s: State, task: Task) -> bool:
    options = _boost_options(s, task)
    return bool(options) if options is not None else bool(_boost_targets(s, task))


HANDLERS: dict[str, Term] = {
    "damage": Term(run=_damage),
    "heal": Term(run=_heal),
    "draw": Term(run=_draw),
    "discard": Term(run=_discard, possible=lambda s, t: bool(s["players"][_foe(t)]["hand"])),
    "destroy": Term(options=_destroy_options, choose=_destroy),
    "negate_attack": Term(run=_negate, possible=lambda s, t: bool(s["event"] and s["event"]["kind"] == "attack")),
    "switch_position": Term(options=_switch_options, choose=_switch),
    "extra_summon": Term(run=_extra_summon),
    "revive": Term(options=_revive_options, choose=_revive),
    "graveyard_to_hand": Term(options=_to_hand_options, choose=_to_hand),
    "boost": Term(run=_boost_all, options=_boost_options, choose=_boost_choose, possible=_boost_possible),
}

# Static terms: where the engine applies them.
STATIC: dict[str, str] = {
    "direct_attack": "combat.attack_actions: may attack the player although they have creatures (A6)",
    "piercing": "combat.resolve: the excess over a killed defender's defence hits its owner",
    "summon_condition": "play.summon_actions: sacrifices and graveyard creatures (A12)",
    "graveyard_attack": "state.stats: +n attack per creature in the owner's graveyard",
}
COUNTED = frozenset({"revive", "graveyard_to_hand"})
