"""Realmon TCG (`realmon`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.realmon.calc import CALCULATORS
from engine.games.realmon.engine import RealmonGame
from engine.games.realmon.face import FACE
from engine.games.realmon.formats import FORMATS
from engine.games.realmon.labels import LABELS
from engine.games.realmon.pages import FIGURES, SEARCH_EXAMPLES
from engine.games.realmon.schema import SCHEMA
from engine.games.realmon.shapes import CALCULATORS as CALCULATOR_SHAPES
from engine.games.realmon.shapes import STATE

GAME = GameDefinition(
    slug="realmon",
    position=5,
    name="Realmon TCG",
    name_en="Realmon TCG",
    schema=SCHEMA,
    package_dir=Path(__file__).parent,
    formats=FORMATS,
    calculators=CALCULATORS,
    calculator_shapes=CALCULATOR_SHAPES,
    state_shape=STATE,
    labels=LABELS,
    search_examples=SEARCH_EXAMPLES,
    figures=FIGURES,
    face=FACE,
    engine=RealmonGame(),
)
