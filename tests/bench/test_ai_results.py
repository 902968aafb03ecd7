"""bench/ai.py keeps its finished games (``--results``) so that the figures grow run by run: a kept
game counts again only for the same budget, rules version and players' code."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from engine.core import mcts
from tests.bench.modules import load_bench


@pytest.fixture(scope="module")
def ai() -> ModuleType:
    return load_bench("ai")


def test_a_kept_game_counts_again_for_the_same_budget_only(ai: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "out" / "ai.jsonl"
    budget = mcts.Budget(ms=100)
    game = ai.Game(won=True, draw=False, mcts_ms=[12.5], greedy_ms=[0.1])
    ai.keep_result(path, "duel", "standard", 3, budget, game)
    ai.keep_result(path, "duel", "standard", 4, budget, ai.Game(won=False, draw=True, mcts_ms=[], greedy_ms=[]))
    assert ai.load_results(path, budget)[("duel", "standard")] == {3: game, 4: ai.Game(False, True, [], [])}
    assert ai.load_results(path, mcts.Budget(ms=500))[("duel", "standard")] == {}


def test_a_game_of_other_code_or_a_damaged_line_is_not_counted(ai: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "ai.jsonl"
    budget = mcts.Budget(playouts=8)
    ai.keep_result(path, "duel", "standard", 0, budget, ai.Game(won=True, draw=False, mcts_ms=[], greedy_ms=[]))
    text = path.read_text()
    path.write_text(text.replace(ai.players_code("duel"), "0" * 16) + "{not json\n" + text)
    assert list(ai.load_results(path, budget)[("duel", "standard")]) == [0]  # only the untouched copy
    assert ai.load_results(tmp_path / "missing.jsonl", budget) == {}


def test_a_run_drops_the_games_that_can_no_longer_count_and_keeps_other_budgets(ai: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "ai.jsonl"
    won = ai.Game(won=True, draw=False, mcts_ms=[], greedy_ms=[])
    ai.keep_result(path, "duel", "standard", 0, mcts.Budget(ms=100), won)
    ai.keep_result(path, "duel", "standard", 1, mcts.Budget(ms=500), won)
    current = path.read_text()
    stale = current.splitlines()[0].replace(ai.players_code("duel"), "0" * 16)
    path.write_text(current + stale + "\n{not json\n")
    assert ai.prune_results(path) == 2
    assert path.read_text() == current
    assert ai.prune_results(path) == 0
    assert ai.prune_results(tmp_path / "missing.jsonl") == 0


def test_a_solo_variant_pits_mcts_alone_against_greedy_alone(ai: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """muhq's Kraken (1-4 seats together against the game): mcts and greedy each play the same deal
    alone, and the report sets mcts's win rate against greedy's (``greedy_alone``)."""
    played: list[list[str]] = []

    def fake(
        slug: str, variant: str, seed: int, budget: object, seats: list[str], swap_decks: bool = False
    ) -> tuple[tuple[int, ...], dict]:
        played.append(seats)
        return ((0,) if seats == ["mcts"] else ()), {"mcts": [40.0] if seats == ["mcts"] else [], "greedy": [2.0]}

    monkeypatch.setattr(ai, "_play", fake)
    assert ai.is_solo("muhq", "the-kraken") and not ai.is_solo("muhq", "zwei-doerfer")
    game = ai.play_game("muhq", "the-kraken", 5, mcts.Budget(ms=100))
    assert played == [["mcts"], ["greedy"]]
    assert game.won and not game.draw and game.baseline_won is False
    lines = ai.report({("muhq", "the-kraken"): {5: game}}, 1)
    assert "BENCH ai.muhq.the-kraken.mcts_vs_greedy 1.000" in lines
    assert "BENCH ai.muhq.the-kraken.greedy_alone 0.000" in lines
    played.clear()
    ai.play_game("muhq", "zwei-doerfer", 5, mcts.Budget(ms=100))
    assert played == [["greedy", "mcts"]]  # an odd seed: mcts in seat 1, against greedy


def test_a_two_seat_game_of_a_solo_variant_no_longer_counts(ai: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "ai.jsonl"
    budget = mcts.Budget(ms=100)
    ai.keep_result(path, "muhq", "the-kraken", 0, budget, ai.Game(won=False, draw=True, mcts_ms=[], greedy_ms=[]))
    solo = path.read_text()
    path.write_text(solo + solo.replace(', "solo": true', ""))  # as kept before the solo measure
    assert ai.prune_results(path) == 1
    assert path.read_text() == solo
    assert list(ai.load_results(path, budget)[("muhq", "the-kraken")]) == [0]


def test_seats_and_decks_rotate_so_neither_goes_with_one_player(
    ai: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over four seeds mcts plays each seat with each of the two sample decks (koenig's deck 1 wins
    every greedy mirror: tied to seat 0, it decided the figure), and the real deal swaps the decks."""
    dealt: list[tuple[int, bool]] = []

    def fake(
        slug: str, variant: str, seed: int, budget: object, seats: list[str], swap_decks: bool = False
    ) -> tuple[tuple[int, ...], dict]:
        dealt.append((seats.index("mcts"), swap_decks))
        return (), {"mcts": [], "greedy": []}

    monkeypatch.setattr(ai, "_play", fake)
    for seed in range(4):
        ai.play_game("kamelo", "koenig", seed, mcts.Budget(ms=100))
    assert sorted(dealt) == [(0, False), (0, True), (1, False), (1, True)]


def test_a_game_of_the_older_pairing_no_longer_counts(ai: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "ai.jsonl"
    budget = mcts.Budget(ms=100)
    ai.keep_result(path, "duel", "standard", 0, budget, ai.Game(won=True, draw=False, mcts_ms=[], greedy_ms=[]))
    current = path.read_text()
    path.write_text(
        current + current.replace(f', "pairing": "{ai.PAIRING}"', "").replace('"seed": 0', '"seed": 1')
    )  # as kept before the rotation
    assert list(ai.load_results(path, budget)[("duel", "standard")]) == [0]
    assert ai.prune_results(path) == 1
    assert path.read_text() == current


def test_a_greedy_mirror_names_the_first_mover_and_the_deck_that_won(
    ai: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mirror figures say how much of a variant the seat and the deck decide (muhq's stecken:
    the first mover wins most greedy mirrors): seed 2 swaps the decks, so seat 1 plays sample deck 1."""
    calls: list[tuple[list[str], bool]] = []

    def fake(slug: str, variant: str, seed: int, budget: object, seats: list[str], swap_decks: bool = False) -> tuple:
        calls.append((seats, swap_decks))
        return ((1,) if seed != 6 else (0, 1)), {"mcts": [], "greedy": [1.0]}, 1

    monkeypatch.setattr(ai, "_play_match", fake)
    swapped, plain, drawn = (ai.mirror_game("duel", "standard", seed) for seed in (2, 1, 6))
    assert calls == [(["greedy", "greedy"], True), (["greedy", "greedy"], False), (["greedy", "greedy"], True)]
    assert swapped == ai.Mirror(winner=1, first=1, swapped=True)
    assert swapped.first_mover_won and swapped.deck1_won and not swapped.draw
    assert plain == ai.Mirror(winner=1, first=1, swapped=False)
    assert plain.first_mover_won and not plain.deck1_won and not plain.draw
    assert drawn.draw and not drawn.first_mover_won and not drawn.deck1_won and drawn.winner is None
    lines = ai.report({("duel", "standard"): {}}, 1, {("duel", "standard"): {2: swapped, 1: plain, 6: drawn, 3: plain}})
    assert "BENCH ai.duel.standard.greedy_mirror_first_mover 0.750" in lines
    assert "BENCH ai.duel.standard.greedy_mirror_deck1 0.250" in lines
    assert "BENCH ai.duel.standard.greedy_mirror_draws 0.250" in lines
    assert "BENCH ai.duel.standard.greedy_mirror_games 4" in lines


def test_mcts_is_set_against_greedy_in_its_place_on_the_same_deals(ai: ModuleType) -> None:
    """The mirror of a game's seed put greedy at mcts's seat (seed % 2) with mcts's deck: a deal
    counts as turned when mcts won where greedy lost, as given when greedy won where mcts lost."""
    won = ai.Game(won=True, draw=False, mcts_ms=[5.0], greedy_ms=[1.0])
    lost = ai.Game(won=False, draw=False, mcts_ms=[5.0], greedy_ms=[1.0])

    def mirror(winner: int | None) -> object:
        return ai.Mirror(winner=winner, first=0, swapped=False)

    games = {0: won, 1: won, 2: lost, 3: won, 4: won}
    mirrors = {0: mirror(0), 1: mirror(0), 2: mirror(0), 3: mirror(None), 5: mirror(1)}
    # seed 0: both won; 1: mcts won, greedy at seat 1 lost (turned); 2: greedy won, mcts lost (given);
    # 3: mcts won, the mirror drawn (turned); 4 has no mirror and 5 no game: neither counts
    lines = ai.report({("duel", "standard"): games}, 5, {("duel", "standard"): mirrors})
    assert "BENCH ai.duel.standard.greedy_in_its_place 0.500" in lines  # seeds 0 and 2 of 0-3
    assert "BENCH ai.duel.standard.mcts_gain +0.250" in lines  # (2 turned - 1 given) / 4 deals
    assert "BENCH ai.duel.standard.deals_turned 2" in lines
    assert "BENCH ai.duel.standard.deals_given 1" in lines
    assert "BENCH ai.duel.standard.mcts_vs_greedy 0.800" in lines  # its own figure: all 5 games


def test_an_experiments_games_never_count_for_the_default_search(ai: ModuleType, tmp_path: Path) -> None:
    """``--width`` and ``--tree`` name their games apart: the default's kept games keep counting,
    and a wider or tree search starts from none."""
    assert ai.budget_text(mcts.DEFAULT) == f"budget_ms={mcts.DEFAULT_MS}"  # as the committed games say
    wide = mcts.Budget(ms=200, width=6)
    tree = mcts.Budget(ms=200, tree=True, playout_turns=50)
    assert ai.budget_text(wide) == "budget_ms=200,width=6"
    assert ai.budget_text(tree) == "budget_ms=200,tree,turns=50"
    path = tmp_path / "ai.jsonl"
    ai.keep_result(path, "duel", "standard", 0, wide, ai.Game(won=True, draw=False, mcts_ms=[], greedy_ms=[]))
    assert ai.load_results(path, mcts.Budget(ms=200))[("duel", "standard")] == {}
    assert list(ai.load_results(path, wide)[("duel", "standard")]) == [0]


def test_the_game_count_is_optional_before_the_variants(ai: ModuleType) -> None:
    assert (ai.arguments(["duel/standard", "--report"]).games, ai.arguments(["duel/standard"]).selected) == (
        200,
        ["duel/standard"],
    )
    args = ai.arguments(["100", "duel/standard", "muhq"])
    assert (args.games, args.selected) == (100, ["duel/standard", "muhq"])
    assert ai.arguments([]).games == 200


def test_a_deadline_ends_the_running_games_instead_of_waiting_for_them(ai: ModuleType) -> None:
    # The worker inherits a SIGTERM handler that ignores it, as a worker forked by an xdist worker
    # may: a deadline must end it all the same.
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        pool = ProcessPoolExecutor(1)
        pool.submit(time.sleep, 600)
        workers = [worker.pid for worker in pool._processes.values()]
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert workers, "the pool started no worker to end"
    try:
        ai.stop_now(pool)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(_ended(pid) for pid in workers):
            time.sleep(0.05)
        assert all(_ended(pid) for pid in workers)
    finally:
        for pid in workers:
            if not _ended(pid):
                os.kill(pid, signal.SIGKILL)


def _ended(pid: int) -> bool:
    """Whether a process is gone or a zombie. Process.is_alive() can't tell: the pool's own thread
    may reap the worker first, and then is_alive() says True forever."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def test_a_misspelt_variant_is_refused_with_the_names_there_are(ai: ModuleType) -> None:
    with pytest.raises(SystemExit, match="no game or variant duel/standrd .*duel/standard"):
        ai.variants(["duel/standard", "duel/standrd"])
    assert sorted(ai.variants(["duel/standard", "eredan"])) == [
        ("duel", "standard"),
        ("eredan", "quilingo"),
        ("eredan", "standard"),
    ]
