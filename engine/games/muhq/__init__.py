"""muhq's game (`muhq`): the game's definition, assembled from its modules."""

from __future__ import annotations

from pathlib import Path

from engine.core.definition import GameDefinition
from engine.games.muhq.calc import CALCULATORS
from engine.games.muhq.engine import MuhqGame
from engine.games.muhq.formats import FORMATS
from engine.games.muhq.schema import SCHEMA

GAME = GameDefinition(
    slug="muhq",
    name="muhqs Spiel",
    name_en="muhq's game",
    schema=SCHEMA,
    package_dir=Path(__file__).parent,
    formats=FORMATS,
    calculators=CALCULATORS,
    engine=MuhqGame(),
)
