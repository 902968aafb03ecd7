"""The Eredan match state: plain JSON-able data, dealt here, read everywhere.

A state is one dict (``new_state``). Every card of both decks has an opaque id (``c`` and six hex
digits, drawn from the match's random source after the shuffle; a setup numbers them
``p<player>c<n>``) and sits in exactly one zone: a player's ``deck`` (last element = top),
``hand``, ``discard`` (open to all), ``played`` (this round's phase-2 cards until they resolve),
a character's ``attached`` objects, or the three ``characters`` themselves.

A character on the table is ``{"card", "health", "dead", "weakened", "stays_weakened", "runes",
"attached", "raging", "two_weapons", "mods", "after_fight", "bonuses"}``: ``stays_weakened`` that a
card weakened it (E21: it stays weakened through its side's next refresh), ``mods`` are this
round's stat changes, ``after_fight`` what a refresh or weaken card decided for phase 4,
``bonuses`` the rounds whose bonuses it received this round (E8).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.base import opaque_ids
from engine.core.match import DeckCard
from engine.core.options import Option
from engine.core.rng import SeededRandom
from engine.games.eredan.schema import RUNE_SLOTS

State = dict[str, Any]
Char = dict[str, Any]
Entry = dict[str, Any]

HAND = 5  # seed: "Jeder Spieler erhält 5 Karten"; E15 draws up to it, phase 5 discards down to it
CHARACTER = "character"
OBJECTS = frozenset({"item", "weapon", "armor"})  # E11: they attach; everything else is one-shot
CASTE = "kurtisane"  # the seed: a courtesan is a caste, not a class (rule choice 1)
STATS = ("attack", "defense", "spirit")
DIE = 6
LOG_KEEP = 60
OPTIONS: tuple[Option, ...] = (
    Option("max_rounds", 60, minimum=6, maximum=400, help="after this round the points decide (rule choice 14)"),
)


def catalog_entry(card: Mapping[str, Any]) -> Entry:
    """The fields of a card (API shape) the engine and the views need."""
    a = card.get("attributes") or {}
    return {
        "slug": card["slug"],
        "name": card.get("name", card["slug"]),
        "type": card["type"],
        "guilds": list(card.get("guilds") or []),
        "classes": list(a.get("classes") or []),
        "race": a.get("race"),
        "element": a.get("element"),
        "zone": bool(a.get("zone")),
        "attack": int(a.get("attack") or 0),
        "defense": int(a.get("defense") or 0),
        "health": int(a.get("health") or 0),
        "spirit": int(a.get("spirit") or 0),
        "order": a.get("order"),
        "rune_slots": int(a.get("rune_slots", RUNE_SLOTS)),
        "effects": [dict(e) for e in card.get("effects") or []],
        "text": card.get("text", ""),
    }


_ENTRIES: dict[str, tuple[dict[str, Any], Entry]] = {}
ENTRY_CACHE = 4096


def cached_entry(card: Mapping[str, Any]) -> Entry:
    """``catalog_entry`` of a card, built once while an equal card (every field the same as when it
    was built) keeps coming: dealing the same decks match after match reads each card once.
    Catalog entries are read-only; every match may hold the same one."""
    hit = _ENTRIES.get(card["slug"])
    if hit is not None and hit[0] == card:
        return hit[1]
    entry = catalog_entry(card)
    if len(_ENTRIES) >= ENTRY_CACHE:
        _ENTRIES.clear()
    _ENTRIES[card["slug"]] = (copy.deepcopy(dict(card)), entry)
    return entry


def new_character(cid: str, entry: Entry) -> Char:
    """A character as it enters the table: full health, fresh, nothing attached."""
    return {
        "card": cid,
        "health": entry["health"],
        "dead": False,
        "weakened": False,
        "stays_weakened": False,
        "runes": [],
        "attached": [],
        "raging": False,
        "two_weapons": False,
        "mods": dict.fromkeys(STATS, 0),
        "after_fight": None,
        "bonuses": [],
    }


def new_player() -> dict[str, Any]:
    """A seat's zones and counters before cards are dealt."""
    return {
        "deck": [],
        "hand": [],
        "discard": [],
        "played": [],
        "characters": [],
        "points": 0,
        "cannot_draw": False,
        "chain": [],
    }


def base_state(variant: str, seed: int, options: Mapping[str, Any]) -> State:
    """A state with no cards yet: round 1, phase 1 (choose), nothing played."""
    return {
        "game": "eredan",
        "variant": variant,
        "seed": seed,
        "options": dict(options),
        "catalog": {},
        "cards": {},
        "players": [new_player(), new_player()],
        "round": 1,
        "active": 0,
        "phase": "choose",
        "step": 0,
        "fighters": None,
        "played": [],
        "cancels": [[], []],
        "tally": new_tally(),
        "confrontation": None,
        "last_round": None,
        "bonuses": [],
        "initiative": [],
        "outcome": None,
        "log": [],
        "seq": 0,
    }


def new_tally() -> list[dict[str, Any]]:
    """What each seat's fighter went through this round, for the confrontation's breakdown."""
    return [{"spell": 0, "healed": 0, "replaced": False} for _ in range(2)]


def new_state(
    decks: Sequence[Sequence[DeckCard]], variant: str, seed: int, options: Mapping[str, Any], rng: SeededRandom
) -> State:
    """Deal a match: the characters face each other, decks are shuffled, 5 cards each, and the
    initiative dice decide who is active in round 1 (E20: ties are re-rolled)."""
    s = base_state(variant, seed, options)
    for p, deck in enumerate(decks):
        _deal(s, p, deck, rng)
    s["active"] = roll_initiative(s, rng)
    return s


def _deal(s: State, p: int, deck: Sequence[DeckCard], rng: SeededRandom) -> None:
    characters: list[str] = []
    others: list[str] = []
    for line in deck:
        entry = cached_entry(line.card)
        s["catalog"].setdefault(entry["slug"], entry)
        (characters if entry["type"] == CHARACTER else others).extend([entry["slug"]] * line.count)
    rng.shuffle(others)
    # Ids are opaque and drawn after the shuffle: an id says nothing of a hidden card (api.md).
    ids = opaque_ids(rng, len(characters) + len(others), set(s["cards"]))
    s["cards"].update(zip(ids, characters + others, strict=True))
    player = s["players"][p]
    player["characters"] = [new_character(cid, s["catalog"][slug]) for cid, slug in zip(ids, characters, strict=False)]
    player["deck"] = ids[len(characters) :]
    draw(s, p, HAND)


def roll_initiative(s: State, rng: SeededRandom) -> int:
    """E20: each player rolls a die; the higher begins, a tie is rolled again."""
    while True:
        dice = [rng.below(DIE) + 1, rng.below(DIE) + 1]
        s["initiative"].append(dice)
        if dice[0] != dice[1]:
            winner = 0 if dice[0] > dice[1] else 1
            log(s, winner, "initiative", f"Initiative {dice[0]}:{dice[1]}: P{winner + 1} begins")
            return winner


# --- reading the state ------------------------------------------------------------------------


def card_of(s: State, cid: str) -> Entry:
    """The catalog entry of a card id."""
    entry: Entry = s["catalog"][s["cards"][cid]]
    return entry


def char_at(s: State, p: int, i: int) -> Char:
    """Player ``p``'s character ``i`` (0-2)."""
    char: Char = s["players"][p]["characters"][i]
    return char


def fighter_index(s: State, p: int) -> int | None:
    """The index of player ``p``'s fighting character this round, or None before phase 1."""
    fighters = s["fighters"]
    return None if fighters is None else int(fighters[p])


def living(s: State, p: int) -> list[int]:
    """The indices of player ``p``'s living characters."""
    return [i for i, c in enumerate(s["players"][p]["characters"]) if not c["dead"]]


def core_classes(entry: Entry) -> frozenset[str]:
    """A character's classes without the courtesan caste (rule choice 1)."""
    return frozenset(entry["classes"]) - {CASTE}


def opponent(p: int) -> int:
    """The other player."""
    return 1 - p


def passive(s: State) -> int:
    """The player who is not active this round."""
    return 1 - int(s["active"])


def log(s: State, player: int | None, event: str, text: str, **data: Any) -> None:
    """Append one public event to the log (older entries fall off)."""
    s["log"].append({"round": s["round"], "turn": s["round"], "player": player, "event": event, "text": text, **data})
    if len(s["log"]) > LOG_KEEP + 20:
        del s["log"][: len(s["log"]) - LOG_KEEP]


def draw(s: State, p: int, n: int) -> int:
    """Player ``p`` draws ``n`` cards; a draw the deck cannot give marks the player as unable to
    draw (E15: they lose at the end of the round). Returns how many were drawn."""
    player = s["players"][p]
    deck, hand = player["deck"], player["hand"]
    got = min(n, len(deck))
    for _ in range(got):
        hand.append(deck.pop())
    if got < n:
        player["cannot_draw"] = True
        log(s, p, "cannot_draw", f"P{p + 1} cannot draw: the deck is empty")
    return got


def rng_of(s: State) -> SeededRandom:
    """The match's random source, bound to the state (engine.core.base)."""
    rng: SeededRandom = s["rng"]
    return rng
