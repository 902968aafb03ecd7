"""The charge system's settings and its games: every ``CHARGE_*`` setting is optional.

The games with charges are those whose package declares a points system (``engine.core.points``;
E6: Eredan's Quilingo charges). The formula's constants (E7) default to the system's own constants
class (one place for their values and meaning); a setting ``CHARGE_<FIELD>`` overrides one, e.g.
``CHARGE_ELO_THRESHOLD = 1600`` or ``CHARGE_DECAY = 0.75``. ``CHARGE_SYSTEM_START`` (a date) left
unset means: the system began with the game's first charge list (``charge_list_recompute``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from django.conf import settings

from engine.core.points import PointsSystem
from engine.games import all_games, get_game

# The games that have charges; any other game answers "no charges".
CHARGE_GAMES: tuple[str, ...] = tuple(game.slug for game in all_games() if game.points is not None)
# Elo values the tournament import accepts (anything outside is a typo, reported per game).
CHARGE_ELO_MIN: int = getattr(settings, "CHARGE_ELO_MIN", 0)
CHARGE_ELO_MAX: int = getattr(settings, "CHARGE_ELO_MAX", 4000)
# How long a process keeps the current charges of a game (recompute and pin edits clear it).
CHARGE_CACHE_SECONDS: int = getattr(settings, "CHARGE_CACHE_SECONDS", 300)


def points_system(game: str) -> PointsSystem:
    """The points system of ``game``; KeyError for a game without charges."""
    system = get_game(game).points if game in CHARGE_GAMES else None
    if system is None:
        raise KeyError(game)
    return system


def default_game() -> str:
    """The game a charge request means when it names none: the one game with charges ("" when
    there are several or none, so that the request must name one)."""
    return CHARGE_GAMES[0] if len(CHARGE_GAMES) == 1 else ""


def no_charges(game: str) -> str:
    """The message for a game without charges, naming those that have them."""
    return f"{game!r} has no charges (only {', '.join(CHARGE_GAMES) or 'no game'} does, E6)"


def charge_constants(game: str) -> Any:
    """The formula's constants of ``game``: the system's defaults, overridden by any
    ``CHARGE_<FIELD>`` setting."""
    constants = points_system(game).constants
    overrides = {
        f.name: getattr(settings, f"CHARGE_{f.name.upper()}")
        for f in fields(constants)
        if hasattr(settings, f"CHARGE_{f.name.upper()}")
    }
    return constants.from_mapping(overrides)


def charge_deck_limit(game: str) -> int:
    """The most charge a deck of ``game``'s counted format may hold (E6's limit), shown on the pages."""
    return points_system(game).deck_limit
