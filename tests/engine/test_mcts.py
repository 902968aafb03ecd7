"""The core's search player ``mcts`` (engine.core.mcts, issue 21) over every game with an engine, in
every variant, without game code: a game added later (muhq) passes these by having an engine.

- It never reads hidden information: its choice is the same for two states that differ only in
  what the acting seat cannot see (the other seats' hidden cards permuted, a fresh random source).
- It plays every variant to the end against ``greedy``, always choosing a legal action.
- With a playout budget it is deterministic for a seed.
"""

from __future__ import annotations

import pytest

from engine.core import mcts
from engine.core.base import BaseGame, BaseMatch
from engine.core.definition import GameDefinition
from engine.core.players import play
from engine.core.rng import SeededRandom
from engine.games import all_games, get_game
from tests.engine.conformance import sample_decks_for

ENGINES: list[GameDefinition] = [game for game in all_games() if game.engine is not None]
VARIANTS = [(g.slug, v.slug) for g in ENGINES for v in g.engine.variants]
IDS = [f"{g}-{v}" for g, v in VARIANTS]
SMALL = mcts.Budget(playouts=6, playout_turns=1)


def _deal(game: str, variant: str, seed: int) -> tuple[BaseGame[object], BaseMatch]:
    definition = get_game(game)
    engine = definition.engine
    seats = max(2, engine.variant(variant).min_players)
    decks = sample_decks_for(definition, variant, min(seats, engine.variant(variant).max_players))
    return engine, engine.new_match(decks, variant=variant, seed=seed, options={})


def _decisions(engine: BaseGame[object], match: BaseMatch, count: int) -> list[BaseMatch]:
    """Copies of ``match`` at the first ``count`` decisions with a choice, reached by greedy play."""
    found: list[BaseMatch] = []
    step = 0
    while match.to_act is not None and len(found) < count and step < 2000:
        player = match.to_act
        if len(match.legal_actions(player)) > 1:
            found.append(match.copy())
        match.apply(player, play(engine, "greedy", match, player, step))
        step += 1
    return found


def _choice_with(engine: BaseGame[object], match: BaseMatch, least: int) -> BaseMatch:
    """The first decision reached by greedy play with at least ``least`` legal actions."""
    return next(s for s in _decisions(engine, match, 12) if len(s.legal_actions(s.to_act or 0)) >= least)


@pytest.mark.parametrize("case", VARIANTS, ids=IDS)
def test_mcts_chooses_alike_when_only_what_the_seat_cannot_see_differs(case: tuple[str, str]) -> None:
    engine, match = _deal(*case, seed=5)
    permuted = 0
    for n, state in enumerate(_decisions(engine, match, 4)):
        seat = state.to_act
        assert seat is not None
        other = state.determinize(seat, 1000 + n)  # the hidden cards permuted, another random source
        assert other.view(seat) == state.view(seat)
        permuted += _cards(other) != _cards(state)
        chosen = mcts.search(engine, state, seat, seed=77 + n, budget=SMALL)
        again = mcts.search(engine, other, seat, seed=77 + n, budget=SMALL)
        assert chosen.id == again.id
    assert permuted, "no decision had hidden cards to permute: the test would prove nothing"


def _cards(match: BaseMatch) -> dict[str, object]:
    return {key: value for key, value in match.to_json().items() if key != "rng"}


@pytest.mark.parametrize("case", VARIANTS, ids=IDS)
def test_mcts_is_deterministic_for_a_seed_and_a_playout_budget(case: tuple[str, str]) -> None:
    engine, match = _deal(*case, seed=9)
    for n, state in enumerate(_decisions(engine, match, 3)):
        seat = state.to_act
        assert seat is not None
        before = state.to_json()
        first = mcts.search(engine, state, seat, seed=n, budget=SMALL)
        assert state.to_json() == before, "the search changed the match it plans on"
        assert mcts.search(engine, state.copy(), seat, seed=n, budget=SMALL).id == first.id


@pytest.mark.slow
@pytest.mark.parametrize("case", VARIANTS, ids=IDS)
def test_mcts_plays_every_variant_to_the_end_against_greedy(case: tuple[str, str]) -> None:
    engine, match = _deal(*case, seed=3)
    behaviours = ["mcts", "greedy", "greedy", "greedy"]
    step = 0
    while match.to_act is not None and step < 5000:
        player = match.to_act
        legal = {a.id for a in match.legal_actions(player)}
        action = play(engine, behaviours[player], match, player, step, mcts.Budget(playouts=3, playout_turns=1))
        assert action.id in legal
        match.apply(player, action)
        step += 1
    assert match.outcome() is not None


@pytest.mark.parametrize("game", [g.slug for g in ENGINES])
def test_every_engine_offers_mcts_besides_its_own_players(game: str) -> None:
    engine = get_game(game).engine
    assert engine.behaviours == (*engine.ai_behaviours, "mcts")
    assert engine.declaration()["ai_behaviours"] == list(engine.behaviours)


def test_a_single_legal_action_is_taken_without_search() -> None:
    engine, match = _deal("kamelo", "dufo", seed=1)
    while (seat := match.to_act) is not None and len(match.legal_actions(seat)) != 1:
        match.apply(seat, play(engine, "greedy", match, seat, 0))
    assert seat is not None
    assert mcts.search(engine, match, seat, seed=0, budget=mcts.Budget(playouts=1000)) == match.legal_actions(seat)[0]


def test_budgets_are_bounded_and_default_to_the_time_budget() -> None:
    assert mcts.budget_for() == mcts.DEFAULT
    assert mcts.budget_for(playouts=50) == mcts.Budget(playouts=50)
    assert mcts.budget_for(budget_ms=300) == mcts.Budget(ms=300)
    for bad in ({"playouts": 0}, {"playouts": mcts.MAX_PLAYOUTS + 1}, {"budget_ms": mcts.MAX_MS + 1}):
        with pytest.raises(ValueError, match="must be"):
            mcts.budget_for(**bad)


def test_a_playout_budget_runs_that_many_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    engine, match = _deal("eredan", "standard", seed=2)
    state = _choice_with(engine, match, 3)
    seat = state.to_act or 0
    calls: list[str] = []
    playout, iterate = mcts._playout, mcts._iterate
    monkeypatch.setattr(mcts, "_playout", lambda *args: calls.append("playout") or playout(*args))
    monkeypatch.setattr(mcts, "_iterate", lambda *args: calls.append("iterate") or iterate(*args))
    mcts.search(engine, state, seat, seed=1, budget=mcts.Budget(playouts=6, width=3))
    assert calls == ["playout"] * 6  # flat: two rounds of the policy's three first choices
    calls.clear()
    mcts.search(engine, state, seat, seed=1, budget=mcts.Budget(playouts=5, tree=True))
    assert calls.count("iterate") == 5 and calls.count("playout") == 5


def test_stopping_when_the_leader_cannot_be_caught_keeps_a_playout_budgets_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine, match = _deal("eredan", "standard", seed=4)
    states = [s for s in _decisions(engine, match, 12) if len(s.legal_actions(s.to_act or 0)) >= 3]
    budget = mcts.Budget(playouts=60, playout_turns=2)
    early = [mcts.search(engine, s, s.to_act or 0, seed=n, budget=budget).id for n, s in enumerate(states)]
    stops: list[bool] = []
    settled = mcts._settled
    monkeypatch.setattr(mcts, "_settled", lambda *args: stops.append(settled(*args)) and False)
    full = [mcts.search(engine, s, s.to_act or 0, seed=n, budget=budget).id for n, s in enumerate(states)]
    assert early == full
    assert any(stops), "no search could stop early: the comparison would prove nothing"


def test_a_choice_that_never_shows_in_the_playouts_stops_the_search_with_the_policys_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine, match = _deal("eredan", "standard", seed=2)
    state = _choice_with(engine, match, 3)
    seat = state.to_act or 0
    calls: list[int] = []
    monkeypatch.setattr(mcts, "_playout", lambda *args: calls.append(1) or [0.5] * state.seats)
    chosen = mcts.search(engine, state, seat, seed=3, budget=mcts.Budget(playouts=600))
    assert len(calls) == mcts.SAME_ROUNDS * 3  # width 3: SAME_ROUNDS rounds, then it stops
    policy_seed = SeededRandom(3).next64()  # the search's first random number names the candidates
    assert chosen == mcts._policy(engine, "greedy", state, seat, state.legal_actions(seat), policy_seed)


def test_a_time_budget_plays_out_to_the_end_until_a_round_costs_more_than_its_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A clock that moves 1 ms per reading: a whole playout of muhq's long map costs far more than a
    round's share (``full_share`` of 300 ms: 100 ms), so the first round is given up once its first
    playout has had its part of that share (a third, by the width of 3), and the rest stop at the
    horizon; the search keeps its budget."""
    engine, match = _deal("muhq", "burgen", seed=1)
    state = _choice_with(engine, match, 3)
    seat = state.to_act or 0
    ticks = iter(range(10**9))
    monkeypatch.setattr(mcts.time, "perf_counter", lambda: next(ticks) / 1000)
    horizons: list[object] = []
    begun: list[int] = []
    playout = mcts._playout

    def spy(*args: object) -> object:
        horizons.append(args[4])
        begun.append(next(ticks))
        return playout(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(mcts, "_playout", spy)
    started = next(ticks)
    chosen = mcts.search(engine, state, seat, seed=1, budget=mcts.Budget(ms=300))
    spent = next(ticks) - started
    assert chosen in state.legal_actions(seat)
    assert horizons[0] is None and None not in horizons[1:], horizons[:4]
    assert len(horizons) > 1
    assert begun[1] - begun[0] <= 100 / 3 + 10, begun[:2]  # not the whole share of 100 ms
    assert spent <= 300 + 5, spent


def test_a_round_that_would_overrun_the_time_budget_is_cut_off_and_thrown_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A clock that moves 1 ms per reading, then (the machine got busy) 40 ms: the rounds measured
    so far promise a round that fits, the next one does not, and the search ends at its budget."""
    engine, match = _deal("muhq", "burgen", seed=1)
    state = _choice_with(engine, match, 3)
    seat = state.to_act or 0
    readings = iter(range(10**9))
    clock = {"ms": 0}

    def perf_counter() -> float:
        clock["ms"] += 1 if next(readings) < 150 else 40
        return clock["ms"] / 1000

    monkeypatch.setattr(mcts.time, "perf_counter", perf_counter)
    started = perf_counter()
    chosen = mcts.search(engine, state, seat, seed=1, budget=mcts.Budget(ms=300))
    spent = perf_counter() * 1000 - started * 1000
    assert chosen in state.legal_actions(seat)
    assert spent <= 300 + 3 * 40, spent  # a few readings past the limit (without it: about 5 s)


def test_the_policys_choice_stands_unless_another_gains_clearly() -> None:
    """``CONFIDENCE``: a gain over greedy's choice counts once it is ``CONFIDENCE`` standard errors
    above 0; a lead that a few noisy rounds show is no reason to overrule the policy."""
    noisy = [[0.0] * 4, [1.0, -1.0, 1.0, 0.0], [0.0] * 4]  # mean gain 0.25, standard error 0.48
    assert mcts._confident_best(noisy) == 0
    clear = [[0.0] * 8, [1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0], [1.0] * 4 + [0.0] * 4]
    assert mcts._confident_best(clear) == 1  # 0.75 - 0.16 beats 0.5 - 0.19
    assert mcts._confident_best([[0.0] * 3, [0.2] * 3]) == 1  # no spread: the mean counts
    assert mcts._confident_best([[0.0], [1.0]]) == 0  # one round shows no spread
    assert mcts._confident_best([[0.0] * 3, [-0.5] * 3]) == 0


def test_noisy_rounds_keep_the_policys_choice_and_clear_ones_overrule_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search end to end with scripted playouts: the second candidate wins more rounds than the
    policy's choice but within the noise, so the policy's choice stands; a second candidate that wins
    every round is taken."""
    engine, match = _deal("eredan", "standard", seed=2)
    state = _choice_with(engine, match, 3)
    seat = state.to_act or 0
    policy_seed = SeededRandom(3).next64()  # the search's first random number names the candidates
    ranked = mcts._ranking(engine, "greedy", state, seat, state.legal_actions(seat), policy_seed, 3)

    def scripted(script: list[list[float]]) -> object:
        rewards = iter(r for round_ in script for r in round_)
        monkeypatch.setattr(mcts, "_playout", lambda *args: [next(rewards)] * state.seats)
        return mcts.search(engine, state, seat, seed=3, budget=mcts.Budget(playouts=3 * len(script)))

    noisy = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert scripted(noisy) == ranked[0]  # 3 of 5 rounds against 2 of 5: noise
    clear = [[0.0, 1.0, 0.0]] * 5
    assert scripted(clear) == ranked[1]


def test_a_cut_off_playout_is_scored_by_the_lead_in_standing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``BaseMatch.standing()`` is the view's points unless a game gives a finer figure; the search
    scores a cut-off playout by each seat's lead in it."""
    _, match = _deal("duel", "standard", seed=1)
    assert match.standing() == [float(side["points"]) for side in match.view(None)["players"]]
    monkeypatch.setattr(type(match), "standing", lambda self: [3.0, 1.0])
    ahead, behind = mcts._points_rewards(match)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)
