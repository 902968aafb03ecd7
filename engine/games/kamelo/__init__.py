"""Ka-Mel-Oh! (`kamelo`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.kamelo.calc import CALCULATORS
from engine.games.kamelo.engine import KameloGame
from engine.games.kamelo.face import FACE
from engine.games.kamelo.formats import FORMATS
from engine.games.kamelo.labels import LABELS
from engine.games.kamelo.pages import FIGURES, SEARCH_EXAMPLES
from engine.games.kamelo.schema import SCHEMA
from engine.games.kamelo.shapes import CALCULATORS as CALCULATOR_SHAPES
from engine.games.kamelo.shapes import STATE

GAME = GameDefinition(
    slug="kamelo",
    position=1,
    name="Ka-Mel-Oh!",
    name_en="Ka-Mel-Oh!",
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
    engine=KameloGame(),
)
