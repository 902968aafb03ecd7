"""Deck formats of Eredan iTCG: each a list of configured deck rules (engine.core.decks)."""

from __future__ import annotations

from typing import Any

FORMATS: dict[str, Any] = {}
