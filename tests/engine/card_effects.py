"""Every bundled card changes the game (issue 32; E21 says it for Eredan): the check that
tests/engine/test_card_effects.py runs over every bundled card of every game with an engine.

What "changes the game" means. A card is tried in a match against its *twin* (card_twins.py): the
same match (the same state, the same choices) in which only that card is blank. The twin of a card
with effects has none (its text is what is tested); when that shows nothing and the card has
numbers, a second twin has every number of its attributes at the other end of the schema's bounds
(its body: what a vanilla card, or a violet Ka-Mel-Oh! monster whose text is a recipe mark, does).
Both matches go on together (``lockstep``): the twin's takes every action the card's takes. At each
chance to play the card (an action naming it; each kind of such action once a turn), copies of
both take that action and play on (``follow``); the main line meanwhile keeps the card for the
chances to come. The card changes the game when, in some try,

- the seat to act or its legal actions differ between the two matches at some step (the card made
  a move possible or impossible: a chain, a target, a cost), or
- at a turn boundary (the view's ``turn`` moved) within ``HORIZON`` boundaries after the card was
  played (for a card on the table from the start: at any boundary), or at the end, the two differ:
  their states (``BaseMatch.state`` and its random source's position, but for the ``log`` and the
  card's own definition) or what a spectator sees (but for the card's printed text). A difference
  inside a turn that is gone once the turn has resolved (a stat raised that hit nothing) does not
  count; a lasting one does, even where only the view shows it (a wall's strength).

Why not the card against a pass: a card played leaves the hand and a passed one stays, so the
hand, the draws and every later choice differ for any card, even one that does nothing; and not
every engine offers a pass. The twin keeps all of that equal and isolates what the card does.

The tries (card_hosts.py): first the card in a hand of a state some greedy matches between the
sample decks reached (cheap: no dealing, and played on by ``_uniform``, which reads no view, and
the greedy player in turn), the decks that suit the card best first; then, for a card that could
seldom be put into a hand (Eredan's characters never are), matches dealt with decks that hold it.
A card no legal action ever named is reported as never playable.

An engine should build its cards from the decks ``new_match`` is given (the service deals the
database's cards). One that deals its own bundled copy instead cannot be handed the twin; the twin
is then written into the dealt state and the verdict says so. An engine that fails on the blank
twin (it cannot offer a card without effects) leaves the card undecided, which fails too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.base import BaseMatch
from engine.core.definition import GameDefinition
from engine.core.match import Action
from engine.core.rng import SeededRandom
from tests.engine.card_hosts import (
    affinity,
    cards_of,
    company_hosts,
    engine_of,
    hand_card,
    inject,
    plain_hosts,
    snapshots,
)
from tests.engine.card_twins import Path, at, entries, entry_paths, twin_into, twins, with_twin
from tests.engine.conformance import _card_of_ids, hidden_cards

SEEDS = (1, 2)  # per state or host
HORIZON = 3  # turn boundaries looked at after the card was last named by an applied action
SNAPSHOT_STEPS = 150  # actions per try from a kept state
TURN_CHECKS = 4  # a try from a kept state reads the turn about this often per turn (views are dear)
MAX_TRIES = 6  # tries per twin from kept states, and in dealt matches' plain hosts
MIN_TRIES = 4  # fewer tries from kept states (no card of its type in their hands): dealt matches too
MAX_STEPS = 800  # actions per try in a dealt match (a muhq match between greedy players takes ~1300)
MAX_FORKS = 8  # chances to name the card taken per try
FORK_STEPS = 150  # actions per chance taken, at most
UNDECIDED = "the engine fails on the blank twin"


@dataclass(frozen=True)
class Card:
    """The card in one try: the engine, its ids in the match, its name and slug, whether it is on the table
    from the start (seen by every seat), and whether the game's greedy player chooses (else
    ``_uniform``: no view needed)."""

    engine: Any
    ids: frozenset[str]
    name: str
    slug: str
    public: bool = False
    greedy: bool = True


@dataclass
class Try:
    """One try's findings: the change (None: none), whether a legal action named the card, how
    often an applied one did, and why it was undecided (the engine failed on the twin)."""

    changed: str | None = None
    offered: bool = False
    played: int = 0
    broken: str | None = None


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


# -- the policies ------------------------------------------------------------------------------


def named(action: Action) -> set[str]:
    """Every word an action names: the parts of its id and the strings of its parameters."""
    words = set(action.id.replace(",", ":").split(":"))
    stack: list[Any] = [dict(action.params)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            words.add(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return words


def naming(actions: Sequence[Action], card: Card) -> list[Action]:
    """The actions that name the card: one of its ids, or its name in the label (Eredan's phase 1
    picks fighters by their place: "pick:0:2", "Aez against Zahal")."""
    return [a for a in actions if named(a) & card.ids or card.name in a.label]


def _uniform(actions: Sequence[Action], rng: SeededRandom) -> Action:
    """A kind of action (the id's first part), then one of that kind, uniformly: no kind is drowned
    by many actions of another (one keep among five discards)."""
    kinds = sorted({a.id.split(":", 1)[0] for a in actions})
    kind = kinds[rng.below(len(kinds))]
    options = [a for a in actions if a.id.split(":", 1)[0] == kind]
    return options[rng.below(len(options))]


def choose(match: BaseMatch, legal: Sequence[Action], rng: SeededRandom, card: Card) -> Action:
    """The policy that plays the matches on: ``_uniform`` (cheap: it reads no view, and it tries
    what no greedy player would) or the game's greedy player (in a whole match, where a random
    one would throw its hand away)."""
    if not card.greedy:
        return _uniform(legal, rng)
    chosen: Action = card.engine.choose_action("greedy", match.ai_view(match.to_act), legal, rng.below(1 << 30))
    return chosen


def _kind(action: Action) -> str:
    return action.id.split(":", 1)[0]


# -- one try -----------------------------------------------------------------------------------


def _same(a: BaseMatch, b: BaseMatch, paths: Sequence[Path], card: Card) -> bool:
    """The two matches agree: their states but for the logs and the card's own definition (the
    twin's is swapped for the card's while they are compared), and what a spectator sees but for
    the card's printed text (a lasting change the state does not hold, a wall's strength, shows)."""
    saved = []
    for path in paths:
        parent = at(b.state, path[:-1])
        saved.append((parent, path[-1], parent[path[-1]]))
        parent[path[-1]] = at(a.state, path)
    try:
        left = {k: v for k, v in a.state.items() if k not in ("log", "rng")}
        right = {k: v for k, v in b.state.items() if k not in ("log", "rng")}
        if left != right or a.rng.state != b.rng.state:
            return False
    finally:
        for parent, key, value in saved:
            parent[key] = value
    return bool(_unprinted(a.ai_view(None), card) == _unprinted(b.ai_view(None), card))


PRINTED = ("text", "text_en", "effects")  # what the card's face says, and what the twin leaves out


def _unprinted(data: Any, card: Card) -> Any:
    """A view without the card's printed text wherever it shows the card (its id or its slug)."""
    if isinstance(data, Mapping):
        own = data.get("id") in card.ids or data.get("slug") == card.slug
        return {k: _unprinted(v, card) for k, v in data.items() if not (own and k in PRINTED)}
    if isinstance(data, list):
        return [_unprinted(v, card) for v in data]
    return data


def _ids(match: BaseMatch, slug: str) -> frozenset[str]:
    every = [cid for zone in match.card_zones().values() for cid in zone]
    return frozenset(cid for cid, s in zip(every, _card_of_ids(match, every), strict=True) if s == slug)


def _twin_step(b: BaseMatch, action: str | None) -> list[str] | str:
    """The twin's legal action ids (after applying ``action``), or why the engine failed on it."""
    try:
        if action is not None:
            b.apply(b.to_act or 0, action)
        return [x.id for x in b.legal_actions(b.to_act or 0)] if b.to_act is not None else []
    except Exception as error:  # any failure of the engine on a card without effects: undecided
        return f"{UNDECIDED}: {type(error).__name__}: {error}"


def _disagree(a: BaseMatch, b: BaseMatch, legal_b: list[str] | str, step: int) -> Try | None:
    """A finished try when the twin failed, the match ended, or the two disagree on what may be
    done now; None while they go on together."""
    if isinstance(legal_b, str):
        return Try(broken=legal_b)
    if a.to_act != b.to_act or legal_b != [x.id for x in a.legal_actions(a.to_act or 0)]:
        return Try(changed=f"other legal actions or seat to act at step {step}")
    return None


def follow(
    a: BaseMatch, b: BaseMatch, paths: Sequence[Path], card: Card, rng: SeededRandom, first: Action, every: int
) -> Try:
    """Both matches take ``first`` (an action naming the card), then play on with ``choose`` for
    ``HORIZON`` turn boundaries (``FORK_STEPS`` actions at most), compared at each; the turn is
    read every ``every`` actions (a boundary is then seen that much late)."""
    turn = int(a.ai_view(None)["turn"])
    a.apply(a.to_act or 0, first.id)
    legal_b, boundaries = _twin_step(b, first.id), 0
    for step in range(1, FORK_STEPS + 1):
        if a.outcome() is None:
            stop = _disagree(a, b, legal_b, step)
            if stop is not None:
                return stop
        elif not isinstance(legal_b, str):
            return Try(changed=None if _same(a, b, paths, card) else f"another end ({step} actions after {first.id})")
        if step % every == 0 or card.greedy or a.outcome() is not None:
            now = int(a.ai_view(None)["turn"])
            if now != turn and not _same(a, b, paths, card):
                return Try(changed=f"another state after turn {turn} ({step} actions after {first.id})")
            boundaries += now != turn
            turn = now
            if boundaries >= HORIZON:
                return Try()
        action = choose(a, a.legal_actions(a.to_act or 0), rng, card)
        a.apply(a.to_act or 0, action.id)
        legal_b = _twin_step(b, action.id)
    return Try()


def lockstep(
    a: BaseMatch, b: BaseMatch, paths: Sequence[Path], card: Card, rng: SeededRandom, steps: int, spacing: int
) -> Try:
    """Play the card's match and the twin's on together with ``choose``; at every chance to name the
    card (each kind of such action once a turn, ``MAX_FORKS`` at most), copies of both take it and
    ``follow`` (the module's docstring), while the main line avoids it, keeping it for the chances
    to come. A card on the table from the start is also compared at every boundary of the main line. ``spacing``: about the actions of a turn, where the view (and
    its turn) is not read at every step; the turn is read that often at least."""
    every = max(1, spacing // TURN_CHECKS)
    found, forked = Try(), set[tuple[int, str]]()
    turn = int(a.ai_view(None)["turn"])
    legal_b = _twin_step(b, None)
    for step in range(steps):
        if a.outcome() is not None:
            found.changed = None if _same(a, b, paths, card) else f"another end (step {step})"
            return found
        stop = _disagree(a, b, legal_b, step)
        if stop is not None:
            stop.offered, stop.played = found.offered, found.played
            return stop
        legal = a.legal_actions(a.to_act or 0)
        mine = naming(legal, card)
        found.offered = found.offered or bool(mine)
        now = int(a.ai_view(None)["turn"]) if card.public else step // spacing
        for kind in sorted({_kind(m) for m in mine} - {k for t, k in forked if t == now}):
            if len(forked) >= MAX_FORKS:
                break
            forked.add((now, kind))
            found.played += 1
            first = _uniform([m for m in mine if _kind(m) == kind], rng)
            result = follow(a.copy(), b.copy(), paths, card, rng.fork(), first, every)
            if result.changed or result.broken:
                found.changed, found.broken = result.changed, result.broken
                return found
        if card.public and now != turn and not _same(a, b, paths, card):
            found.changed = f"another state after turn {turn} (step {step})"
            return found
        if len(forked) >= MAX_FORKS and not card.public:
            return found
        turn = now
        # the main line keeps the card for the chances to come (in hand, or fresh to fight)
        action = choose(a, [x for x in legal if x not in mine] or legal, rng, card)
        a.apply(a.to_act or 0, action.id)
        legal_b = _twin_step(b, action.id)
    return found


def snapshot_tries(
    definition: GameDefinition, card: Mapping[str, Any], blank: Mapping[str, Any], most: int
) -> Iterator[tuple[str, Try]]:
    """The card in a hand of each kept state (either seat, each seed), at most ``most`` tries."""
    engine, slug = engine_of(definition), str(card["slug"])
    kept, per_turn = snapshots(definition.slug)
    spacing = max(1, round(per_turn))
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
        a = engine.from_json(inject(snapshot.data, cid, slug, made.catalog, made.real))
        b = engine.from_json(inject(snapshot.data, cid, slug, made.catalog, made.blank))
        # in turn: _uniform (cheap, and it tries what no greedy player would), then greedy
        played = Card(engine, _ids(a, slug), str(card["name"]), slug, greedy=tries % 2 == 1)
        found = lockstep(a, b, [(*made.catalog, slug)], played, SeededRandom(seed), SNAPSHOT_STEPS, spacing)
        yield f"{snapshot.label}, in seat {seat}'s hand, seed {seed}", found


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
    return verdict
