"""The test settings: the service's own, plus the toy game (tests/toy), registered the way any
game package outside engine/games is (``GAME_PACKAGES``), so every test runs with a sixth game
that no file outside its package names."""

from __future__ import annotations

from config.settings import *  # noqa: F403
from config.settings import with_games

GAME_PACKAGES = ["tests.toy"]
with_games(globals())
