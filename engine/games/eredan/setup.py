"""Build an Eredan state from a described position (scenario files, rule tests, demos).

A setup names cards by slug; card ids are given per player in the order characters, hand, deck,
discard, attachments (``p0c0`` .. ``p0c2`` are player 0's characters, ``p0c3`` the first card of
their hand)::

    {"round": 1, "active": 0,
     "players": [{"characters": ["aku", {"slug": "amaya", "health": 9, "runes": ["cor"],
                                         "attached": ["katana"], "weakened": true}, "iro"],
                  "hand": ["gluehender-pfeil"], "deck": ["heiltrank"], "discard": [], "points": 0},
                 {...}]}

A character may also say ``dead``, ``stays_weakened`` (E21), ``raging`` and ``two_weapons``. ``cards`` may add cards of
one's own (API shape, checked by the schema) to the bundled ones, for a rule no bundled card shows. The last card of ``deck`` is
the top. The position is at the start of phase 1 of its round (no draw: the hands are as given;
E9's refresh applies).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import count
from typing import Any

from engine.core.options import check_options
from engine.core.rng import SeededRandom
from engine.games.eredan.state import OPTIONS, State, base_state, catalog_entry, new_character


def state_from_setup(
    setup: Mapping[str, Any],
    cards: Iterable[Mapping[str, Any]],
    *,
    variant: str,
    seed: int,
    options: Mapping[str, Any],
) -> State:
    """A state at the described position; ``cards`` are the card dicts the slugs refer to."""
    s = base_state(variant, seed, check_options(OPTIONS, options))
    s["catalog"] = {card["slug"]: catalog_entry(card) for card in cards}
    s["round"] = int(setup.get("round", 1))
    s["active"] = int(setup.get("active", 0))
    s["rng"] = SeededRandom(seed)
    for p, described in enumerate(setup["players"]):
        _player(s, p, described)
    return s


def _player(s: State, p: int, described: Mapping[str, Any]) -> None:
    numbers = count()
    player = s["players"][p]

    def ids(slugs: Iterable[str]) -> list[str]:
        made = []
        for slug in slugs:
            if slug not in s["catalog"]:
                raise ValueError(f"setup: no card {slug!r}")
            cid = f"p{p}c{next(numbers)}"
            s["cards"][cid] = slug
            made.append(cid)
        return made

    chars = [c if isinstance(c, Mapping) else {"slug": c} for c in described["characters"]]
    for (cid,), desc in zip((ids([c["slug"]]) for c in chars), chars, strict=True):
        player["characters"].append(_character(s, cid, desc))
    player["hand"] = ids(described.get("hand", []))
    player["deck"] = ids(described.get("deck", []))
    player["discard"] = ids(described.get("discard", []))
    player["points"] = int(described.get("points", 0))
    for char, desc in zip(player["characters"], chars, strict=True):
        char["attached"] = ids(desc.get("attached", []))
    _check_numbers(numbers)


def _character(s: State, cid: str, desc: Mapping[str, Any]) -> dict[str, Any]:
    char = new_character(cid, s["catalog"][desc["slug"]])
    for key in ("health", "dead", "weakened", "stays_weakened", "raging", "two_weapons"):
        if key in desc:
            char[key] = desc[key]
    char["runes"] = list(desc.get("runes", []))
    return char


def _check_numbers(numbers: Iterator[int]) -> None:
    """A setup is small; a runaway one is a mistake."""
    if next(numbers) > 500:
        raise ValueError("setup: more than 500 cards for one player")
