"""Dealing a muhq match, and building one at a described position (scenario files, rule tests).

A deal (M12, M22, M23): each seat's store is its drafted list, its deck the map's start cards
shuffled (on a VIP map one VIP starts on a random own start field); the map's pieces (buildings,
the Stecken des Sieges) and the Kraken's start units stand on the map, its deck is shuffled.
Without stores (every deck empty) the match begins with the draft (M3, M23, ``draft.py``).

The cards a deal is given are the ones it plays (``state.add_given``: the database's version of
a card); what the map names and a setup's slugs are the bundled cards unless given too (a setup's
``cards``: card dicts, checked against the schema by the engine's ``from_setup``).

A setup names cards by slug; card ids are ``p<seat>c<n>`` for a seat's cards, ``m<n>`` for the
permanents and ``k<n>`` for the Kraken's piles::

    {"active": 0, "phase": "actions", "begin": false,
     "players": [{"hand": ["feuerball"], "deck": [], "discard": [], "store": [], "resources": 5}, ...],
     "permanents": [{"card": "soldat", "owner": 0, "x": 1, "y": 2, "damage": 0, "tapped": false,
                     "markers": {"poison": 1}, "stack": [{"card": "schwert"}], "vip": false}],
     "kraken": {"deck": ["krakenarm"], "discard": [], "resources": 0},
     "cards": [{"slug": "funke", "name": "Funke", "type": "spell", "cost": 1, "effects": []}]}

``begin: true`` starts the active seat's turn (untap, draw, upkeep) as a real turn would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.match import DeckCard
from engine.core.options import check_options
from engine.core.rng import SeededRandom
from engine.games.muhq.draft import begin_draft
from engine.games.muhq.maps import Map, load_map
from engine.games.muhq.placing import new_perm
from engine.games.muhq.state import (
    KRAKEN,
    MARKERS,
    State,
    add_cards,
    add_given,
    deck_slugs,
    empty_state,
    options_for,
)
from engine.games.muhq.turns import start_turn


def new_state(
    decks: Sequence[Sequence[DeckCard]], variant: str, seed: int, options: Mapping[str, Any], rng: SeededRandom
) -> State:
    gm = load_map(variant)
    s = empty_state(gm, len(decks), seed, options, rng)
    add_given(s, (line.card for deck in decks for line in deck))
    vip = gm.victory.params.get("unit") if gm.victory.kind == "vip" else None
    for p, deck in enumerate(decks):
        player = s["players"][p]
        player["store"] = add_cards(s, deck_slugs(deck), rng)
        start = [line.card for line in gm.start_cards for _ in range(line.count)]
        if vip in start:
            start.remove(vip)
            field = rng.choice(list(gm.seats[p].start_fields))
            (cid,) = add_cards(s, [vip], rng)
            new_perm(s, cid, p, *field)["vip"] = True  # M12: each VIP starts on an own start field
        rng.shuffle(start)
        player["deck"] = add_cards(s, start, rng)
    _map_pieces(s, gm, rng)
    if gm.kraken is not None:
        slugs = [line.card for line in gm.kraken.deck for _ in range(line.count)]
        rng.shuffle(slugs)
        s["kraken"] = {"deck": add_cards(s, slugs, rng), "discard": [], "resources": 0}
        for unit in gm.kraken.start_units:
            (cid,) = add_cards(s, [unit.card], rng)
            new_perm(s, cid, KRAKEN, *unit.at)
    if decks and all(not deck for deck in decks):
        begin_draft(s, rng)
    return s


def _map_pieces(s: State, gm: Map, rng: SeededRandom | None, prefix: str = "m") -> None:
    """The buildings of each seat and the neutral Stecken des Sieges (M20)."""
    seats = len(s["players"])
    if gm.victory.kind == "destroy_buildings":
        for p, pieces in enumerate(gm.victory.params["buildings"][:seats]):
            for piece in pieces:
                (cid,) = add_cards(s, [piece["card"]], rng, prefix)
                new_perm(s, cid, p, piece["at"][0], piece["at"][1], piece="building")
    if gm.victory.kind == "staff_of_victory":
        (cid,) = add_cards(s, [gm.victory.params["card"]], rng, prefix)
        x, y = gm.victory.params["at"]
        new_perm(s, cid, None, x, y, piece="staff")


def state_from_setup(setup: Mapping[str, Any], *, variant: str, seed: int, options: Mapping[str, Any]) -> State:
    """A state at the described position (see the module docstring)."""
    gm = load_map(variant)
    described = list(setup.get("players", [{}, {}]))
    s = empty_state(gm, len(described), seed, check_options(options_for(gm), options), SeededRandom(seed))
    add_given(s, setup.get("cards", []))
    for p, player in enumerate(described):
        mine = s["players"][p]
        for zone in ("hand", "deck", "discard", "store"):
            mine[zone] = add_cards(s, list(player.get(zone, [])), None, f"p{p}c")
        mine["resources"] = int(player.get("resources", 0))
        mine["bought"] = bool(player.get("bought", False))
    if setup.get("pieces", True):
        _map_pieces(s, gm, None)
    for described_perm in setup.get("permanents", []):
        _place(s, described_perm, None)
    if gm.kraken is not None:
        kraken = setup.get("kraken") or {}
        s["kraken"] = {
            "deck": add_cards(s, list(kraken.get("deck", [])), None, "k"),
            "discard": add_cards(s, list(kraken.get("discard", [])), None, "k"),
            "resources": int(kraken.get("resources", 0)),
        }
    s["active"] = s["first"] = int(setup.get("active", 0))
    s["first"] = int(setup.get("first", s["active"]))
    s["turn"] = int(setup.get("turn", 1))
    s["round"] = int(setup.get("round", 1))
    s["phase"] = str(setup.get("phase", "actions"))
    if setup.get("begin", False):
        s["turn"] -= 1
        start_turn(s, s["active"])
    return s


def _place(s: State, described: Mapping[str, Any], base: str | None) -> str:
    owner = described.get("owner", 0)
    (cid,) = add_cards(s, [described["card"]], None, "m")
    x, y = (
        (int(described["x"]), int(described["y"])) if base is None else (s["perms"][base]["x"], s["perms"][base]["y"])
    )
    perm = new_perm(s, cid, owner, x, y, piece=described.get("piece"))
    if base is not None:
        s["occ"][y][x] = base
        perm["on"] = base
        s["perms"][base]["stack"].append(cid)
    perm["controller"] = described.get("controller", owner)
    perm["damage"] = int(described.get("damage", 0))
    perm["tapped"] = bool(described.get("tapped", False))
    perm["vip"] = bool(described.get("vip", False))
    for marker in MARKERS:
        perm["markers"][marker] = int(described.get("markers", {}).get(marker, 0))
    perm["buff"] = {str(k): int(v) for k, v in described.get("buff", {}).items()}
    if "durability" in described:
        perm["durability"] = int(described["durability"])
    for member in described.get("stack", []):
        _place(s, {"owner": owner, **member}, cid)
    return cid
