"""Elo ratings (api.md): every player of a game starts at 1500; after each rated game both players
move at once by K = 32 times the difference between their score (1 win, 0.5 draw, 0 loss) and the
score their ratings expected. Pure arithmetic; ``tournaments.ratings`` stores the changes."""

from __future__ import annotations

START = 1500.0
K = 32.0


def expected(rating: float, opponent: float) -> float:
    """The score ``rating`` is expected to make against ``opponent`` (0..1)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def change(rating_a: float, rating_b: float, score_a: float, k: float = K) -> float:
    """How far player a's rating moves after a game a scored ``score_a`` in (b moves the opposite way)."""
    return k * (score_a - expected(rating_a, rating_b))
