"""Every bundled card changes the game (issue 32; E21 says it for Eredan): the check that
tests/engine/test_card_effects.py runs over every bundled card of every game with an engine.

What "changes the game" means. A card is tried in a match against its *twin* (card_twins.py): the
same match (the same state, the same choices) in which only that card is blank. The twin of a card
with effects has none (its text is what is tested); when that shows nothing and the card has
numbers, a second twin has every number of its attributes at the other end of the schema's bounds
(its body: what a vanilla card, or a violet Ka-Mel-Oh! monster whose text is a recipe mark, does).
Both matches go on together (``card_lockstep.lockstep``): the twin's takes every action the card's
takes. At each chance to play the card (an action naming it; each kind of such action once a
turn), copies of both take that action and play on (``follow``); the main line meanwhile keeps the
card for the chances to come. The card changes the game when, in some try,

- the seat to act differs between the two matches at some step, or the actions that do not name
  the card, or the card's side may do a kind of thing with it that the twin's may not (the card
  made a move possible: a chain, a free action). How the card's own actions are spelt (a spell
  aimed at a unit, the blank twin's at nothing) and what only the twin may do (the blank needs no
  target where the card finds none) are no change by themselves: the twin takes its own action of
  the kind the card's side takes (``counterpart``) and what follows decides; or
- at a turn boundary (the view's ``turn`` moved) within ``HORIZON`` boundaries after the card was
  played (for a card on the table from the start: at any boundary), or at the end, the two differ:
  their states (``BaseMatch.state`` and its random source's position, but for the ``log`` and the
  card's own definition) or what a spectator sees (but for the card's printed text). A difference
  inside a turn that is gone once the turn has resolved (a stat raised that hit nothing) does not
  count; a lasting one does, even where only the view shows it (a wall's strength). After actions
  spelt differently the difference must still be there at the next boundary (both may wait on a
  stack, each with its own target).

Why not the card against a pass: a card played leaves the hand and a passed one stays, so the
hand, the draws and every later choice differ for any card, even one that does nothing; and not
every engine offers a pass. The twin keeps all of that equal and isolates what the card does.

The tries (card_hosts.py): first the card in a hand of a state some greedy matches between the
sample decks reached (cheap: no dealing, and played on by ``_uniform``, which reads no view, and
the greedy player in turn), the decks that suit the card best first; then, for a card that could
seldom be put into a hand (Eredan's characters never are), matches dealt with decks that hold it.
Last, for a card none of that showed a change of, the search with company: states kept at the
start of every turn of those matches (a type seldom in hand finds one), the other hand cards its
companions (cards sharing a word with it: the destroyer of what it is, a recipe's ingredients),
and each chance to play it taken under ``DRAWS`` fresh random sources (a reroll acts only on a die
that missed). A card no legal action ever named is reported as never playable.

An engine should build its cards from the decks ``new_match`` is given (the service deals the
database's cards). One that deals its own bundled copy instead cannot be handed the twin; the twin
is then written into the dealt state and the verdict says so. An engine that fails on the blank
twin (it cannot offer a card without effects) leaves the card undecided, which fails too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.base import BaseMatch
from engine.core.definition import GameDefinition
from engine.core.rng import SeededRandom
from tests.engine.card_hosts import (
    EVERY_TURN,
    SNAPSHOT_TURNS,
    affinity,
    cards_of,
    companions,
    company_hosts,
    engine_of,
    hand_card,
    hand_cards,
    inject,
    plain_hosts,
    snapshots,
)
from tests.engine.card_lockstep import UNDECIDED, Card, Try, lockstep
from tests.engine.card_twins import entries, entry_paths, twin_into, twins, with_twin
from tests.engine.conformance import _card_of_ids, hidden_cards

SEEDS = (1, 2)  # per state or host
SNAPSHOT_STEPS = 150  # actions per try from a kept state
MAX_TRIES = 6  # tries per twin from kept states, and in dealt matches' plain hosts
MIN_TRIES = 4  # fewer tries from kept states (no card of its type in their hands): dealt matches too
DRAWS = 3  # fresh random sources each chance to play the card is taken under in the last search
MAX_STEPS = 800  # actions per try in a dealt match (a muhq match between greedy players takes ~1300)


@dataclass
class Verdict:
    """What the tries of one card found."""

    slug: str
    changed: bool = False
    offered: bool = False
    played: int = 0
    notes: list[str] = field(default_factory=list)

    def add(self, label: str, found: Try) -> None:
        """Count one try."""
        self.offered = self.offered or found.offered
        self.played += found.played
        self.changed = self.changed or found.changed is not None
        self.notes.append(f"{label}: {found.changed or found.broken or 'no change'}")

    def reason(self) -> str:
        """How the card changed the game, or why it failed (the test's message)."""
        if self.changed:
            return f"{self.slug} changes the game: {self.notes[-1]}"
        undecided = next((note for note in self.notes if UNDECIDED in note), None)
        if undecided is not None:
            return f"{self.slug}: undecided, {undecided}"
        if not self.offered:
            return f"{self.slug}: no legal action named it in {len(self.notes)} tries (never playable)"
        return (
            f"{self.slug}: actions naming it were applied {self.played} times in {len(self.notes)} tries and the "
            f"game went on as with its blank twin; first tries: {'; '.join(self.notes[:3])}"
        )


def _ids(match: BaseMatch, slug: str) -> frozenset[str]:
    every = [cid for zone in match.card_zones().values() for cid in zone]
    return frozenset(cid for cid, s in zip(every, _card_of_ids(match, every), strict=True) if s == slug)


def snapshot_tries(
    definition: GameDefinition, card: Mapping[str, Any], blank: Mapping[str, Any], most: int, company: bool = False
) -> Iterator[tuple[str, Try]]:
    """The card in a hand of each kept state (either seat, each seed), at most ``most`` tries. With
    ``company`` (the last search, for a card nothing showed a change of yet): the states kept at
    the start of every turn (a card of a type seldom in hand finds one), every other hand card one
    of the card's ``companions`` of its type where there is one, and each chance to play the card
    taken under fresh dice (``_reseeded``): for a card that acts on what other cards do (when it
    is destroyed, with a recipe's ingredients) or on a die that missed."""
    engine, slug = engine_of(definition), str(card["slug"])
    kept = snapshots(definition.slug, EVERY_TURN if company else SNAPSHOT_TURNS)[0]
    spacing = max(1, round(snapshots(definition.slug)[1]))
    made = entries(definition, card, blank)
    places = []
    for n, snapshot in enumerate(kept):
        state = engine.from_json(snapshot.data)
        for seat in range(state.seats):
            cid = hand_card(state, seat, str(card["type"]))
            if cid is not None:
                suits = affinity(card, snapshot.decks[seat], definition.slug)
                places.append(((-suits, -snapshot.depth, n), snapshot, seat, cid))
    # the seats whose decks suit the card best first (its own deck, runes for a rune card), the
    # latest turns first (more has happened: runes bound, characters hurt); each place per seed
    chosen = [
        (snapshot, seat, cid, seed) for seed in SEEDS for _, snapshot, seat, cid in sorted(places, key=lambda p: p[0])
    ]
    for tries, (snapshot, seat, cid, seed) in enumerate(chosen[:most]):
        data, label = snapshot.data, f"{snapshot.label}, in seat {seat}'s hand, seed {seed}"
        if company:
            data, label = _with_company(definition, card, engine.from_json(data), cid), f"{label}, with company"
        a = engine.from_json(inject(data, cid, slug, made.catalog, made.real))
        b = engine.from_json(inject(data, cid, slug, made.catalog, made.blank))
        # in turn: _uniform (cheap, and it tries what no greedy player would), then greedy
        played = Card(engine, _ids(a, slug), str(card["name"]), slug, greedy=tries % 2 == 1, draws=DRAWS * company)
        found = lockstep(a, b, [(*made.catalog, slug)], played, SeededRandom(seed), SNAPSHOT_STEPS, spacing)
        yield label, found


def _with_company(definition: GameDefinition, card: Mapping[str, Any], match: BaseMatch, cid: str) -> dict[str, Any]:
    """The match's state with every hand card but ``cid`` replaced by a companion of the card of its
    type (each companion once, the closest first), where there is one."""
    data, left = match.to_json(), companions(card, definition.slug)
    for seat in range(match.seats):
        for other, kind in hand_cards(match, seat):
            mate = next((c for c in left if c["type"] == kind), None)
            if other == cid or mate is None:
                continue
            left.remove(mate)
            made = entries(definition, mate, mate)
            data = inject(data, other, str(mate["slug"]), made.catalog, made.real)
    return data


def host_tries(
    definition: GameDefinition, card: Mapping[str, Any], blank: Mapping[str, Any], most: int
) -> Iterator[tuple[str, Try]]:
    """Matches dealt with a host's decks against ones with the twin's: at most ``most`` in the plain
    hosts, then the hosts with other companions. Played in turn by ``_uniform`` and the greedy
    player; by the greedy player alone for a card on the table from the start, which needs long
    matches (a random player throws its hand away and loses by cards)."""
    engine, slug = engine_of(definition), str(card["slug"])
    per_turn = max(1, round(snapshots(definition.slug)[1]))
    plain = [(h, seed) for seed in SEEDS for h in plain_hosts(definition, card)][:most]  # every host once first
    tries = [*plain, *((h, seed) for h in company_hosts(definition, card) for seed in SEEDS)]
    for number, (host, seed) in enumerate(tries):
        a = engine.new_match(host.decks, variant=host.variant, seed=seed, options={})
        b = engine.new_match(with_twin(host.decks, slug, blank), variant=host.variant, seed=seed, options={})
        paths = list(entry_paths(a.state, slug))
        how = twin_into(b, a, paths, blank)
        ids = _ids(a, slug)
        every = {cid for zone in a.card_zones().values() for cid in zone}
        public = not any(ids & hidden_cards(a, seat, every) for seat in range(a.seats))
        played = Card(engine, ids, str(card["name"]), slug, public, greedy=public or number % 2 == 1)
        yield f"{host.label}, seed {seed}{how}", lockstep(a, b, paths, played, SeededRandom(seed), MAX_STEPS, per_turn)


def card_changes_the_game(definition: GameDefinition, slug: str) -> Verdict:
    """Try each twin of the card (its text, then its body) until one shows that the card changes
    the game: the card in a hand of the kept states; then, when fewer than ``MIN_TRIES`` such tries
    were possible or none named the card, in dealt matches."""
    card = next(c for c in cards_of(definition.slug) if c["slug"] == slug)
    verdict = Verdict(slug)
    made = twins(card, definition.schema)
    for n, (kind, blank) in enumerate(made):
        most = MAX_TRIES // (n + 1)  # a body behind a text that changed nothing: fewer tries
        before = len(verdict.notes)
        for label, found in snapshot_tries(definition, card, blank, most):
            verdict.add(f"{kind}: {label}", found)
            if verdict.changed:
                return verdict
            if found.broken:
                break  # the engine cannot play this twin: every other try would fail the same way
        tried = len(verdict.notes) - before
        if tried >= min(MIN_TRIES, most) and verdict.played or verdict.notes[-1:] and UNDECIDED in verdict.notes[-1]:
            continue
        for label, found in host_tries(definition, card, blank, most):
            verdict.add(f"{kind}: {label}", found)
            if verdict.changed:
                return verdict
            if found.broken:
                break
    if made and not verdict.changed and not any(UNDECIDED in note for note in verdict.notes):
        kind, blank = made[0]
        for label, found in snapshot_tries(definition, card, blank, MAX_TRIES, company=True):
            verdict.add(f"{kind}: {label}", found)
            if verdict.changed:
                break
    return verdict
