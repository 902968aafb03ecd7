"""``mcts``: an information-set Monte Carlo tree search player for every game on ``BaseMatch`` (issue 21).

Every search samples *determinizations* of the match: ``BaseMatch.determinize(seat, seed)``, i.e.
every card the seat cannot see (other hands, deck orders, face-down cards) permuted by
``reshuffle_hidden`` and a fresh random source for future dice and shuffles. The conformance harness
checks that ``reshuffle_hidden`` depends only on what the seat knows (the hidden cards are sorted
before they are shuffled), so no sample, and no choice, can depend on where the hidden cards really
lie. What the search does know: the *composition* of the other seats' hidden cards (the opponent's
deck list is known to the search, as it is to a player who saw the deck or the format's sample); only
their order and whereabouts are sampled.

The default is the flat search (``_flat``): the game's ``greedy`` names its ``width`` first choices;
each round samples one determinization and plays every candidate out on it with the game's own
``greedy`` (``choose_action`` from each seat's own view) and the same random numbers; another
candidate than greedy's own choice wins only when its gain over that choice, round by round, is
clearly above 0 (``CONFIDENCE`` standard errors), so that a few noisy rounds never make the search
worse than its policy. A playout runs to the end of the match (1 for the winner, a draw shared)
while that is cheap enough, else it stops ``playout_turns`` turns beyond the root and is scored by
the lead in ``BaseMatch.standing()``: by default the view's ``points`` (api.md: the figure that
decides the winner), finer where a game gives more (muhq: what its map's victory asks for). The
search stops early when greedy's choice leads and cannot be caught or when the choice does not
show in the playouts.

``Budget(tree=True)`` is single-observer ISMCTS (Cowling, Powley and Whitehouse 2012) instead: one
tree of action ids seen from the acting seat; each iteration descends by UCB1 over the children legal
in its determinization (the "availability" count replaces the parent's visits), expands one untried
action, the policy's choice first, plays out to the horizon and adds the result to every node on the
path, each for the seat that chose its action. The answer is the most visited root action (ties: the
better mean, then greedy's own choice).

Budgets (``Budget``): a number of playouts, deterministic for a seed (the search draws every random
number from seeds derived from it), or a time budget in milliseconds (as many playouts as fit: not
reproducible, which a match does not need, since the log records the chosen actions). A playout
budget also stops at ``Budget.cap_ms``, a safety cap the server sets far above what the playouts need.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.match import Action
from engine.core.rng import SeededRandom

EXPLORATION = 0.7  # UCB1's constant, for rewards in 0..1
DRAW = 0.5
BIAS = 0.5
SAME_ROUNDS = 12  # rounds alike for every candidate after which the flat search stops
# How sure the flat search must be before it overrules the policy: the paired difference of an
# other candidate's rewards over the policy choice's must exceed this many standard errors (one
# sided). Without it a few noisy rounds make the search worse than its own policy (Realmon's dice:
# mcts won 46% of its games against greedy at 500 ms, deciding on two to five rounds).
CONFIDENCE = 1.0


@dataclass(frozen=True)
class Budget:
    """How long ``mcts`` searches: ``playouts`` (deterministic) or ``ms`` (wall clock)."""

    playouts: int | None = None
    ms: int | None = None
    cap_ms: int = 10_000
    playout: str = "greedy"
    playout_turns: int = 2  # a cut-off playout's horizon, in turns beyond the root
    width: int = 3  # the flat search's candidates: the playout policy's first choices
    # Playouts run to the end while a round of them costs at most this share of the budget
    # (so that at least 1 / share rounds fit); dearer ones are cut off after ``playout_turns``.
    # A third, not less: the standing a few turns on misleads (with a twelfth, Ka-Mel-Oh!'s
    # dufo cut off from turn 2 on, spent its last Dattel for a point and lost 15 of 15 to greedy;
    # with a third it won 8 of 16, and eredan/standard went from 3 of 14 to 12 of 16).
    full_share: float = 1 / 3
    tree: bool = False  # ISMCTS with a tree (UCB below the root) instead of the flat search

    def done(self, iterations: int, started: float, ahead_ms: float = 0.0) -> bool:
        """Whether the search has spent its budget after ``iterations`` playouts (a time budget
        also stops when the next round, taking ``ahead_ms``, would overrun it)."""
        elapsed = (time.perf_counter() - started) * 1000
        if self.playouts is not None:
            return iterations >= self.playouts or elapsed >= self.cap_ms
        return iterations > 0 and elapsed + ahead_ms >= self.limit_ms

    @property
    def limit_ms(self) -> float:
        """The wall-clock limit: the time budget, else the safety cap."""
        if self.playouts is not None:
            return float(self.cap_ms)
        return float(min(self.ms if self.ms is not None else DEFAULT_MS, self.cap_ms))

    def rounds_left(self, iterations: int, started: float, round_ms: float, width: int) -> float:
        """How many more rounds of ``width`` playouts the budget allows: exact for a playout
        budget, estimated from the mean round so far for a time budget."""
        if self.playouts is not None:
            return max(0, self.playouts - iterations) / width
        elapsed = (time.perf_counter() - started) * 1000
        return max(0.0, self.limit_ms - elapsed) / max(round_ms, 1e-3)


# The default time budget: issue 21 allows 1 s per decision on a 2-core machine; a search overran
# its budget by up to 52 ms (muhq's hafenbucht at 500 ms: the policy's ranking before the rounds,
# the last engine step, the other benchmark process on the second core), so 800 ms keeps a margin
# and gives the flat search about twice the rounds of 500 ms (muhq's maps got 4 to 5 rounds there).
DEFAULT_MS = 800
DEFAULT = Budget(ms=DEFAULT_MS)
# The server's bounds of a seat's budget (api.md), and the page's three strengths (budget_ms).
MIN_MS, MAX_MS = 20, 2000
MIN_PLAYOUTS, MAX_PLAYOUTS = 1, 2000
STRENGTHS: dict[str, int] = {"quick": 200, "normal": DEFAULT_MS, "strong": 1600}


def budget_for(*, budget_ms: int | None = None, playouts: int | None = None) -> Budget:
    """A seat's budget: ``playouts`` (deterministic) or else ``budget_ms``; neither: the default.
    ValueError outside the server's bounds."""
    if playouts is not None:
        if not MIN_PLAYOUTS <= playouts <= MAX_PLAYOUTS:
            raise ValueError(f"playouts must be {MIN_PLAYOUTS} to {MAX_PLAYOUTS}, not {playouts}")
        return Budget(playouts=playouts)
    if budget_ms is not None:
        if not MIN_MS <= budget_ms <= MAX_MS:
            raise ValueError(f"budget_ms must be {MIN_MS} to {MAX_MS}, not {budget_ms}")
        return Budget(ms=budget_ms)
    return DEFAULT


@dataclass
class Node:
    """Statistics of one action id, for the seat that took it."""

    visits: int = 0
    reward: float = 0.0
    available: int = 0
    preferred: bool = False  # the playout policy's own choice here (the first child expanded)
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        """UCB1 with the availability count, plus a bias towards the policy's choice that fades
        with visits (progressive bias): with few playouts the search stays close to ``greedy``."""
        bias = BIAS / (self.visits + 1) if self.preferred else 0.0
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits) + bias


def search(game: BaseGame[Any], match: BaseMatch, player: int, *, seed: int, budget: Budget = DEFAULT) -> Action:
    """The action ``mcts`` chooses for ``player`` (the seat to act) from what that seat knows."""
    legal = match.legal_actions(player)
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    rng = SeededRandom(seed)
    started = time.perf_counter()
    root_turn = _turn(match)
    if not budget.tree:
        return _flat(game, match, player, legal, rng, budget, root_turn, started)
    root = Node()
    iterations = 0
    while not budget.done(iterations, started):
        _iterate(game, match.determinize(player, rng.next64()), root, rng, budget, root_turn)
        iterations += 1
    first = _policy(game, budget.playout, match, player, legal, seed)
    by_id = {a.id: a for a in legal}

    def rank(item: tuple[str, Node]) -> tuple[int, float, bool]:
        aid, node = item
        mean = node.reward / node.visits if node.visits else 0.0
        return node.visits, mean, aid == first.id

    choices = [(aid, node) for aid, node in root.children.items() if aid in by_id]
    if not choices:
        return first
    return by_id[max(choices, key=rank)[0]]


def _ranking(
    game: BaseGame[Any], behaviour: str, match: BaseMatch, player: int, legal: Sequence[Action], seed: int, width: int
) -> list[Action]:
    """The policy's ``width`` first choices, best first (its choice, then its choice of the rest ...)."""
    rest = list(legal)
    ranked: list[Action] = []
    while rest and len(ranked) < width:
        pick = _policy(game, behaviour, match, player, rest, seed)
        ranked.append(pick)
        rest = [a for a in rest if a.id != pick.id]
    return ranked


def _flat(
    game: BaseGame[Any],
    match: BaseMatch,
    player: int,
    legal: Sequence[Action],
    rng: SeededRandom,
    budget: Budget,
    turn: int,
    started: float,
) -> Action:
    """Flat information-set Monte Carlo search (policy rollouts): the policy's ``width`` first
    choices, each played out on the same samples (one determinization and one playout seed per
    round for all of them: common random numbers, so what differs is the action); the candidate
    with the best confident gain over the policy's choice wins (``_confident_best``), else that
    choice.

    With a time budget, playouts run to the end of the match, scored by who won, while a round of
    them fits in ``full_share`` of the budget; a round that does not is cut off and thrown away, and
    later playouts stop ``playout_turns`` turns on, scored by the lead in ``standing()``. A full
    round is given up as soon as it falls behind its pace (each playout gets its part of the share),
    so a match too long to play out costs one playout's part, not the whole share. (A playout budget
    always cuts off: the switch depends on the clock.) No round runs past the budget (a playout
    budget: past ``cap_ms``): the round the limit interrupts is thrown away.

    The search stops early once no candidate can catch up with the policy's choice in the rounds
    left (a round changes a difference of totals by at most 1, so every other candidate's gain ends
    below 0: this never changes the answer of a playout budget), or once ``SAME_ROUNDS`` rounds
    gave every candidate the same reward each: the choice does not show in the playouts, and the
    policy's own choice is taken."""
    ranked = _ranking(game, budget.playout, match, player, legal, rng.next64(), budget.width)
    if len(ranked) == 1:
        return ranked[0]
    totals = [0.0] * len(ranked)
    gains: list[list[float]] = [[] for _ in ranked]  # per round: each candidate's reward minus the policy's
    done, rounds, alike = 0, 0, True
    horizon = None if budget.playouts is None else turn + budget.playout_turns
    hard = started + budget.limit_ms / 1000  # no round runs past it: an unfinished one is thrown away
    share = budget.full_share * budget.limit_ms / 1000
    while True:
        round_ms = (time.perf_counter() - started) * 1000 / max(rounds, 1)
        if budget.done(done, started, round_ms if rounds else 0.0):
            break
        if rounds and _settled(totals, budget.rounds_left(done, started, round_ms, len(ranked))):
            break  # the policy's choice leads and cannot be caught
        if alike and rounds >= SAME_ROUNDS:
            break
        sample_seed, playout_seed = rng.next64(), rng.next64()
        det = match.determinize(player, sample_seed)
        begun = time.perf_counter()
        rewards: list[float] = []
        for index, action in enumerate(ranked):
            # a full round must fit in ``share``: each playout is given its part of it, so that a
            # round that cannot fit is given up after one playout's part, not after the whole share
            deadline = hard if horizon is not None else min(hard, begun + share * (index + 1) / len(ranked))
            copy = det if index == len(ranked) - 1 else det.copy()
            copy.apply(player, action.id)
            reward = _playout(game, copy, SeededRandom(playout_seed), budget.playout, horizon, deadline)
            if reward is None:
                break
            rewards.append(reward[player])
        if len(rewards) < len(ranked):  # the budget is spent, or a full round proved too dear
            if time.perf_counter() >= hard:
                break
            horizon = turn + budget.playout_turns
            continue
        rounds += 1
        done += len(ranked)
        alike = alike and len(set(rewards)) == 1
        totals = [total + reward for total, reward in zip(totals, rewards, strict=True)]
        for gain, value in zip(gains, rewards, strict=True):
            gain.append(value - rewards[0])
    return ranked[_confident_best(gains)]


def _settled(totals: Sequence[float], rounds_left: float) -> bool:
    """Whether the policy's choice (the first candidate) leads by more than ``rounds_left`` (a
    round changes a difference of totals by at most 1): no other can come out ahead of it."""
    return all(totals[0] - other > rounds_left for other in totals[1:])


def _confident_best(gains: Sequence[Sequence[float]]) -> int:
    """The candidate to take, from each one's per-round gain over the policy's choice (index 0):
    the one whose mean gain is highest at ``CONFIDENCE`` standard errors below it, if that is above
    0 (a gain without spread counts at its mean; one round is not enough), else the policy's choice."""
    best, best_low = 0, 0.0
    for index, gain in enumerate(gains[1:], start=1):
        n = len(gain)
        if n < 2:  # one round shows no spread
            continue
        mean = sum(gain) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gain) / (n - 1))
        low = mean - CONFIDENCE * spread / math.sqrt(n)
        if low > best_low:
            best, best_low = index, low
    return best


def _iterate(game: BaseGame[Any], det: BaseMatch, root: Node, rng: SeededRandom, budget: Budget, turn: int) -> None:
    """One ISMCTS iteration on the determinization ``det`` (changed in place)."""
    path: list[tuple[Node, int]] = []
    node = root
    while det.to_act is not None:
        mover = det.to_act
        legal = det.legal_actions(mover)
        untried = [a for a in legal if a.id not in node.children]
        for action in legal:
            child = node.children.get(action.id)
            if child is not None:
                child.available += 1
        if untried:
            pick = _policy(game, budget.playout, det, mover, untried, rng.next64())
            child = node.children[pick.id] = Node(available=1, preferred=not node.children)
            det.apply(mover, pick)
            path.append((child, mover))
            break
        chosen = max(legal, key=lambda a: node.children[a.id].ucb())
        node = node.children[chosen.id]
        det.apply(mover, chosen)
        path.append((node, mover))
    rewards = _playout(game, det, rng, budget.playout, turn + budget.playout_turns)
    assert rewards is not None  # no deadline
    for child, mover in path:
        child.visits += 1
        child.reward += rewards[mover]


def _policy(
    game: BaseGame[Any], behaviour: str, match: BaseMatch, player: int, legal: Sequence[Action], seed: int
) -> Action:
    if len(legal) == 1:
        return legal[0]
    return game.choose_action(behaviour, match.ai_view(player), list(legal), seed % 2**63)


def _turn(match: BaseMatch) -> int:
    return int(match.ai_view(None)["turn"])


def _playout(
    game: BaseGame[Any],
    det: BaseMatch,
    rng: SeededRandom,
    behaviour: str,
    last: int | None,
    deadline: float | None = None,
) -> list[float] | None:
    """Play ``det`` on with the playout policy ``behaviour`` until it ends or, with a horizon, turn
    ``last`` has passed; each seat's reward in 0..1, or None when the ``deadline`` (a
    ``perf_counter`` time) came first. The turn is read from the view the policy needs anyway."""
    while (mover := det.to_act) is not None:
        legal = det.legal_actions(mover)
        if len(legal) == 1:
            det.apply(mover, legal[0])
            continue
        if deadline is not None and time.perf_counter() > deadline:
            return None
        view = det.ai_view(mover)
        if last is not None and int(view["turn"]) > last:
            return _points_rewards(det)
        det.apply(mover, game.choose_action(behaviour, view, legal, rng.next64() % 2**63))
    outcome = det.outcome()
    if outcome is None:
        return _points_rewards(det)
    if not outcome.winners:
        return [DRAW] * det.seats
    share = 1.0 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(det.seats)]


def _points_rewards(det: BaseMatch) -> list[float]:
    """A cut-off playout's rewards: each seat's lead in ``standing`` (by default the view's
    ``points``, the figure that decides the winner) over the best other seat, squashed into 0..1."""
    points = det.standing()
    rewards = []
    for seat, mine in enumerate(points):
        best_other = max(p for other, p in enumerate(points) if other != seat) if len(points) > 1 else 0.0
        scale = abs(mine) + abs(best_other) + 1.0
        rewards.append(0.5 + 0.5 * math.tanh(2.0 * (mine - best_other) / scale))
    return rewards
