"""Build a Realmon state from a described position (scenario files, rule tests).

A setup names cards by slug per zone; card ids are given per player in the order of ``ZONES``
(``p0c0``, ``p0c1`` ...). The last card of a pile is its top::

    {"announcer": 0, "turn": 0, "dice": [6, 2, 5],
     "players": [{"hand": ["moosling", "eisenhauer", "krallenhieb"], "monsters": ["tauperle"],
                  "actions": [], "combat": [], "abyss": [], "combat_cost_spent": 0}, {...}]}

``dice`` loads the first faces the match rolls (then the seeded source takes over), so that a
scenario can say what falls. The match starts with the announcer's round (no die for who begins).

``{"deal": "samples"}`` instead deals a new match from the format's bundled sample decks with the
given seed, as ``new_match`` does (a scenario on dealing, R1 and R15).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.options import check_options
from engine.core.rng import SeededRandom
from engine.games.realmon.rounds import advance
from engine.games.realmon.state import OPTIONS, State, catalog_entry, empty_state

ZONES = ("hand", "monsters", "actions", "combat", "monster_discard", "action_discard", "combat_discard", "abyss")
COUNTERS = ("combat_cost_spent", "realm_lost")


def state_from_setup(
    setup: Mapping[str, Any],
    cards: Iterable[Mapping[str, Any]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any],
) -> State:
    """A state at the described position; ``cards`` are the card dicts the slugs refer to."""
    s = empty_state(variant, seed, check_options(OPTIONS, options), SeededRandom(seed))
    s["catalog"] = {card["slug"]: catalog_entry(card) for card in cards}
    s["turn"] = int(setup.get("turn", 0))
    s["announcer"] = int(setup.get("announcer", 0))
    s["loaded"] = [int(face) for face in setup.get("dice", [])]
    for p, described in enumerate(setup["players"]):
        _player(s, p, described)
    s["queue"] = [{"do": "start"}]
    advance(s)
    return s


def _player(s: State, p: int, described: Mapping[str, Any]) -> None:
    player = s["players"][p]
    n = 0
    for zone in ZONES:
        for slug in described.get(zone, []):
            if slug not in s["catalog"]:
                raise ValueError(f"setup: no card {slug!r} in Realmon")
            cid = f"p{p}c{n}"
            n += 1
            s["cards"][cid] = slug
            player[zone].append(cid)
    for counter in COUNTERS:
        player[counter] = int(described.get(counter, 0))
