"""Benchmark: random playouts of every game with an engine, per variant, against random python-chess
games in the same run.

Prints ``BENCH <game>.<variant>.actions_per_s`` and ``BENCH <game>.<variant>.ratio_vs_chess_plies``
(actions per second / python-chess plies per second; goal >= 1): one decision of our engine (legal
actions + apply) should cost no more than one ply of a fast pure-Python engine. And
``BENCH <game>.<variant>.ai_view_vs_view``: the time of the acting seat's ``ai_view`` (what a
computer player reads at every decision of every playout) over that of its ``view``, along the same
random playouts (goal <= 1; below 1 where the engine gives a cheaper one). Each variant plays
with its bundled sample decks at two seats (one where it takes only one). Ka-Mel-Oh! keeps its
historical bench decks (a random mix of the bundled cards) so its figures stay comparable.
Run: ``python bench/engine.py [seconds per measurement] [game ...]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.definition import GameDefinition
from engine.core.match import DeckCard
from engine.core.rng import SeededRandom
from engine.core.samples import sample_match_decks
from engine.games import all_games
from engine.games.kamelo.schema import violet_problems


def kamelo_decks(definition: GameDefinition, variant: str) -> list[list[DeckCard]]:
    """Two 60-card decks: a random mix of the variant's legal bundled cards, half monsters."""
    cards = [
        c
        for c in definition.bundled_cards()
        if c["type"] != "special_monster" or not violet_problems(c["attributes"], variant)
    ]
    monsters = [c for c in cards if c["type"] == "monster"]
    others = [c for c in cards if c["type"] != "monster"]
    rng = SeededRandom(60)
    return [[DeckCard(rng.choice(pool)) for pool in [monsters] * 30 + [others] * 30] for _ in range(2)]


def bench_decks(definition: GameDefinition, variant: str) -> list[list[DeckCard]]:
    """The decks of one variant's benchmark (see the module docstring)."""
    if definition.slug == "kamelo":
        return kamelo_decks(definition, variant)
    declared = definition.engine.variant(variant)
    seats = max(declared.min_players, min(2, declared.max_players))
    return sample_match_decks(definition.bundled_cards(), declared.format, seats, root=definition.package_dir.parent)


def actions_per_s(definition: GameDefinition, variant: str, budget: float) -> float:
    """Random playouts until ``budget`` seconds pass; legal_actions + apply per action."""
    decks = bench_decks(definition, variant)
    engine = definition.engine
    actions, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        match = engine.new_match(decks, variant=variant, seed=seed, options={})
        rng = SeededRandom(seed)
        while match.outcome() is None:
            player = match.to_act
            match.apply(player, rng.choice(match.legal_actions(player)))
            actions += 1
        seed += 1
    return actions / (time.perf_counter() - start)


def ai_view_vs_view(definition: GameDefinition, variant: str, budget: float) -> float:
    """The time ``ai_view`` takes over the time ``view`` takes, for the acting seat of every state of
    random playouts until ``budget`` seconds pass (each match's memo filled as a search fills it)."""
    decks = bench_decks(definition, variant)
    engine = definition.engine
    spent, seed, start = [0.0, 0.0], 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        match = engine.new_match(decks, variant=variant, seed=seed, options={})
        rng = SeededRandom(seed)
        while match.outcome() is None and time.perf_counter() - start < budget:
            player = match.to_act
            began = time.perf_counter()
            match.view(player)
            middle = time.perf_counter()
            match.ai_view(player)
            spent[0] += middle - began
            spent[1] += time.perf_counter() - middle
            match.apply(player, rng.choice(match.legal_actions(player)))
        seed += 1
    return spent[1] / spent[0]


def chess_plies_per_s(budget: float) -> float:
    """Random python-chess games (legal move generation + push + game-over test per ply)."""
    rng = random.Random(1)
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.perf_counter() - start)


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    wanted = set(sys.argv[2:])
    chess_rate = chess_plies_per_s(budget)
    print(f"BENCH chess.random_plies_per_s {chess_rate:.0f} plies/s")
    for definition in all_games():
        if definition.engine is None or wanted and definition.slug not in wanted:
            continue
        for variant in definition.engine.variants:
            rate = actions_per_s(definition, variant.slug, budget)
            name = f"{definition.slug}.{variant.slug}"
            print(f"BENCH {name}.actions_per_s {rate:.0f} actions/s")
            print(f"BENCH {name}.ratio_vs_chess_plies {rate / chess_rate:.2f} x")
            print(f"BENCH {name}.ai_view_vs_view {ai_view_vs_view(definition, variant.slug, budget):.2f} x")


if __name__ == "__main__":
    main()


def api_action_ms_p50() -> None:
    """``BENCH api.action_ms_p50``: an action through the match API (lock, log and AI replies
    included) on a temporary SQLite database; bench/_match_api.py runs it in its own process so
    Django's settings never touch this pure benchmark."""
    import subprocess

    subprocess.run([sys.executable, "-W", "ignore", str(Path(__file__).with_name("_match_api.py"))], check=True)


if __name__ == "__main__":
    api_action_ms_p50()
