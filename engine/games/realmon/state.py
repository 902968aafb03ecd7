"""The Realmon match state: plain JSON-able data, dealt here, read everywhere.

A state is one dict (``new_state``). Every card has an opaque id (``c`` and six hex digits, drawn
from the match's random source after the shuffle; a setup numbers them ``p<seat>c<n>``) and sits in
exactly one zone: a player's ``monsters``, ``actions`` or ``combat`` pile (last element = top),
``hand``, ``laid`` (the face-down commitment of the round), ``monster_discard``,
``action_discard``, ``combat_discard`` (spent combat cards, R11), ``abyss``, the round's ``field``
card, or ``out`` (monsters that left the game, R10/R14).

The round under way is ``state["round"]``; what happens next is the ``queue`` of tasks
(``rounds.py``); the last fight, broken down, is ``state["fight"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.base import opaque_ids
from engine.core.definition import package_cards
from engine.core.match import DeckCard
from engine.core.options import Option
from engine.core.rng import SeededRandom
from engine.games.realmon.schema import CATEGORIES, STAGES, combat_cost

State = dict[str, Any]
Entry = dict[str, Any]

START_MONSTERS = 2  # seed: "Jeder Spieler startet mit: 2 Monsterkarten und 2 Kampfkarten"
START_COMBAT = 2
MONSTERS_IN_HAND = 2  # R3, R10
COMBAT_LIMIT = 3  # R3, R12
HAND_LIMIT = 7  # R3, R12
SMALL_HALF = 3  # R15: stages 1-3 form the top half of a basis pile, 4-6 the bottom one
LOG_KEEP = 80
PILES = {"monster": "monsters", "action": "actions", "combat": "combat"}
DISCARDS = {"monster": "monster_discard", "action": "action_discard", "combat": "combat_discard"}
OPTIONS: tuple[Option, ...] = (
    Option(
        "first_announcer",
        None,
        "choice",
        choices=(None, 0, 1),
        help="who announces the first round; null: a seeded die roll each, higher begins (R5)",
    ),
    Option(
        "monsters",
        "dealt",
        "choice",
        choices=("dealt", "draft"),
        help="dealt: each player's monster pile is their deck's; draft: both decks' monsters are drafted "
        "face down from piles of 11, each player's picks hidden from the other (R20)",
    ),
)


def catalog_entry(card: Mapping[str, Any]) -> Entry:
    """The fields of a card (API shape) the engine and the views need."""
    attrs = card.get("attributes") or {}
    entry: Entry = {
        "slug": card["slug"],
        "name": card.get("name", card["slug"]),
        "type": card["type"],
        "effects": [dict(e) for e in card.get("effects") or []],
        "text": card.get("text", ""),
    }
    if card["type"] == "monster":
        stage = int(attrs.get("stage", 1))
        entry.update(
            stage=stage,
            stage_name=STAGES.get(stage, ""),
            realm=int(attrs.get("realm", 0)),
            values={c: int(attrs.get(c, 0)) for c in CATEGORIES},
            orientation=attrs.get("orientation"),
            broken=bool(attrs.get("broken", False)),
        )
    elif card["type"] == "combat":
        stage = int(attrs.get("stage", 1))
        unique = bool(card.get("unique", False))
        cost = card.get("cost")
        entry.update(
            stage=stage,
            unique=unique,
            cost=int(cost) if isinstance(cost, int) else combat_cost(stage, unique),
            orientation=attrs.get("orientation"),
        )
    else:
        entry["kind"] = attrs.get("kind")
    return entry


def new_player() -> dict[str, Any]:
    """A player's empty zones and counters."""
    return {
        "monsters": [],
        "actions": [],
        "combat": [],
        "hand": [],
        "laid": None,
        "monster_discard": [],
        "action_discard": [],
        "combat_discard": [],
        "abyss": [],
        "combat_cost_spent": 0,
        "realm_lost": 0,
        "revived": [],
    }


def empty_state(variant: str, seed: int, options: Mapping[str, Any], rng: SeededRandom) -> State:
    """A state without cards: what ``new_state`` and a setup fill in."""
    return {
        "game": "realmon",
        "variant": variant,
        "seed": seed,
        "options": dict(options),
        "catalog": {},
        "cards": {},
        "players": [new_player(), new_player()],
        "out": [],
        "turn": 0,
        "announcer": 0,
        "round": None,
        "fight": None,
        "queue": [],
        "log": [],
        "loaded": [],
        "outcome": None,
        "seq": 0,
        "draft": None,
        "rng": rng,
    }


PoolDealer = Callable[[State, list[list[str]], SeededRandom], None]


def new_state(
    decks: Sequence[Sequence[DeckCard]],
    variant: str,
    seed: int,
    options: Mapping[str, Any],
    rng: SeededRandom,
    deal_pool: PoolDealer | None = None,
) -> State:
    """Deal a match (``options`` already checked): each player's three piles shuffled (the monster
    pile of ``basis`` in two halves, R15), opaque ids drawn after the shuffle, the starting hands;
    the first announcer is found when the match starts (``rounds.start_match``). With the option
    ``monsters: draft`` the monsters go to the draft's pool instead (R20, ``draft.deal_pool``), and
    the monster piles and starting hands are dealt when the draft ends; ``deal_pool`` is the draft's
    (the engine passes it in: the draft module builds on this one)."""
    s = empty_state(variant, seed, options, rng)
    drafting = options.get("monsters") == "draft"
    pool: list[list[str]] = []
    for p, deck in enumerate(decks):
        for kind, pile in PILES.items():
            slugs = []
            for line in deck:
                if line.card["type"] == kind:
                    entry = catalog_entry(line.card)
                    s["catalog"].setdefault(entry["slug"], entry)
                    slugs.extend([entry["slug"]] * line.count)
            if kind == "monster" and drafting:
                pool.append(slugs)
                continue
            if kind == "monster":
                slugs = stacked(slugs, lambda slug: int(s["catalog"][slug]["stage"]), variant, rng)
            else:
                rng.shuffle(slugs)
            ids = opaque_ids(rng, len(slugs), set(s["cards"]))
            s["cards"].update(zip(ids, slugs, strict=True))
            s["players"][p][pile] = ids
        if not drafting:
            draw(s, p, "monster", START_MONSTERS)
            draw(s, p, "combat", START_COMBAT)
    if drafting:
        if deal_pool is None:
            raise ValueError("a draft needs its pool dealer (draft.deal_pool)")
        deal_pool(s, pool, rng)
    return s


def stacked(monsters: list[str], stage_of: Callable[[str], int], variant: str, rng: SeededRandom) -> list[str]:
    """A monster pile (last = top). R15: ``basis`` splits it into the stage 1-3 and the stage 4-6
    half (seed: "damit Verteilung fair bleibt"), shuffles each and lays the 1-3 half on top, so
    the big monsters come late for both players; ``lang`` shuffles it whole."""
    if variant != "basis":
        rng.shuffle(monsters)
        return monsters
    small = [m for m in monsters if stage_of(m) <= SMALL_HALF]
    big = [m for m in monsters if stage_of(m) > SMALL_HALF]
    rng.shuffle(big)
    rng.shuffle(small)
    return big + small


# --- reading the state ---------------------------------------------------------------------------


@cache
def bundled() -> tuple[dict[str, Any], ...]:
    """The bundled Realmon cards in the API's shape, as the game's definition reads them (once)."""
    return package_cards(Path(__file__).parent)


def card_of(s: State, cid: str) -> Entry:
    """The catalog entry of a card id."""
    entry: Entry = s["catalog"][s["cards"][cid]]
    return entry


def kind_of(s: State, cid: str) -> str:
    """A card's type: monster, action or combat."""
    return str(card_of(s, cid)["type"])


def hand_of(s: State, p: int, kind: str) -> list[str]:
    """Player ``p``'s hand cards of one type, in hand order."""
    catalog, cards = s["catalog"], s["cards"]
    return [cid for cid in s["players"][p]["hand"] if catalog[cards[cid]]["type"] == kind]


def specials_of(s: State, p: int) -> list[str]:
    """Player ``p``'s special cards (action and combat cards, R12)."""
    catalog, cards = s["catalog"], s["cards"]
    return [cid for cid in s["players"][p]["hand"] if catalog[cards[cid]]["type"] != "monster"]


def has_term(entry: Entry, verb: str) -> bool:
    """Whether a card carries an effect term of ``verb``."""
    return any(verb in term for term in entry["effects"])


def term_value(entry: Entry, verb: str, default: Any = None) -> Any:
    """The value of a card's first term of ``verb``."""
    return next((term[verb] for term in entry["effects"] if verb in term), default)


def team_laid(laid: Mapping[str, Any]) -> list[str]:
    """The monsters of a commitment (or of a lay's params): one, or two after "1 gegen 2" (R17)."""
    return [laid["monster"], *([laid["helper"]] if laid.get("helper") else [])]


def abyss_realm(s: State, p: int) -> int:
    """The Realm of the monsters in player ``p``'s Abyss."""
    return sum(int(card_of(s, cid)["realm"]) for cid in s["players"][p]["abyss"])


def points(s: State, p: int) -> int:
    """R16: the Realm in the own Abyss minus the combat-card costs spent (and Realm lost to a
    Gefahr card)."""
    player = s["players"][p]
    return abyss_realm(s, p) - int(player["realm_lost"]) - int(player["combat_cost_spent"])


def opponent(p: int) -> int:
    """The other player."""
    return 1 - p


# --- changing it ---------------------------------------------------------------------------------


def rng_of(s: State) -> SeededRandom:
    """The match's random source, bound to the state (engine.core.base)."""
    rng: SeededRandom = s["rng"]
    return rng


def roll(s: State, count: int) -> list[int]:
    """``count`` d6 from the match's random source (R4, R18). A scenario's setup may load the
    first faces (``state["loaded"]``) so that a test can name them."""
    loaded: list[int] = s["loaded"]
    return [loaded.pop(0) if loaded else rng_of(s).below(6) + 1 for _ in range(count)]


def draw(s: State, p: int, kind: str, count: int = 1) -> int:
    """Player ``p`` draws up to ``count`` cards of ``kind`` into the hand; an empty action or combat
    pile is first reshuffled from its discard pile (R11). Returns how many were drawn."""
    player = s["players"][p]
    pile, drawn = player[PILES[kind]], 0
    for _ in range(count):
        if not pile and kind != "monster" and player[DISCARDS[kind]]:
            pile.extend(player[DISCARDS[kind]])
            player[DISCARDS[kind]] = []
            rng_of(s).shuffle(pile)
            log(s, p, "reshuffle", f"P{p + 1} shuffles the {kind} discard pile into a new pile")
        if not pile:
            break
        player["hand"].append(pile.pop())
        drawn += 1
    return drawn


def log(s: State, player: int | None, event: str, text: str, **data: Any) -> None:
    """Append one public event (older entries fall off)."""
    s["log"].append({"turn": s["turn"], "player": player, "event": event, "text": text, **data})
    if len(s["log"]) > LOG_KEEP + 20:
        del s["log"][: len(s["log"]) - LOG_KEEP]


def name_of(s: State, cid: str) -> str:
    """A card's name, for labels and the log."""
    return str(card_of(s, cid)["name"])
