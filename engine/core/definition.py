"""What one game contributes to the service: schema, guilds, formats, calculators, engine."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.base import BaseGame
from engine.core.cards import CardSchema
from engine.core.deckrules.format import DeckFormat
from engine.core.faces import GENERIC, Face
from engine.core.figures import TYPES, Figure
from engine.core.labels import Labels
from engine.core.points import PointsSystem
from engine.core.samples import sample_decks
from engine.core.shape import CalculatorShape, StateShape

Calculator = Callable[[Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Guild:
    """A guild or faction of a game (Eredan's guilds; empty for games without)."""

    slug: str
    name: str
    name_en: str = ""


@dataclass(frozen=True)
class GameDefinition:
    """Everything the service knows about one game, assembled in its package's ``__init__``
    (docs/adding-a-game.md lists the parts; the slug is the package's name).

    ``formats`` maps a format slug (``"eredan/standard"``) to its deck format; ``calculators``
    maps a calculator name to a function from request numbers to response numbers, and
    ``calculator_shapes`` to its request and answer for the schema; ``engine`` is the match rules
    engine (``engine.core.base.BaseGame``) or None while the game has none; ``state_shape`` is what
    its match state adds (``engine.core.shape``). ``labels``, ``face``, ``figures`` and
    ``search_examples`` are what the pages show of it; ``points`` its points system, if any
    (``engine.core.points``). ``position`` orders the games on the pages and in ``GET games/``
    (lowest first).
    """

    slug: str
    name: str
    name_en: str
    schema: CardSchema
    package_dir: Path
    position: int = 100
    guilds: tuple[Guild, ...] = ()
    formats: Mapping[str, DeckFormat] = field(default_factory=dict)
    calculators: Mapping[str, Calculator] = field(default_factory=dict)
    engine: BaseGame[Any] | None = None
    state_shape: StateShape = StateShape()
    calculator_shapes: Mapping[str, CalculatorShape] = field(default_factory=dict)
    labels: Labels = Labels()
    search_examples: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = (TYPES,)
    face: Face = GENERIC
    points: PointsSystem | None = None

    @property
    def data_dir(self) -> Path:
        """The folder of this game's bundled data (card sets, sample decks, maps)."""
        return self.package_dir / "data"

    def sample_decks(self, format_slug: str) -> list[dict[str, str]]:
        """The bundled sample decks of one of this game's formats (``engine.core.samples``)."""
        return sample_decks(format_slug, root=self.package_dir.parent)

    def bundled_card_files(self) -> list[Path]:
        """The bundled card set files, in a stable order."""
        return card_files(self.package_dir)

    def bundled_cards(self) -> list[dict[str, Any]]:
        """Every bundled card as a dict in the API's card shape (set included)."""
        cards: list[dict[str, Any]] = []
        for path in self.bundled_card_files():
            cards.extend(load_card_file(path)["cards"])
        return cards


@cache
def package_cards(package_dir: Path) -> tuple[dict[str, Any], ...]:
    """The bundled cards of the game package in ``package_dir`` (``data/cards/*.json``), read once:
    what a game's own modules read, without importing the package that assembles the game."""
    return tuple(card for path in card_files(package_dir) for card in load_card_file(path)["cards"])


def card_files(package_dir: Path) -> list[Path]:
    """The bundled card set files of the game package in ``package_dir``, in a stable order."""
    return sorted((package_dir / "data" / "cards").glob("*.json"))


def load_card_file(path: Path) -> dict[str, Any]:
    """Read a card file: ``{"game", "set"?, "cards": [...]}`` or a bare list of cards.

    Bundled set files and ``export_cards`` output share this shape. A card
    carries its ``set`` (code, name, released); a file-level ``set`` is the
    default for cards that name none, so a bundled set file states it once.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, list):
        data = {"game": None, "cards": data}
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ValueError(f"{path}: expected a list of cards or an object with 'cards'")
    default_set = data.get("set")
    if default_set:
        data["cards"] = [c if c.get("set") else {**c, "set": default_set} for c in data["cards"]]
    return data


class CalculatorError(ValueError):
    """Numbers a rules calculator cannot take; the message names the field (the API answers 400)."""
