"""Ka-Mel-Oh! faces: the genus colour (K2) and AP/DP/LP/HK; the price in Datteln is the cost."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor

from engine.games.kamelo.schema import GENUS_COLOURS
from printing.faces.base import FaceStyle

# K2: yellow monsters, violet special monsters, light blue special items, green items (the game's own).
GENUS = {key: (label, HexColor(back), HexColor(accent)) for key, (label, back, accent) in GENUS_COLOURS.items()}
BACK = ("Ka-Mel-Oh!", HexColor("#C8912E"), HexColor("#F5E2B8"))


def style(card: dict[str, Any]) -> FaceStyle:
    """Genus colours and the monster numbers (HK for every card)."""
    label, background, accent = GENUS.get(card.get("type") or "", ("", HexColor("#BBBBBB"), HexColor("#555555")))
    attributes = card.get("attributes") or {}
    keys = ("ap", "dp", "lp", "hk") if card.get("type") in ("monster", "special_monster") else ("hk",)
    stats = [(key.upper(), str(attributes[key])) for key in keys if attributes.get(key) is not None]
    return FaceStyle(background, accent, label, stats)
