"""The registry of games: every package under ``engine/games/`` and any package added with
:func:`add_packages` (the Django settings' ``GAME_PACKAGES``; the tests add a toy game that way).

A game package exposes ``GAME``, its :class:`~engine.core.definition.GameDefinition`; its slug is
the package's own name, so the folders of a game (``templates/``, ``static/``, ``locale/``) are
found without importing it (:func:`package_dirs`). Nothing here lists the games by hand.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from engine.core.deckrules.format import DeckFormat
from engine.core.definition import GameDefinition

_EXTRA: list[str] = []  # module names of game packages outside engine/games, in the order added


class UnknownGameError(KeyError):
    """A game slug that names no game of the service."""

    def __init__(self, slug: str) -> None:
        super().__init__(slug)
        self.slug = slug

    def __str__(self) -> str:
        return f"unknown game {self.slug!r}; the games are {', '.join(slugs())}"


def add_packages(names: Iterable[str]) -> None:
    """Register game packages outside ``engine/games`` by module name (``"tests.games.toy"``)."""
    added = [name for name in names if name not in _EXTRA]
    if added:
        _EXTRA.extend(added)
        _modules.cache_clear()
        _definitions.cache_clear()


@cache
def _modules() -> dict[str, str]:
    """slug -> module name of every game package, bundled ones first (by folder name)."""
    bundled = sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)
    modules = {slug: f"{__name__}.{slug}" for slug in bundled}
    for name in _EXTRA:
        modules.setdefault(name.rsplit(".", 1)[-1], name)
    return modules


def package_module(slug: str) -> str:
    """The module name of the game package ``slug`` (``engine.games.duel``, ``tests.toy``)."""
    try:
        return _modules()[slug]
    except KeyError:
        raise UnknownGameError(slug) from None


def package_dirs() -> dict[str, Path]:
    """slug -> folder of every game package, found without importing the packages."""
    dirs = {}
    for slug, module in _modules().items():
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            raise ImportError(f"game package {module!r} not found")
        dirs[slug] = Path(next(iter(spec.submodule_search_locations)))
    return dirs


@cache
def _definitions() -> dict[str, GameDefinition]:
    """slug -> definition, in the service's display order (each game's ``position``)."""
    games = []
    for slug, module in _modules().items():
        game: GameDefinition = importlib.import_module(module).GAME
        if game.slug != slug:
            raise ImportError(f"{module}: GAME.slug is {game.slug!r}; a game's slug is its package's name")
        games.append(game)
    return {game.slug: game for game in sorted(games, key=lambda g: (g.position, g.slug))}


def slugs() -> tuple[str, ...]:
    """Every game's slug, in the service's display order."""
    return tuple(_definitions())


def get_game(slug: str) -> GameDefinition:
    """The definition of the game ``slug``; raises :class:`UnknownGameError`."""
    try:
        return _definitions()[slug]
    except (KeyError, TypeError):
        raise UnknownGameError(slug) from None


def all_games() -> list[GameDefinition]:
    """Every game, in the service's display order."""
    return list(_definitions().values())


def get_format(slug: str) -> DeckFormat:
    """The deck format ``game/name`` (e.g. ``eredan/standard``); KeyError when unknown."""
    game_slug = slug.split("/", 1)[0]
    try:
        return get_game(game_slug).formats[slug]
    except (UnknownGameError, KeyError):
        raise KeyError(slug) from None


def sample_decks(format_slug: str) -> list[dict[str, str]]:
    """The bundled sample decks of the format ``game/name``, from its game's package (none for an
    unknown game; ValueError for a slug that is not ``game/name``)."""
    try:
        game = get_game(format_slug.split("/", 1)[0])
    except UnknownGameError:
        return []
    return game.sample_decks(format_slug)


def __getattr__(name: str) -> tuple[str, ...]:
    """``SLUGS``: the registry's slugs at the time of the import that asks for them."""
    if name == "SLUGS":
        return slugs()
    raise AttributeError(name)
