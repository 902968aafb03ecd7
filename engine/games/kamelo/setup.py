"""Build a Ka-Mel-Oh! state from a described position (scenario files, rule tests, demos).

A setup names cards by slug per zone; card ids are given in the order hand, deck, arena, desert,
oases (``p0c0``, ``p0c1`` ...)::

    {"turn": 3, "current": 0, "final": null, "surcharges": [],
     "players": [{"hand": ["dromedar"], "deck": ["sandfloh"], "dates": 3, "points": 0,
                  "turns_taken": 1, "arena": [{"slug": "skorpion", "damage": 10}, null],
                  "desert": [], "oases": [{"cards": ["geier"], "active": true}]}, {...}]}

An arena entry may carry ``parts`` (a fusion's component slugs: K4 values), ``damage``,
``bonus``/``malus``, ``direct_turn`` and ``owner`` (a monster taken over from that player). The last card of ``deck`` and of each oasis is the top.
``stall_turns`` (default 0) is K12's count of turns in a row before this one without a card moved
out of a deck or oasis.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.rng import SeededRandom
from engine.games.kamelo.calc import fused_stats
from engine.games.kamelo.state import State, catalog_entry, check_options, fresh_stall, fresh_turn_state, new_monster

ZONE_ORDER = ("hand", "deck", "arena", "desert", "oases")


def state_from_setup(
    setup: Mapping[str, Any],
    cards: Iterable[Mapping[str, Any]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any],
) -> State:
    """A state at the described position; ``cards`` are the card dicts the slugs refer to."""
    catalog = {card["slug"]: catalog_entry(card) for card in cards}
    s: State = {
        "game": "kamelo",
        "variant": variant,
        "seed": seed,
        "options": check_options(variant, options),
        "catalog": catalog,
        "cards": {},
        "players": [],
        "turn": int(setup.get("turn", 3)),
        "current": int(setup.get("current", 0)),
        "first": int(setup.get("first", 0)),
        "phase": "main",
        "pending": None,
        "attack": None,
        "surcharges": [dict(x) for x in setup.get("surcharges", [])],
        "final": dict(setup["final"]) if setup.get("final") else None,
        "outcome": None,
        "log": [],
        "seq": 0,
        "rng": SeededRandom(seed),
    }
    s["series"] = {"leg": 1, "legs": []} if s["options"]["return_match"] else None
    for p, described in enumerate(setup["players"]):
        s["players"].append(_player(s, p, described))
    s["stall"] = fresh_stall(s, int(setup.get("stall_turns", 0)))  # K12: the position is a turn's start
    return s


def _player(s: State, p: int, described: Mapping[str, Any]) -> dict[str, Any]:
    counter = iter(range(10_000))

    def ids(slugs: Iterable[str]) -> list[str]:
        made = []
        for slug in slugs:
            cid = f"p{p}c{next(counter)}"
            s["cards"][cid] = slug
            made.append(cid)
        return made

    hand, deck = ids(described.get("hand", [])), ids(described.get("deck", []))
    arena = [_monster(s, entry, ids) for entry in described.get("arena", [None, None])]
    desert = ids(described.get("desert", []))
    oases = [
        {"cards": ids(o["cards"]), "active": bool(o.get("active")), "activated": int(o.get("activated", -1))}
        for o in described.get("oases", [])
    ]
    owned = {s["cards"][c] for c in s["cards"] if c.startswith(f"p{p}c")}
    return {
        "violets": sorted(x for x in owned if s["catalog"][x]["type"] == "special_monster"),
        "deck": deck,
        "hand": hand,
        "desert": desert,
        "arena": arena + [None] * (2 - len(arena)),
        "oases": oases,
        "dates": int(described.get("dates", 0)),
        "points": int(described.get("points", 0)),
        "turns_taken": int(described.get("turns_taken", 1)),
        "savings": [dict(x) for x in described.get("savings", [])],
        "turn_state": {**fresh_turn_state(), **described.get("turn_state", {})},
    }


def _monster(s: State, entry: Mapping[str, Any] | None, ids: Any) -> dict[str, Any] | None:
    if entry is None:
        return None
    (cid,) = ids([entry["slug"]])
    parts = list(entry.get("parts", []))
    base = fused_stats(s["variant"], [s["catalog"][x] for x in parts]) if parts else s["catalog"][entry["slug"]]
    monster = new_monster(s, cid, base, parts)
    monster["damage"] = int(entry.get("damage", 0))
    monster["bonus"].update(entry.get("bonus", {}))
    monster["malus"].update(entry.get("malus", {}))
    monster["direct_turn"] = int(entry.get("direct_turn", -1))
    if entry.get("owner") is not None:
        monster["owner"] = int(entry["owner"])  # taken over from that player (seed: upside down)
    return monster
