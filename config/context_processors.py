"""Template context shared by every page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from engine.games import all_games


def site(request: HttpRequest) -> dict[str, Any]:
    """The games for the navigation bar."""
    return {"nav_games": all_games()}
