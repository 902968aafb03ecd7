"""Build a duel state from a described position (scenario files, rule tests, demos).

A setup names cards by slug per zone; card ids are given per player in the order hand, deck,
creatures (each with its weapons), support, reinforcement, graveyard, discard (``p0c0``, ``p0c1``
...)::

    {"turn": 3, "current": 0, "phase": "main", "summons": {"allowed": 1, "used": 0},
     "players": [{"life": 20, "hand": ["feuerball"], "deck": ["wachhund"],
                  "creatures": [{"slug": "feldwebel", "position": "attack", "weapons": ["speer"]}],
                  "support": [{"slug": "fallgrube", "face_down": true}], "reinforcement": null,
                  "graveyard": [], "discard": []}, {...}]}

A creature entry may carry ``attacked``, ``switched`` and ``since`` (the turn it entered). The last
card of ``deck`` is the top. ``"phase": "start"`` begins the turn of ``current`` with its draw
(``turn`` is then the turn before).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.match import DeckCard
from engine.core.options import check_options
from engine.core.rng import SeededRandom
from engine.games.duel.state import OPTIONS, State, catalog_of, empty_state, new_creature, new_player


def state_from_setup(
    setup: Mapping[str, Any],
    cards: Iterable[Mapping[str, Any]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any],
) -> State:
    """A state at the described position; ``cards`` are the card dicts the slugs refer to.
    A ``"phase": "start"`` state still needs ``turns.start_turn`` (the engine's ``from_setup``)."""
    catalog = catalog_of([[DeckCard(card) for card in cards]])
    s = empty_state(variant, seed, check_options(OPTIONS, options), catalog)
    s["turn"] = int(setup.get("turn", 3))
    s["current"] = int(setup.get("current", 0))
    s["first"] = int(setup.get("first", 0))
    s["phase"] = str(setup.get("phase", "main"))
    s["summons"] = {"allowed": 1, "used": 0, **setup.get("summons", {})}
    s["rng"] = SeededRandom(seed)
    for p, described in enumerate(setup["players"]):
        s["players"].append(_player(s, p, described))
    return s


def _player(s: State, p: int, described: Mapping[str, Any]) -> dict[str, Any]:
    counter = iter(range(10_000))

    def ids(slugs: Iterable[str]) -> list[str]:
        made = []
        for slug in slugs:
            if slug not in s["catalog"]:
                raise ValueError(f"player {p}: no duel card {slug!r}")
            cid = f"p{p}c{next(counter)}"
            s["cards"][cid] = slug
            made.append(cid)
        return made

    hand = ids(described.get("hand", []))
    player = new_player(ids(described.get("deck", [])), hand)
    player["life"] = int(described.get("life", player["life"]))
    for entry in described.get("creatures", []):
        (cid,) = ids([entry["slug"]])
        creature = new_creature(cid, entry.get("position", "attack"), int(entry.get("since", 0)))
        creature["attacked"] = bool(entry.get("attacked", False))
        creature["switched"] = bool(entry.get("switched", False))
        player["creatures"].append(creature)
        for weapon in ids(entry.get("weapons", [])):
            player["support"].append({"card": weapon, "face_down": False, "equips": cid})
    for entry in described.get("support", []):
        (cid,) = ids([entry["slug"]])
        face_down = bool(entry.get("face_down", s["catalog"][entry["slug"]]["type"] == "trap"))
        player["support"].append({"card": cid, "face_down": face_down, "equips": None})
    reinforcement = described.get("reinforcement")
    player["reinforcement"] = ids([reinforcement])[0] if reinforcement else None
    player["graveyard"] = ids(described.get("graveyard", []))
    player["discard"] = ids(described.get("discard", []))
    return player
