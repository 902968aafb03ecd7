"""Eredan iTCG (`eredan`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.eredan.calc import CALCULATORS
from engine.games.eredan.engine import EredanGame
from engine.games.eredan.face import FACE
from engine.games.eredan.formats import FORMATS
from engine.games.eredan.labels import LABELS
from engine.games.eredan.pages import FIGURES, SEARCH_EXAMPLES
from engine.games.eredan.points import POINTS
from engine.games.eredan.schema import GUILDS, SCHEMA
from engine.games.eredan.shapes import CALCULATORS as CALCULATOR_SHAPES
from engine.games.eredan.shapes import STATE

GAME = GameDefinition(
    slug="eredan",
    position=2,
    name="Eredan iTCG",
    name_en="Eredan iTCG",
    schema=SCHEMA,
    package_dir=Path(__file__).parent,
    guilds=GUILDS,
    formats=FORMATS,
    calculators=CALCULATORS,
    calculator_shapes=CALCULATOR_SHAPES,
    state_shape=STATE,
    labels=LABELS,
    search_examples=SEARCH_EXAMPLES,
    figures=FIGURES,
    face=FACE,
    points=POINTS,
    engine=EredanGame(),
)
