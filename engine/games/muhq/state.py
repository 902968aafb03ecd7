"""The muhq match state: plain JSON-able data, dealt here, read everywhere.

A state is one dict. Every card has an opaque id (``c`` and six hex digits, drawn from the match's
random source; a setup numbers them ``p<seat>c<n>``) and sits in exactly one zone: a seat's
``deck`` (last element = top), ``hand``, ``discard`` or ``store``; the map (``perms``: every
permanent, top-level ones in ``occ``, stacked ones in their base's ``stack``); waiting to be set
down (``dropping``, M31: off the map, with their stacks); the Kraken's ``deck`` and ``discard``;
the draft's piles and picks; or ``out`` (map pieces that left the game). ``eliminated`` lists the
seats out of the match (M26).

A permanent (``perms[id]``): ``owner`` and ``controller`` (a seat, ``"kraken"`` or None for a
neutral map piece), ``x``, ``y``, ``damage``, ``tapped``, ``markers`` (poison, paralysis, panic),
``stack`` (ids of the crew and equipment on it), ``on`` (the base it stands on, or None),
``durability`` (equipment), ``buff`` (until the end of the turn), ``vip``, ``piece`` (a map piece).
``auras`` lists the permanents whose card gives allies in range 1 a bonus (looked up per figure).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.base import opaque_ids
from engine.core.definition import package_cards
from engine.core.match import DeckCard
from engine.core.options import Option
from engine.core.rng import SeededRandom
from engine.games.muhq.maps import Map, load_map

State = dict[str, Any]
Entry = dict[str, Any]
Owner = int | str | None

KRAKEN = "kraken"
HAND_SIZE = 3  # rules.md: "Ziehe auf drei Karten auf"
LOG_KEEP = 60
STATS = ("attack", "range", "health", "movement", "upkeep")
MARKERS = ("poison", "paralysis", "panic")
OPTIONS: tuple[Option, ...] = (
    Option("max_rounds", 30, "int", minimum=5, maximum=200, help="rounds until the match ends in a draw (M20)"),
    Option(
        "first_player",
        None,
        "choice",
        choices=(None, 0, 1, 2, 3),
        help="the seat that begins; null: the match's random source decides (M22)",
    ),
)


def options_for(game_map: Map) -> tuple[Option, ...]:
    """The match options on ``game_map``: its own turn cap as the default of ``max_rounds``."""
    if game_map.max_rounds is None:
        return OPTIONS
    return tuple(replace(o, default=game_map.max_rounds) if o.name == "max_rounds" else o for o in OPTIONS)


def catalog_entry(card: Mapping[str, Any]) -> Entry:
    """The fields of a card (API shape) the engine and the views read."""
    attrs = dict(card.get("attributes") or {})
    entry: Entry = {
        "slug": card["slug"],
        "name": card.get("name", card["slug"]),
        "type": card["type"],
        "cost": int(card.get("cost") or 0),
        "effects": [dict(e) for e in card.get("effects") or []],
        "text": card.get("text", ""),
    }
    for stat in STATS:
        entry[stat] = int(attrs.get(stat, 0))
    entry["durability"] = int(attrs.get("durability", 0))
    keywords = {k: e[k] for e in entry["effects"] for k in ("crew", "solid", "armor", "swimming", "victory") if k in e}
    entry["crew"] = int(keywords.get("crew", 0))
    entry["solid"] = int(keywords.get("solid", 0))
    entry["armor"] = int(keywords.get("armor", 0))
    entry["swimming"] = bool(keywords.get("swimming", False))
    entry["victory"] = bool(keywords.get("victory", False))
    entry["frees"] = [i for i, e in enumerate(entry["effects"]) if "free" in e]
    entry["aura"], entry["equip"] = _buffs(entry["effects"], "allies_near"), _buffs(entry["effects"], "equipped")
    ai = next((e for e in entry["effects"] if "ai" in e), None)
    entry["ai"] = None if ai is None else {"kind": ai["ai"], "x": int(ai.get("x", 0))}
    return entry


def _buffs(effects: Sequence[Mapping[str, Any]], target: str) -> dict[str, int]:
    """The stat bonuses a card's ``buff`` effects give ``target`` (an aura, or the holder)."""
    total: dict[str, int] = {}
    for effect in effects:
        if "buff" in effect and effect.get("target") == target:
            for stat, n in effect["buff"].items():
                total[stat] = total.get(stat, 0) + int(n)
    return total


@cache
def bundled() -> tuple[dict[str, Any], ...]:
    """The bundled muhq cards in the API's shape (read once)."""
    return package_cards(Path(__file__).parent)


@cache
def bundled_catalog() -> dict[str, Entry]:
    """Every bundled card's catalog entry by slug."""
    return {card["slug"]: catalog_entry(card) for card in bundled()}


def new_player() -> dict[str, Any]:
    """A seat's empty zones and counters."""
    return {"deck": [], "hand": [], "discard": [], "store": [], "resources": 0, "bought": False}


def empty_state(game_map: Map, seats: int, seed: int, options: Mapping[str, Any], rng: SeededRandom) -> State:
    """A state without cards: what a deal and a setup fill in."""
    return {
        "game": "muhq",
        "variant": game_map.slug,
        "seed": seed,
        "options": dict(options),
        "catalog": {},
        "cards": {},
        "players": [new_player() for _ in range(seats)],
        "perms": {},
        "arrivals": 0,
        "auras": [],
        "occ": [[None] * game_map.width for _ in range(game_map.height)],
        "kraken": None,
        "out": [],
        "draft": None,
        "dropping": [],
        "eliminated": [],
        "turn": 0,
        "round": 1,
        "active": 0,
        "first": 0,
        "phase": "actions",
        "activation": None,
        "stack": [],
        "window": [],
        "pending": None,
        "log": [],
        "outcome": None,
        "seq": 0,
        "rng": rng,
    }


def add_given(s: State, cards: Iterable[Mapping[str, Any]]) -> None:
    """The catalog takes the cards the match is given (a deck's, a setup's: the database's version
    of a card, edited or new), each slug once, the first given first; ``add_cards`` then finds
    them before the bundled ones."""
    for card in cards:
        if card["slug"] not in s["catalog"]:
            s["catalog"][card["slug"]] = catalog_entry(card)


def add_cards(s: State, slugs: Sequence[str], rng: SeededRandom | None = None, prefix: str = "") -> list[str]:
    """New card ids for ``slugs`` (opaque from the random source, or ``<prefix><n>`` in a setup).
    A slug the catalog does not hold yet (``add_given``) is a bundled card: what the map names
    (start cards, pieces, the Kraken's) and the draft's pool."""
    catalog = bundled_catalog()
    for slug in slugs:
        if slug not in s["catalog"]:
            if slug not in catalog:
                raise ValueError(f"no muhq card {slug!r}")
            s["catalog"][slug] = catalog[slug]
    if rng is not None:
        ids = opaque_ids(rng, len(slugs), set(s["cards"]))
    else:
        start = sum(1 for cid in s["cards"] if cid.startswith(prefix))
        ids = [f"{prefix}{start + i}" for i in range(len(slugs))]
    s["cards"].update(zip(ids, slugs, strict=True))
    return ids


def deck_slugs(deck: Sequence[DeckCard]) -> list[str]:
    """The slugs of a deck list, one per copy."""
    return [str(line.card["slug"]) for line in deck for _ in range(line.count)]


def game_map(s: State) -> Map:
    """The match's map."""
    return load_map(s["variant"])


def is_kraken_mode(s: State) -> bool:
    return s["kraken"] is not None


# --- reading ------------------------------------------------------------------------------------


def card_of(s: State, cid: str) -> Entry:
    """The catalog entry of a card id."""
    entry: Entry = s["catalog"][s["cards"][cid]]
    return entry


def name_of(s: State, cid: str) -> str:
    return str(card_of(s, cid)["name"])


def at(s: State, x: int, y: int) -> str | None:
    """The top-level permanent on a field."""
    occupant: str | None = s["occ"][y][x]
    return occupant


def in_arrival_order(s: State) -> State:
    """``s`` with its permanents in the order they came onto the map (their ``since`` stamps).
    Much of the game walks ``s["perms"]`` in that order, and a store may hand a state back with
    its keys reordered (PostgreSQL's jsonb sorts them), so every restore puts the order back.
    A state stored before the stamps existed keeps its order and gets them now."""
    perms = s["perms"]
    if "arrivals" not in s or any("since" not in perm for perm in perms.values()):
        for n, perm in enumerate(perms.values()):
            perm["since"] = n
        s["arrivals"] = len(perms)
    s["perms"] = dict(sorted(perms.items(), key=lambda item: int(item[1]["since"])))
    return s


def upgraded(s: State) -> State:
    """A state an older engine stored, in today's shape: no seat out yet (M26); a running draft's
    picks apart from the stores (M29: they were kept in the stores); a carried artifact waiting
    under ``dropping`` (M31: it stood on its carrier's field, the pending choice ``setdown``)."""
    s.setdefault("eliminated", [])
    s.setdefault("dropping", [])
    draft = s.get("draft")
    if draft is not None and "picks" not in draft:
        draft["picks"] = [player["store"] for player in s["players"]]
        for player in s["players"]:
            player["store"] = []
    pending = s.get("pending")
    if pending is not None and pending.get("kind") == "setdown":
        aid, carrier = pending["artifact"], s["perms"][pending["unit"]]
        held = {"card": aid, "from": [carrier["x"], carrier["y"]], "by": pending["player"], "home": None}
        s["dropping"].append({**held, "perms": {aid: s["perms"].pop(aid)}})
        s["pending"] = None
    return s


def top_perms(s: State) -> list[str]:
    """Every permanent standing on its own field, in the order they came onto the map."""
    return [pid for pid, perm in s["perms"].items() if perm["on"] is None]


def units_of(s: State, controller: Owner) -> list[str]:
    """Every unit (top-level or crew) that ``controller`` controls."""
    catalog, cards = s["catalog"], s["cards"]
    return [
        pid for pid, p in s["perms"].items() if p["controller"] == controller and catalog[cards[pid]]["type"] == "unit"
    ]


def allied(s: State, a: Owner, b: Owner) -> bool:
    """M21: against the Kraken the players are allies; otherwise only a controller with itself."""
    if a == b:
        return True
    return s["kraken"] is not None and a != KRAKEN and b != KRAKEN and a is not None and b is not None


def enemies(s: State, a: Owner, b: Owner) -> bool:
    return a is not None and b is not None and not allied(s, a, b)


def rng_of(s: State) -> SeededRandom:
    rng: SeededRandom = s["rng"]
    return rng


def log(s: State, player: Owner, event: str, text: str, **data: Any) -> None:
    """Append one public event (older ones fall off)."""
    s["log"].append({"turn": s["turn"], "player": player, "event": event, "text": text, **data})
    if len(s["log"]) > LOG_KEEP + 20:
        del s["log"][: len(s["log"]) - LOG_KEEP]


def seat_label(owner: Owner) -> str:
    if owner == KRAKEN:
        return "the Kraken"
    return "nobody" if owner is None else f"P{int(owner) + 1}"


# --- drawing and piles --------------------------------------------------------------------------


def draw(s: State, p: int, count: int = 1) -> int:
    """Seat ``p`` draws up to ``count`` cards; an empty deck is refilled from the shuffled discard
    pile whenever a card must be drawn (M11); with both empty, nothing is drawn."""
    player, drawn = s["players"][p], 0
    for _ in range(count):
        if not player["deck"] and player["discard"]:
            player["deck"] = sorted(player["discard"])
            player["discard"] = []
            rng_of(s).shuffle(player["deck"])
            log(s, p, "reshuffle", f"P{p + 1} shuffles the discard pile into a new deck")
        if not player["deck"]:
            break
        player["hand"].append(player["deck"].pop())
        drawn += 1
    return drawn


def discard_pile(s: State, owner: Owner) -> list[str]:
    """Where a card of ``owner`` goes when it leaves the map (M5; a neutral piece leaves the game)."""
    if owner == KRAKEN:
        pile: list[str] = s["kraken"]["discard"]
        return pile
    if owner is None:
        out: list[str] = s["out"]
        return out
    mine: list[str] = s["players"][int(owner)]["discard"]
    return mine


def gain(s: State, owner: Owner, amount: int) -> None:
    """``owner`` gains resources (saved without limit, M10)."""
    if owner == KRAKEN:
        s["kraken"]["resources"] += amount
    elif owner is not None:
        s["players"][int(owner)]["resources"] += amount
