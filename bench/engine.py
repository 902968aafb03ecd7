"""Benchmark: random Ka-Mel-Oh! playouts per variant against random python-chess games, same run.

Prints ``BENCH kamelo.<variant>.actions_per_s`` and ``BENCH kamelo.<variant>.ratio_vs_chess_plies``
(Ka-Mel-Oh! actions per second / python-chess plies per second; goal >= 1): one decision of our
engine (legal actions + apply) should cost no more than one ply of a fast pure-Python engine.
Run: ``python bench/engine.py [seconds per measurement]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.match import DeckCard
from engine.core.rng import SeededRandom
from engine.games.kamelo import GAME
from engine.games.kamelo.schema import violet_problems

VARIANTS = ("dufo", "wimu", "koenig")


def bench_decks(variant: str) -> list[list[DeckCard]]:
    """Two 60-card decks: a random mix of the variant's legal bundled cards, half monsters."""
    cards = [
        c
        for c in GAME.bundled_cards()
        if c["type"] != "special_monster" or not violet_problems(c["attributes"], variant)
    ]
    monsters = [c for c in cards if c["type"] == "monster"]
    others = [c for c in cards if c["type"] != "monster"]
    rng = SeededRandom(60)
    return [[DeckCard(rng.choice(pool)) for pool in [monsters] * 30 + [others] * 30] for _ in range(2)]


def kamelo_actions_per_s(variant: str, budget: float) -> float:
    """Random playouts until ``budget`` seconds pass; legal_actions + apply per action."""
    decks = bench_decks(variant)
    engine = GAME.engine
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
    chess_rate = chess_plies_per_s(budget)
    print(f"BENCH chess.random_plies_per_s {chess_rate:.0f} plies/s")
    for variant in VARIANTS:
        rate = kamelo_actions_per_s(variant, budget)
        print(f"BENCH kamelo.{variant}.actions_per_s {rate:.0f} actions/s")
        print(f"BENCH kamelo.{variant}.ratio_vs_chess_plies {rate / chess_rate:.2f} x")


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
