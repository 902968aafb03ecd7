"""The Duel (`duel`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.duel.calc import CALCULATORS
from engine.games.duel.engine import DuelGame
from engine.games.duel.face import FACE
from engine.games.duel.formats import FORMATS
from engine.games.duel.labels import LABELS
from engine.games.duel.pages import FIGURES, SEARCH_EXAMPLES
from engine.games.duel.schema import SCHEMA
from engine.games.duel.shapes import CALCULATORS as CALCULATOR_SHAPES
from engine.games.duel.shapes import STATE

GAME = GameDefinition(
    slug="duel",
    position=4,
    name="Das Duell",
    name_en="The Duel",
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
    engine=DuelGame(),
)
