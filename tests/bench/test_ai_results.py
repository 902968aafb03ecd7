"""bench/ai.py keeps its finished games (``--results``) so that the figures grow run by run: a kept
game counts again only for the same budget, rules version and players' code."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine.core import mcts

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai.py"


@pytest.fixture(scope="module")
def ai() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ai", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


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
