"""The duel match state: plain JSON-able data, dealt here, read everywhere.

A state is one dict (``new_state``). Every card of both decks has an opaque id (``c`` and six hex
digits, drawn from the match's random source after the shuffle; a setup numbers them
``p<player>c<n>``) and lies in exactly one zone of its owner (A1): ``deck`` (last element = top),
``hand``, ``creatures`` (at most 3, each ``{"card", "position", "attacked", "switched", "since"}``),
``support`` (at most 3, each ``{"card", "face_down", "equips"}``: a trap set face down, a weapon and
the creature it equips, or a spell while it resolves), ``reinforcement`` (a card id or None),
``graveyard`` and ``discard`` (the discard zone).

What happens next is ``queue`` (tasks run in order: an effect, the trap window of an attack, the
combat ...) and ``pending`` (a decision a player must take before the queue goes on: springing a
trap, choosing a target); ``event`` is the attack or summon being carried out (A9: traps resolve
before it). ``boosts`` are the stat changes that last until the end of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.base import opaque_ids
from engine.core.match import DeckCard, Outcome
from engine.core.options import Option
from engine.core.rng import SeededRandom
from engine.games.duel.cards import compile_card, runnable_problems

State = dict[str, Any]
Creature = dict[str, Any]

LIFE = 20  # A1
START_HAND = 5  # A1
HAND_LIMIT = 7  # A1, A4
CREATURE_SLOTS = 3  # A1, A13
SUPPORT_SLOTS = 3  # A1, A13
FIGHTERS = frozenset({"creature", "elite"})
LOG_KEEP = 40
OPTIONS: tuple[Option, ...] = (
    Option("max_turns", 200, minimum=1, maximum=1000, help="the match is a draw after this many turns (A8)"),
    Option("first_player", None, "choice", choices=(None, 0, 1), help="who begins; null: a seeded coin flip (A4)"),
)


class UnrunnableCardError(ValueError):
    """A deck holds a card whose effects the duel engine cannot carry out; the message names it."""


def catalog_of(decks: Sequence[Sequence[DeckCard]]) -> dict[str, dict[str, Any]]:
    """The compiled catalog entries of every card of the decks; UnrunnableCardError for a card the
    engine cannot run (never a silent no-op)."""
    catalog: dict[str, dict[str, Any]] = {}
    for deck in decks:
        for line in deck:
            slug = str(line.card["slug"])
            if slug in catalog:
                continue
            problems = runnable_problems(line.card)
            if problems:
                raise UnrunnableCardError(f"{slug}: the duel engine cannot run this card: {'; '.join(problems)}")
            catalog[slug] = compile_card(line.card)
    return catalog


def empty_state(variant: str, seed: int, options: Mapping[str, Any], catalog: dict[str, Any]) -> State:
    """A state with no players yet (``new_state`` and ``setup`` fill it)."""
    return {
        "game": "duel",
        "variant": variant,
        "seed": seed,
        "options": dict(options),
        "catalog": catalog,
        "cards": {},
        "players": [],
        "turn": 0,
        "current": 0,
        "first": 0,
        "phase": "main",
        "summons": {"allowed": 1, "used": 0},
        "boosts": [],
        "event": None,
        "queue": [],
        "pending": None,
        "outcome": None,
        "log": [],
        "seq": 0,
    }


def new_player(deck: list[str], hand: list[str]) -> dict[str, Any]:
    """One player's zones (A1) at the start of a match."""
    return {
        "deck": deck,
        "hand": hand,
        "life": LIFE,
        "creatures": [],
        "support": [],
        "reinforcement": None,
        "graveyard": [],
        "discard": [],
        "decked": False,
    }


def new_state(
    decks: Sequence[Sequence[DeckCard]], variant: str, seed: int, options: Mapping[str, Any], rng: SeededRandom
) -> State:
    """Deal a match (``options`` already checked): shuffle each deck, give opaque ids after the
    shuffle, 5 cards each (A1), and flip the coin for the first player (A4, A15)."""
    s = empty_state(variant, seed, options, catalog_of(decks))
    for deck in decks:
        slugs = [str(line.card["slug"]) for line in deck if line.section != "side" for _ in range(line.count)]
        rng.shuffle(slugs)
        ids = opaque_ids(rng, len(slugs), set(s["cards"]))
        s["cards"].update(zip(ids, slugs, strict=True))
        s["players"].append(new_player(ids[START_HAND:], ids[:START_HAND]))
    first = options["first_player"] if options["first_player"] is not None else rng.below(2)
    s["first"] = s["current"] = first
    return s


# --- reading cards ------------------------------------------------------------------------------


def card_of(s: State, cid: str) -> dict[str, Any]:
    """The compiled catalog entry of a card id."""
    entry: dict[str, Any] = s["catalog"][s["cards"][cid]]
    return entry


def name_of(s: State, cid: str) -> str:
    """A card's name, for labels and the log."""
    return str(card_of(s, cid)["name"])


def is_fighter(s: State, cid: str) -> bool:
    """Whether a card is a creature or an elite (both count as creatures: A1, A12, A14)."""
    return card_of(s, cid)["type"] in FIGHTERS


def opponent(p: int) -> int:
    """The other player."""
    return 1 - p


def find_creature(s: State, cid: str) -> tuple[int, Creature] | None:
    """(owner, creature) of a creature in play, or None."""
    for p, player in enumerate(s["players"]):
        for creature in player["creatures"]:
            if creature["card"] == cid:
                return p, creature
    return None


def new_creature(cid: str, position: str, turn: int) -> Creature:
    """A creature as it stands in the creature zone (A5: in the position its owner chose)."""
    return {"card": cid, "position": position, "attacked": False, "switched": False, "since": turn}


# --- stats ----------------------------------------------------------------------------------------


def graveyard_creatures(s: State, p: int) -> int:
    """How many creatures (creature and elite cards) lie in player ``p``'s graveyard (Baal, A12)."""
    return sum(1 for cid in s["players"][p]["graveyard"] if is_fighter(s, cid))


def _continuous(s: State, p: int, creature: Creature) -> tuple[int, int]:
    """The lasting boosts on one of ``p``'s creatures: its weapons, every card in play with an
    ``own_all`` (its side) or ``enemy_all`` (the other side) boost, its own ``equipped`` boost."""
    attack = defense = 0
    cid = creature["card"]
    for side in (p, opponent(p)):
        wanted = "own_all" if side == p else "enemy_all"
        player = s["players"][side]
        sources = [c["card"] for c in player["creatures"]]
        sources += [e["card"] for e in player["support"] if not e["face_down"]]
        if player["reinforcement"] is not None:
            sources.append(player["reinforcement"])
        for source in sources:
            for boost in card_of(s, source)["continuous"]:
                target = boost["target"]
                hit = target == wanted
                if target == "equipped" and side == p:
                    hit = source == cid or _equips(player, source) == cid
                if hit:
                    attack += boost["attack"]
                    defense += boost["defense"]
    return attack, defense


def _equips(player: Mapping[str, Any], source: str) -> str | None:
    for entry in player["support"]:
        if entry["card"] == source:
            equipped: str | None = entry["equips"]
            return equipped
    return None


def stats(s: State, p: int, creature: Creature) -> tuple[int, int]:
    """A creature's attack and defence now: printed values, lasting boosts, the turn's boosts and
    ``graveyard_attack``; never below 0."""
    card = card_of(s, creature["card"])
    attack, defense = _continuous(s, p, creature)
    attack += card["attack"] + card["graveyard_attack"] * (graveyard_creatures(s, p) if card["graveyard_attack"] else 0)
    defense += card["defense"]
    for boost in s["boosts"]:
        if boost["card"] == creature["card"]:
            attack += boost["attack"]
            defense += boost["defense"]
    return max(0, attack), max(0, defense)


# --- the log and the end --------------------------------------------------------------------------


def log(s: State, player: int | None, event: str, text: str, **data: Any) -> None:
    """Append one public event to the short log (older entries fall off). Never a hidden card."""
    s["log"].append({"turn": s["turn"], "player": player, "event": event, "text": text, **data})
    if len(s["log"]) > LOG_KEEP + 20:
        del s["log"][: len(s["log"]) - LOG_KEEP]


def points(s: State) -> tuple[int, ...]:
    """The figure that decides the winner: each player's life (not below 0)."""
    return tuple(max(0, player["life"]) for player in s["players"])


def finish(s: State, winners: Sequence[int], termination: str) -> None:
    """End the match (BaseMatch.finish's effect, for the modules that work on the state)."""
    s["outcome"] = Outcome(tuple(winners), points(s), termination).to_json()
    s["queue"] = []
    s["pending"] = None
    s["event"] = None


def check_end(s: State) -> bool:
    """A7: life <= 0 or a draw from an empty deck loses at once; both players at once is a draw.
    True when the match is over."""
    if s["outcome"] is not None:
        return True
    losers = [p for p, player in enumerate(s["players"]) if player["life"] <= 0 or player["decked"]]
    if not losers:
        return False
    if len(losers) == 2:
        finish(s, [], "both_lost")
    else:
        loser = s["players"][losers[0]]
        finish(s, [opponent(losers[0])], "life" if loser["life"] <= 0 else "deck_out")
    return True


def rng_of(s: State) -> SeededRandom:
    """The match's random source, bound to the state (engine.core.base)."""
    rng: SeededRandom = s["rng"]
    return rng
