"""Playing a card's match and its twin's together (tests/engine/card_effects.py says what for):
``lockstep`` plays the main line and takes the chances to play the card, ``follow`` plays on
from one, both comparing the two matches as they go; the policies that choose the actions.

The twin takes every action the card's side takes. Where the two are offered the card's own
actions spelt differently (a spell aimed at a unit, its blank twin at nothing), the twin takes its
own action of that kind (``counterpart``): what the two do decides, not how they are spelt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.base import BaseMatch
from engine.core.match import Action
from engine.core.rng import SeededRandom
from tests.engine.card_twins import Path, at

HORIZON = 3  # turn boundaries looked at after the card was last named by an applied action
TURN_CHECKS = 4  # a try from a kept state reads the turn about this often per turn (views are dear)
MAX_FORKS = 8  # chances to name the card taken per try
FORK_STEPS = 150  # actions per chance taken, at most
UNDECIDED = "the engine fails on the blank twin"


@dataclass(frozen=True)
class Card:
    """The card in one try: the engine, its ids in the match, its name and slug, whether it is on
    the table from the start (seen by every seat), whether the game's greedy player chooses (else
    ``_uniform``: no view needed), and under how many fresh random sources each chance to play it
    is taken (``draws``; 0: the match's own, ``_reseeded``)."""

    engine: Any
    ids: frozenset[str]
    name: str
    slug: str
    public: bool = False
    greedy: bool = True
    draws: int = 0


@dataclass
class Try:
    """One try's findings: the change (None: none), whether a legal action named the card, how
    often an applied one did, and why it was undecided (the engine failed on the twin)."""

    changed: str | None = None
    offered: bool = False
    played: int = 0
    broken: str | None = None


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


def _twin_step(b: BaseMatch, action: str | None) -> list[Action] | str:
    """The twin's legal actions (after applying ``action``), or why the engine failed on it."""
    try:
        if action is not None:
            b.apply(b.to_act or 0, action)
        return list(b.legal_actions(b.to_act or 0)) if b.to_act is not None else []
    except Exception as error:  # any failure of the engine on a card without effects: undecided
        return f"{UNDECIDED}: {type(error).__name__}: {error}"


def _spelling(actions: Sequence[Action], card: Card) -> tuple[list[str], list[str]]:
    """The ids of the actions that do not name the card, and the kinds of those that do."""
    mine = naming(actions, card)
    return [x.id for x in actions if x not in mine], sorted({_kind(x) for x in mine})


def _disagree(a: BaseMatch, b: BaseMatch, legal_b: list[Action] | str, step: int, card: Card) -> Try | None:
    """A finished try when the twin failed, the match ended, or the two disagree on what may be
    done now: another seat to act, other actions that do not name the card, or a kind of action
    naming the card that the twin has not (the card made a move possible). None while they go on
    together. Where they differ only in how the card's own actions are spelt (a spell aimed at a
    unit, its twin at nothing) or in what only the twin may do with it (the blank twin needs no
    target, the card finds none), that is no change by itself: the twin takes its own action of
    the kind the card's side takes (``counterpart``), and what the two actions do decides."""
    if isinstance(legal_b, str):
        return Try(broken=legal_b)
    others_a, kinds_a = _spelling(a.legal_actions(a.to_act or 0), card)
    others_b, kinds_b = _spelling(legal_b, card)
    if a.to_act != b.to_act or others_a != others_b or not set(kinds_a) <= set(kinds_b):
        return Try(changed=f"other legal actions or seat to act at step {step}")
    return None


def counterpart(action: Action, legal_b: list[Action] | str, card: Card) -> str:
    """The twin's action for the card's ``action``: the same, or where the twin spells the card's
    action otherwise, its action of the same kind naming the card that shares the most words."""
    if isinstance(legal_b, str) or any(x.id == action.id for x in legal_b):
        return action.id
    alike = [x for x in naming(legal_b, card) if _kind(x) == _kind(action)]
    return max(alike, key=lambda x: len(named(x) & named(action))).id


def follow(
    a: BaseMatch,
    b: BaseMatch,
    paths: Sequence[Path],
    card: Card,
    rng: SeededRandom,
    first: tuple[Action, str],
    every: int,
) -> Try:
    """Both matches take ``first`` (an action naming the card, and the twin's ``counterpart``),
    then play on with ``choose`` for ``HORIZON`` turn boundaries (``FORK_STEPS`` actions at most),
    compared at each; the turn is read every ``every`` actions (a boundary is then seen that much
    late). Once the twin has taken an action spelt otherwise than the card's, a difference of the
    states counts when the next boundary still shows one (one more boundary is looked at for
    that): the two actions may wait on a stack across a boundary, each with its own target, until
    they resolve."""
    turn = int(a.ai_view(None)["turn"])
    a.apply(a.to_act or 0, first[0].id)
    legal_b, boundaries, seen = _twin_step(b, first[1]), 0, False
    spelt = first[1] != first[0].id
    for step in range(1, FORK_STEPS + 1):
        if a.outcome() is None:
            stop = _disagree(a, b, legal_b, step, card)
            if stop is not None:
                return stop
        elif not isinstance(legal_b, str):
            ended = f"another end ({step} actions after {first[0].id})"
            return Try(changed=None if _same(a, b, paths, card) else ended)
        if step % every == 0 or card.greedy or a.outcome() is not None:
            now = int(a.ai_view(None)["turn"])
            if now != turn:
                differs = not _same(a, b, paths, card)
                if differs and (seen or not spelt):
                    return Try(changed=f"another state after turn {turn} ({step} actions after {first[0].id})")
                boundaries, seen = boundaries + 1, differs
            turn = now
            if boundaries >= HORIZON + seen:
                return Try()
        action = choose(a, a.legal_actions(a.to_act or 0), rng, card)
        a.apply(a.to_act or 0, action.id)
        twin = counterpart(action, legal_b, card)
        spelt = spelt or twin != action.id
        legal_b = _twin_step(b, twin)
    return Try()


def _reseeded(a: BaseMatch, b: BaseMatch, rng: SeededRandom, draws: int) -> list[tuple[BaseMatch, BaseMatch]]:
    """Copies of both matches: with the match's own random source (``draws`` 0), or ``draws`` pairs
    each with one fresh source for both (as ``determinize`` gives a search: the dice and shuffles
    to come are not known yet), so that a chance is taken against other dice too: a reroll acts
    only on a die that missed."""
    if not draws:
        return [(a.copy(), b.copy())]
    pairs = []
    for _ in range(draws):
        seed, pair = rng.below(1 << 62), (a.copy(), b.copy())
        for match in pair:
            match.state["rng"] = SeededRandom(seed)
        pairs.append(pair)
    return pairs


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
        stop = _disagree(a, b, legal_b, step, card)
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
            pair = (first, counterpart(first, legal_b, card))
            for copies in _reseeded(a, b, rng, card.draws):
                result = follow(*copies, paths, card, rng.fork(), pair, every)
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
        legal_b = _twin_step(b, counterpart(action, legal_b, card))
    return found
