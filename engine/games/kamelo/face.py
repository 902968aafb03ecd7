"""Ka-Mel-Oh!'s card faces: the genus colour (K2) and AP/DP/LP/HK, the price in Datteln as the
cost; its back and emblems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.emblems import BAG, BEAST, GEM
from engine.core.faces import Back, Face, FaceStyle, stats_of
from engine.games.kamelo.schema import GENUS_COLOURS

MONSTERS = ("monster", "special_monster")


def style(card: Mapping[str, Any]) -> FaceStyle:
    """Genus colours (K2: yellow monsters, violet special monsters, light blue special items, green
    items) and the monster numbers (HK for every card)."""
    label, background, accent = GENUS_COLOURS.get(card.get("type") or "", ("", "#BBBBBB", "#555555"))
    keys = ("ap", "dp", "lp", "hk") if card.get("type") in MONSTERS else ("hk",)
    stats = stats_of(card, [(key, key.upper()) for key in keys])
    return FaceStyle(background, accent, label, stats)


FACE = Face(
    style=style,
    back=Back("Ka-Mel-Oh!", "#C8912E", "#F5E2B8"),
    backdrop='<path d="M2 92c14-22 28-22 40 0 12-30 30-30 56 0z" opacity=".25"/>',
    signs={
        "monster": BEAST,
        "special_monster": BEAST + '<path d="M50 2l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z"/>',
        "special_item": GEM,
        "item": BAG,
    },
)
