"""Where tests/engine/card_effects.py tries a card: states with the card in a hand, and decks.

*Snapshots* (``snapshots``, cached per game): the states a few greedy matches between the sample
decks reach at the start of some turns. A card is put into such a state in place of a card of
its type in a seat's hand (``inject``): the seat's own view (``players[seat].hand``) names the
card to replace; the state's id-to-slug table and its catalog take the card. The tries start in
the middle of a game at no cost, with the card in hand.

*Hosts* (``plain_hosts``, ``company_hosts``): decks with the card in them, for a card that is
never in a hand (Eredan's characters, on the table from the start) or that no snapshot offered.
Every sample deck of every variant with ``COPIES`` copies of the card in place of cards of its
type, against the next sample, the card in either seat; then both decks' small sections (Eredan's
three characters) made of the bundled cards closest to the card (the most shared words: guilds,
classes, elements, types, runes) with a few of those in the large section, and seeded draws of
companions: for a card that needs a fighter of a class or element no sample has.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.definition import GameDefinition
from engine.core.match import DeckCard
from engine.core.rng import SeededRandom
from engine.core.samples import match_deck
from engine.games import get_game, sample_decks

COPIES = 4  # copies of the card in a host deck's large section
SMALL = 5  # a section of at most this many cards in every sample is fixed (Eredan's characters)
SUPPORT = 3  # cards closest to the card that come into a large section of its "closest" host
DRAWN_HOSTS = 4  # hosts with drawn companions
SNAPSHOT_GAMES = 6  # greedy matches per game whose states are kept
SNAPSHOT_TURNS = (2, 5, 8)  # the turns at whose start the states are kept
EVERY_TURN = tuple(range(2, 41))  # ... for the last search (a card no kept hand holds, its company)
SNAPSHOT_STEPS = 1500  # a snapshot match stops here at the latest


@dataclass(frozen=True)
class Host:
    """Decks in which a card is tried: ``decks`` (one per seat) for ``variant``."""

    variant: str
    decks: tuple[tuple[DeckCard, ...], ...]
    label: str


@dataclass(frozen=True)
class Snapshot:
    """A state of a greedy match between sample decks (``data``: ``to_json``), its label, how late
    it is (``depth``: the index of its turn in ``SNAPSHOT_TURNS``) and each seat's deck (slugs)."""

    variant: str
    data: dict[str, Any]
    label: str
    depth: int
    decks: tuple[frozenset[str], ...]


def engine_of(definition: GameDefinition) -> BaseGame[Any]:
    """The game's engine (only games with one are checked)."""
    engine = definition.engine
    assert engine is not None, f"{definition.slug} has no engine"
    return engine


@cache
def cards_of(game: str) -> tuple[dict[str, Any], ...]:
    """The game's bundled cards (read once)."""
    return tuple(get_game(game).bundled_cards())


@cache
def _samples(game: str, fmt: str) -> tuple[tuple[DeckCard, ...], ...]:
    """Every sample deck of a format, as a match deals it."""
    return tuple(tuple(match_deck(cards_of(game), sample["list"])) for sample in sample_decks(fmt))


def _pairings(definition: GameDefinition) -> list[tuple[int, str, tuple[tuple[DeckCard, ...], ...]]]:
    """(sample index, variant, decks): every sample of every variant against the next samples."""
    found = []
    for variant in engine_of(definition).variants:
        samples = _samples(definition.slug, variant.format)
        seats = min(max(2, variant.min_players), variant.max_players)
        for i in range(len(samples)):
            found.append((i, variant.slug, tuple(samples[(i + p) % len(samples)] for p in range(seats))))
    return found


# -- snapshots ---------------------------------------------------------------------------------


@cache
def snapshots(game: str, at: tuple[int, ...] = SNAPSHOT_TURNS) -> tuple[tuple[Snapshot, ...], float]:
    """The kept states of the game at the start of the turns ``at``, and its mean number of actions per
    turn (from those matches): ``SNAPSHOT_GAMES`` greedy matches, the samples and variants in turn."""
    definition = get_game(game)
    engine = engine_of(definition)
    pairings = sorted(_pairings(definition), key=lambda p: p[0])[:SNAPSHOT_GAMES]
    kept: list[Snapshot] = []
    steps = turns = 0
    for n, (i, variant, decks) in enumerate(pairings):
        match = engine.new_match(decks, variant=variant, seed=n + 1, options={})
        start = turn = int(match.ai_view(None)["turn"])
        wanted = list(at)
        slugs = tuple(frozenset(str(line.card["slug"]) for line in deck) for deck in decks)
        for step in range(SNAPSHOT_STEPS):
            if match.outcome() is not None or not wanted:
                break
            seat = match.to_act or 0
            view = match.ai_view(seat)
            turn = int(view["turn"])
            if turn >= wanted[0]:
                depth = len(at) - len(wanted)
                label = f"{variant}, sample {i + 1}, turn {turn}"
                kept.append(Snapshot(variant, match.to_json(), label, depth, slugs))
                wanted = [t for t in wanted if t > turn]
            action = engine.choose_action("greedy", view, match.legal_actions(seat), step)
            match.apply(seat, action.id)
            steps += 1
        turns += max(1, turn - start)
    return tuple(kept), steps / max(1, turns)


def _set_slug(data: Any, cid: str, slug: str) -> None:
    """Every id-to-slug entry of ``cid`` in the state names ``slug``."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == cid and isinstance(value, str):
                data[key] = slug
            else:
                _set_slug(value, cid, slug)
    elif isinstance(data, list):
        for value in data:
            _set_slug(value, cid, slug)


def hand_card(match: BaseMatch, seat: int, card_type: str) -> str | None:
    """A card of ``card_type`` in ``seat``'s hand as its view shows it (the first by id), or None."""
    return next((cid for cid, kind in hand_cards(match, seat) if kind == card_type), None)


def hand_cards(match: BaseMatch, seat: int) -> list[tuple[str, str]]:
    """Every card in ``seat``'s hand as its view shows it: (id, type), by id."""
    hand = match.ai_view(seat)["players"][seat].get("hand") or []
    return sorted((str(c["id"]), str(c["type"])) for c in hand if isinstance(c, Mapping) and "type" in c)


def companions(card: Mapping[str, Any], game: str) -> list[dict[str, Any]]:
    """The bundled cards that share a word with the card (``_tokens``) other than a type both have
    (a destroyer of its kind of permanent, an ingredient of its recipe), the most shared first."""

    def shared(other: Mapping[str, Any]) -> int:
        both = _tokens(card) & _tokens(other)
        return len(both - {str(card["type"])} if other["type"] == card["type"] else both)

    found = [c for c in cards_of(game) if c["slug"] != card["slug"] and shared(c)]
    return sorted(found, key=lambda c: (-shared(c), str(c["slug"])))


def inject(data: Mapping[str, Any], cid: str, slug: str, catalog: tuple[Any, ...], entry: Any) -> dict[str, Any]:
    """A copy of a state in which the card ``cid`` is the card ``slug`` (``entry`` its definition in
    the state's catalog, found at the path ``catalog``)."""
    changed = copy.deepcopy(dict(data))
    _set_slug(changed, cid, slug)
    table = changed
    for key in catalog:
        table = table[key]
    table[slug] = copy.deepcopy(entry)
    return changed


# -- hosts -------------------------------------------------------------------------------------


@cache
def _sections(game: str) -> tuple[dict[str, str], frozenset[str]]:
    """Which section each card type goes to in the samples, and the small (fixed) sections."""
    by_type: dict[str, str] = {}
    sizes: dict[str, set[int]] = {}
    for variant in engine_of(get_game(game)).variants:
        for deck in _samples(game, variant.format):
            totals: dict[str, int] = {}
            for line in deck:
                by_type.setdefault(str(line.card["type"]), line.section)
                totals[line.section] = totals.get(line.section, 0) + line.count
            for section, total in totals.items():
                sizes.setdefault(section, set()).add(total)
    return by_type, frozenset(s for s, totals in sizes.items() if max(totals) <= SMALL)


def _insert(deck: Sequence[DeckCard], card: Mapping[str, Any], section: str, small: bool) -> list[DeckCard]:
    """The deck with the card in it: in a small section in place of its last card, in a large one
    ``COPIES`` copies (or as many as it had) in place of the last cards of its type, then of any."""
    lines: list[list[Any]] = [[d.card, d.count, d.section] for d in deck if d.card["slug"] != card["slug"]]
    had = sum(d.count for d in deck if d.card["slug"] == card["slug"])
    copies = max(had, 1 if small else COPIES)
    wanted = copies - had
    mine = [line for line in lines if line[2] == section]
    for line in [*reversed([x for x in mine if x[0]["type"] == card["type"]]), *reversed(mine)]:
        taken = min(wanted, int(line[1]))
        line[1] = int(line[1]) - taken
        wanted -= taken
    return [*(DeckCard(c, n, s) for c, n, s in lines if n > 0), DeckCard(card, copies, section)]


def plain_hosts(definition: GameDefinition, card: Mapping[str, Any]) -> list[Host]:
    """For every sample of every variant: it with the card against the next sample. The card in
    seat 0 first, the first sample of every variant before the second (muhq's maps differ more than
    its samples), so that the first tries see them all."""
    by_type, small = _sections(definition.slug)
    section = by_type.get(str(card["type"]), "deck")
    found: list[tuple[int, int, int, Host]] = []
    for n, (i, variant, decks) in enumerate(_pairings(definition)):
        for seat in range(min(2, len(decks))):
            order = [decks[(p - seat) % len(decks)] for p in range(len(decks))]  # the sample in ``seat``
            order[seat] = tuple(_insert(order[seat], card, section, section in small))
            found.append((seat, i, n, Host(variant, tuple(order), f"{variant}, sample {i + 1} in seat {seat}")))
    return [host for *_, host in sorted(found, key=lambda item: item[:3])]


def affinity(card: Mapping[str, Any], slugs: frozenset[str], game: str) -> int:
    """How well a deck (its slugs) suits a card: the words its cards share with it (``_tokens``),
    and much more when the deck holds the card itself (it was built around it)."""
    mine = _tokens(card)
    shared = sum(len(mine & _tokens(c)) for c in cards_of(game) if c["slug"] in slugs and c["slug"] != card["slug"])
    return shared + (100 if card["slug"] in slugs else 0)


def _tokens(card: Mapping[str, Any]) -> set[str]:
    """The words a card shares with the cards it works with: its type, guilds, attribute values
    and effect values."""
    found = {str(card["type"]), *map(str, card.get("guilds") or [])}
    values: list[Any] = list((card.get("attributes") or {}).values())
    values += [v for effect in card.get("effects") or [] for v in effect.values()]
    for value in values:
        items = value if isinstance(value, list) else [value]
        found |= {item for item in items if isinstance(item, str)}
    return found


def _companions(deck: Sequence[DeckCard], chosen: Sequence[Mapping[str, Any]], sections: set[str]) -> list[DeckCard]:
    """The deck with its small ``sections`` made of the first ``chosen`` cards of their types, and
    ``SUPPORT`` lines of its large sections (before their last line: the card's) of the first
    ``chosen`` cards of their types, two copies each."""
    result: list[DeckCard] = []
    for section in dict.fromkeys(d.section for d in deck):
        lines = [d for d in deck if d.section == section]
        fitting = [c for c in chosen if c["type"] in {d.card["type"] for d in lines}]
        if section in sections:
            picked = fitting[: sum(d.count for d in lines)]
            result += [DeckCard(c, 1, section) for c in picked] if picked else lines
            continue
        present = {d.card["slug"] for d in lines}
        support = [c for c in fitting if c["slug"] not in present][:SUPPORT]
        kept = lines[: max(0, len(lines) - len(support) - 1)] + lines[-1:]
        result += kept + [DeckCard(c, 2, section) for c in support]
    return result


def company_hosts(definition: GameDefinition, card: Mapping[str, Any]) -> Iterator[Host]:
    """The first plain host with both decks' small sections (but the card's own) made of the
    bundled cards closest to the card, and a few of them in the large sections; then
    ``DRAWN_HOSTS`` seeded draws of the card's deck's small sections."""
    by_type, small = _sections(definition.slug)
    company = set(small - {by_type.get(str(card["type"]), "deck")})
    first = plain_hosts(definition, card)[0]
    others = [c for c in cards_of(definition.slug) if c["slug"] != card["slug"]]
    mine = _tokens(card)
    closest = sorted(others, key=lambda c: (-len(mine & _tokens(c)), str(c["slug"])))
    decks = tuple(tuple(_companions(d, closest, company)) for d in first.decks)
    yield Host(first.variant, decks, f"{first.label}, closest cards")
    if not company:
        return
    rng = SeededRandom(len(others))
    for n in range(DRAWN_HOSTS):
        drawn = list(others)
        rng.shuffle(drawn)
        decks = tuple(tuple(_companions(d, drawn, company)) if p == 0 else d for p, d in enumerate(first.decks))
        yield Host(first.variant, decks, f"{first.label}, drawn companions {n + 1}")
