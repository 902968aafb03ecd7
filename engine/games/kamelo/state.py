"""The Ka-Mel-Oh! match state: plain JSON-able data, dealt here, read everywhere.

A state is one dict (see ``new_state``); every card of both decks has an opaque id (``c`` and six
hex digits, drawn from the match's random source after the shuffle; a setup numbers them
``p<player>c<n>``) and sits in exactly one zone: a player's ``deck`` (dufo; last element = top), ``hand``, ``desert``
(discard pile), an ``arena`` slot (as ``card`` of a monster) or an oasis pile (wimu/koenig; last
element = top, face up while the oasis is active).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine.core.base import opaque_ids
from engine.core.match import DeckCard, UnknownVariantError
from engine.core.options import Option
from engine.core.options import check_options as check_declared
from engine.core.rng import SeededRandom
from engine.games.kamelo.calc import ITEM_CAPS, VARIANTS

State = dict[str, Any]
Monster = dict[str, Any]

HAND_SIZE = {"dufo": 8, "wimu": 6, "koenig": 6}  # seed: opening hand (and dufo's refill)
START_DATES = {"dufo": 1, "wimu": 0, "koenig": 0}  # K6; oases produce nothing "ganz zu Beginn"
OPENING_MONSTERS = 3
SLOTS = 2
OPTIONS: tuple[Option, ...] = (
    Option(
        "length",
        "short",
        "choice",
        choices=("short", "long"),
        help="short: to the target points; long: until a deck runs out (K7)",
    ),
    Option("target_points", 20, minimum=1, maximum=200, help="the short game's target victory points (K7)"),
    Option("oases", 3, "choice", choices=(3, 4), help="wimu/koenig: oases per player (K6)"),
    Option("max_turns", 200, minimum=1, maximum=1000, help="the final turns begin after this many turns (K10)"),
    Option("first_player", None, "choice", choices=(None, 0, 1), help="who begins; null: a seeded coin flip"),
    Option(
        "return_match",
        False,
        "bool",
        help="Hin- und Rückkampf (K7): a second match with the same decks, the other player begins, points summed",
    ),
)
DEFAULT_OPTIONS: dict[str, Any] = {option.name: option.default for option in OPTIONS}
LOG_KEEP = 40


def check_options(variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The match options with defaults filled in; UnknownVariantError (OptionError) for bad ones."""
    if variant not in VARIANTS:
        raise UnknownVariantError(f"unknown Ka-Mel-Oh! variant {variant!r}; the variants are {', '.join(VARIANTS)}")
    return check_declared(OPTIONS, options)


def catalog_entry(card: Mapping[str, Any]) -> dict[str, Any]:
    """The few fields of a card (API shape) the engine and the views need."""
    attrs = card.get("attributes") or {}
    return {
        "slug": card["slug"],
        "name": card.get("name", card["slug"]),
        "type": card["type"],
        "cost": int(card.get("cost") or 0),
        "hk": int(attrs.get("hk", 4)),
        "ap": int(attrs.get("ap", 0)),
        "dp": int(attrs.get("dp", 0)),
        "lp": int(attrs.get("lp", 0)),
        "recipe": attrs.get("recipe"),
        "effects": list(card.get("effects") or []),
        "text": card.get("text", ""),
    }


def new_state(
    decks: Sequence[Sequence[DeckCard]], variant: str, seed: int, opts: Mapping[str, Any], rng: SeededRandom
) -> State:
    """Deal a new match (``opts`` already checked): shuffles, opaque ids, opening hands, oases and
    the coin flip for the first player."""
    s: State = {
        "game": "kamelo",
        "variant": variant,
        "seed": seed,
        "options": dict(opts),
        "catalog": {},
        "cards": {},
        "players": [],
        "turn": 0,
        "current": 0,
        "phase": "main",
        "pending": None,
        "attack": None,
        "surcharges": [],
        "final": None,
        "outcome": None,
        "log": [],
        "seq": 0,
        "series": {"leg": 1, "legs": []} if opts["return_match"] else None,
    }
    for p, deck in enumerate(decks):
        s["players"].append(_deal_player(s, p, deck, rng))
    s["stall"] = fresh_stall(s)
    first = opts["first_player"] if opts["first_player"] is not None else rng.below(2)
    s["first"] = first
    s["current"] = first
    s["rng"] = rng
    return s


def _deal_player(s: State, p: int, deck: Sequence[DeckCard], rng: SeededRandom) -> dict[str, Any]:
    dealt: list[str] = []
    for line in deck:
        entry = catalog_entry(line.card)
        s["catalog"].setdefault(entry["slug"], entry)
        dealt.extend([entry["slug"]] * line.count)
    rng.shuffle(dealt)
    # Ids are opaque and drawn after the shuffle: an id says nothing of a hidden card (api.md).
    ids = opaque_ids(rng, len(dealt), set(s["cards"]))
    s["cards"].update(zip(ids, dealt, strict=True))
    owned = {s["cards"][cid] for cid in ids}
    player: dict[str, Any] = {
        "violets": sorted(slug for slug in owned if s["catalog"][slug]["type"] == "special_monster")
    }
    _start_player(s, p, player, ids, rng)
    return player


def _start_player(s: State, p: int, player: dict[str, Any], deck: list[str], rng: SeededRandom) -> None:
    """Give a player a fresh match from a shuffled deck of card ids: opening hand, oases, counters."""
    player.update(
        deck=deck,
        hand=[],
        desert=[],
        arena=[None] * SLOTS,
        oases=[],
        dates=START_DATES[s["variant"]],
        points=0,
        turns_taken=0,
        savings=[],
        turn_state=fresh_turn_state(),
    )
    _opening_hand(s, p, player, rng)
    if s["variant"] != "dufo":
        _make_oases(player, s["options"]["oases"])


def owned_cards(s: State, p: int) -> list[str]:
    """Every card id of player ``p``'s deck, wherever it lies now (a monster taken over by the
    opponent stays its owner's card)."""
    player = s["players"][p]
    found = [*player["deck"], *player["hand"], *player["desert"]]
    found += [cid for oasis in player["oases"] for cid in oasis["cards"]]
    for q, side in enumerate(s["players"]):
        found += [m["card"] for m in side["arena"] if m is not None and m.get("owner", q) == p]
    return sorted(found, key=card_order)


def deal_second_leg(s: State) -> None:
    """K7's return match: record the first leg and deal the second with the same decks, the other
    player beginning. Each player's cards get their slugs dealt anew among the same ids, so an id
    seen in the first leg says nothing of a hidden card in the second."""
    rng: SeededRandom = s["rng"]
    s["series"]["legs"].append(
        {
            "first_player": s["first"],
            "points": [p["points"] for p in s["players"]],
            "termination": (s["final"] or {}).get("reason", "over"),
        }
    )
    s["series"]["leg"] = 2
    for p, player in enumerate(s["players"]):
        ids = owned_cards(s, p)
        dealt = sorted(s["cards"][cid] for cid in ids)
        rng.shuffle(dealt)
        s["cards"].update(zip(ids, dealt, strict=True))
        rng.shuffle(ids)
        _start_player(s, p, player, ids, rng)
    s.update(turn=0, phase="main", pending=None, attack=None, surcharges=[], final=None, first=1 - s["first"])
    s["stall"] = fresh_stall(s)
    s["current"] = s["first"]
    log(s, None, "leg", f"Return match: P{s['first'] + 1} begins the second leg")


def pile_cards(s: State) -> int:
    """How many cards lie in the decks and oases of both players (K12 counts the cards moved out)."""
    return sum(len(pl["deck"]) + sum(len(o["cards"]) for o in pl["oases"]) for pl in s["players"])


def fresh_stall(s: State, turns: int = 0) -> dict[str, int]:
    """K12's count: ``turns`` in a row that moved no card out of a deck or oasis, and the cards in
    the decks and oases when the current turn began (what the turn's end compares with)."""
    return {"turns": turns, "piles": pile_cards(s)}


def fresh_turn_state() -> dict[str, Any]:
    """Per-turn counters: monsters sent, whether items began (dufo order), wimu's chosen mode."""
    return {"monsters": 0, "items": False, "mode": None, "buried": 0}


def _opening_hand(s: State, p: int, player: dict[str, Any], rng: SeededRandom) -> None:
    """Seed: draw until three yellow monsters; fill up to the hand size, or, past it, keep the three
    monsters, show and shuffle back the rest, and draw up to the hand size."""
    size = HAND_SIZE[s["variant"]]
    deck, drawn = player["deck"], []
    monsters = 0
    while monsters < OPENING_MONSTERS and deck:
        cid = deck.pop()
        drawn.append(cid)
        monsters += card_of(s, cid)["type"] == "monster"
    if len(drawn) > size:
        kept = [c for c in drawn if card_of(s, c)["type"] == "monster"]
        shown = [c for c in drawn if c not in kept]
        deck.extend(shown)
        rng.shuffle(deck)
        log(s, p, "reshuffle", f"P{p + 1} shows and shuffles back {len(shown)} cards", cards=slugs(s, shown))
        drawn = kept
    while len(drawn) < size and deck:
        drawn.append(deck.pop())
    player["hand"] = sorted(drawn, key=card_order)


def _make_oases(player: dict[str, Any], count: int) -> None:
    """Seed (wimu/koenig): the rest of the deck is dealt evenly onto the oases, face down."""
    piles: list[list[str]] = [[] for _ in range(count)]
    for i, cid in enumerate(player["deck"]):
        piles[i % count].append(cid)
    player["oases"] = [{"cards": pile, "active": False, "activated": -1} for pile in piles]
    player["deck"] = []


@cache
def card_order(cid: str) -> tuple[int, int, str]:
    """Sort key of card ids: a setup's ``p0c10`` after ``p0c9``; a dealt match's opaque ids by text."""
    if cid.startswith("p") and "c" in cid:
        p, n = cid[1:].split("c")
        return int(p), int(n), ""
    return -1, 0, cid


def card_of(s: State, cid: str) -> dict[str, Any]:
    """The catalog entry of a card id."""
    entry: dict[str, Any] = s["catalog"][s["cards"][cid]]
    return entry


def slugs(s: State, cids: Sequence[str]) -> list[str]:
    """The slugs of some card ids (for public log entries)."""
    return [s["cards"][c] for c in cids]


def log(s: State, player: int | None, event: str, text: str, **data: Any) -> None:
    """Append one public event to the short log (older entries fall off)."""
    s["log"].append({"turn": s["turn"], "player": player, "event": event, "text": text, **data})
    if len(s["log"]) > LOG_KEEP + 20:
        del s["log"][: len(s["log"]) - LOG_KEEP]


def opponent(p: int) -> int:
    """The other player."""
    return 1 - p


# --- monsters in the arena ----------------------------------------------------------------------


def new_monster(s: State, cid: str, base: Mapping[str, int], parts: Sequence[str] = ()) -> Monster:
    """A monster as it stands in an arena slot: printed (or K4) base values, item bonuses and
    maluses, damage taken, the component slugs of a fusion/Zusammenrottung."""
    return {
        "card": cid,
        "base": {k: int(base[k]) for k in ("ap", "dp", "lp")},
        "bonus": {"ap": 0, "dp": 0, "lp": 0},
        "malus": {"ap": 0, "dp": 0},
        "damage": 0,
        "parts": list(parts),
        "direct_turn": -1,
    }


def stats(m: Monster) -> dict[str, int]:
    """A monster's current AP, DP and LP: own items raise up to K4's caps, hostile ones lower."""
    base, bonus, malus = m["base"], m["bonus"], m["malus"]
    ap = max(0, min(ITEM_CAPS["ap"], base["ap"] + bonus["ap"]) - malus["ap"])
    dp = max(0, min(ITEM_CAPS["dp"], base["dp"] + bonus["dp"]) - malus["dp"])
    lp = min(ITEM_CAPS["lp"], base["lp"] + bonus["lp"]) - m["damage"]
    return {"ap": ap, "dp": dp, "lp": lp}


def arena_monsters(s: State, p: int) -> list[tuple[int, Monster]]:
    """(slot, monster) of player ``p``'s occupied arena slots."""
    return [(i, m) for i, m in enumerate(s["players"][p]["arena"]) if m is not None]


def free_slots(s: State, p: int) -> list[int]:
    """Player ``p``'s empty arena slots."""
    return [i for i, m in enumerate(s["players"][p]["arena"]) if m is None]


def rng_of(s: State) -> SeededRandom:
    """The match's random source, bound to the state (engine.core.base): nothing to save back."""
    rng: SeededRandom = s["rng"]
    return rng
