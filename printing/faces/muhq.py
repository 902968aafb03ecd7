"""MUHQ faces: a colour per card type and a unit's attack, range, health, movement, upkeep."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor

from printing.faces.base import FaceStyle

TYPES = {
    "unit": ("Einheit", "#A9CCE3"),
    "spell": ("Zauber", "#D7BDE2"),
    "artifact": ("Artefakt", "#F9E79F"),
    "equipment": ("Ausrüstung", "#ABEBC6"),
}
STATS: tuple[tuple[str, str], ...] = (
    ("attack", "ANG"),
    ("range", "RW"),
    ("health", "LP"),
    ("movement", "BEW"),
    ("upkeep", "UNT"),
)
STATS += (("durability", "HAL"),)
BACK = ("MUHQ", HexColor("#145A32"), HexColor("#F4D03F"))


def style(card: dict[str, Any]) -> FaceStyle:
    """Type colour; the unit stats (equipment: durability)."""
    label, colour = TYPES.get(card.get("type") or "", (str(card.get("type") or ""), "#D5D8DC"))
    attributes = card.get("attributes") or {}
    stats = [(name, str(attributes[key])) for key, name in STATS if attributes.get(key) is not None]
    return FaceStyle(HexColor(colour), HexColor("#145A32"), label, stats)
