"""The toy game (``toy``): a whole game package that lives in the tests, registered by the test
settings (``GAME_PACKAGES``), so that the tests show the service serves a game no file outside its
package names: its cards, search labels, deck checks, print faces, matches, pages and schema."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from tests.toy.engine import ToyGame
from tests.toy.parts import (
    CALCULATOR_SHAPES,
    CALCULATORS,
    FACE,
    FIGURES,
    FORMATS,
    LABELS,
    SCHEMA,
    SEARCH_EXAMPLES,
    STATE,
)

GAME = GameDefinition(
    slug="toy",
    position=99,
    name="Spielzeug",
    name_en="Toy",
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
    engine=ToyGame(),
)
