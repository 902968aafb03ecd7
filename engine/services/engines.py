"""The rules engine of a game, as the adapter sees it: typed, and a domain error when there is none."""

from __future__ import annotations

from typing import Any

from engine.core.base import BaseGame
from engine.core.match import UnknownVariantError, Variant
from engine.errors import BadMatchRequest
from engine.games import UnknownGameError, get_game

Engine = BaseGame[Any]


def game_engine(slug: str) -> Engine:
    """The rules engine of a game; BadMatchRequest when the game is unknown or has none yet."""
    try:
        engine = get_game(slug).engine
    except UnknownGameError as error:
        raise BadMatchRequest(str(error), code="unknown_game") from None
    if engine is None:
        raise BadMatchRequest(f"{slug} has no match engine yet", code="no_engine")
    return engine


def engine_variant(engine: Engine, slug: str) -> Variant:
    """The engine's declared variant ``slug``; BadMatchRequest naming the variants otherwise."""
    try:
        return engine.variant(slug)
    except UnknownVariantError as error:
        raise BadMatchRequest(str(error), code="unknown_variant") from None


def ai_seed(seed: int, seq: int) -> int:
    """The AI's seed for the action numbered ``seq`` of a match: arithmetic only (no ``hash()``,
    which PYTHONHASHSEED changes), so a log replays identically in every process."""
    return (seed * 1_000_003 + seq * 7_919 + 17) % 2**63
