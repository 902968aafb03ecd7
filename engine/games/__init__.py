"""The registry of games: one package per game, each exposing ``GAME``."""

from __future__ import annotations

import importlib
from functools import cache

from engine.core.deckrules.format import DeckFormat
from engine.core.definition import GameDefinition

SLUGS: tuple[str, ...] = ("kamelo", "eredan", "muhq", "duel", "realmon")


class UnknownGameError(KeyError):
    """A game slug that names no game of the service."""

    def __init__(self, slug: str) -> None:
        super().__init__(slug)
        self.slug = slug

    def __str__(self) -> str:
        return f"unknown game {self.slug!r}; the games are {', '.join(SLUGS)}"


@cache
def get_game(slug: str) -> GameDefinition:
    """The definition of the game ``slug``; raises :class:`UnknownGameError`."""
    if slug not in SLUGS:
        raise UnknownGameError(slug)
    module = importlib.import_module(f"engine.games.{slug}")
    game: GameDefinition = module.GAME
    return game


def all_games() -> list[GameDefinition]:
    """Every game, in the service's display order."""
    return [get_game(slug) for slug in SLUGS]


def get_format(slug: str) -> DeckFormat:
    """The deck format ``game/name`` (e.g. ``eredan/standard``); KeyError when unknown."""
    game_slug = slug.split("/", 1)[0]
    try:
        return get_game(game_slug).formats[slug]
    except (UnknownGameError, KeyError):
        raise KeyError(slug) from None
