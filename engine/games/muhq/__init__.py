"""muhq's game (`muhq`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.muhq.calc import CALCULATORS
from engine.games.muhq.engine import MuhqGame
from engine.games.muhq.face import FACE
from engine.games.muhq.formats import FORMATS
from engine.games.muhq.labels import LABELS
from engine.games.muhq.pages import FIGURES, SEARCH_EXAMPLES
from engine.games.muhq.schema import SCHEMA
from engine.games.muhq.shapes import CALCULATORS as CALCULATOR_SHAPES
from engine.games.muhq.shapes import STATE

GAME = GameDefinition(
    slug="muhq",
    position=3,
    name="muhqs Spiel",
    name_en="muhq's game",
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
    engine=MuhqGame(),
)
