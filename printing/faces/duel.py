"""Duel faces: a colour per card type and attack/defence."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor

from printing.faces.base import FaceStyle

TYPES = {
    "creature": ("Kreatur", "#B9770E"),
    "elite": ("Elite", "#D4AC0D"),
    "trap": ("Falle", "#884EA0"),
    "weapon": ("Waffe", "#707B7C"),
    "spell": ("Zauber", "#2874A6"),
    "reinforcement": ("Verstärkung", "#239B56"),
}
BACK = ("Duell", HexColor("#641E16"), HexColor("#F5B041"))


def style(card: dict[str, Any]) -> FaceStyle:
    """Type colour; attack and defence where the card has them."""
    label, colour = TYPES.get(card.get("type") or "", (str(card.get("type") or ""), "#AAB7B8"))
    attributes = card.get("attributes") or {}
    labels = (("attack", "ANG"), ("defense", "VER"), ("damage", "SCH"), ("heal", "HEI"))
    stats = [(name, str(attributes[key])) for key, name in labels if attributes.get(key) is not None]
    return FaceStyle(HexColor(colour), HexColor("#17202A"), label, stats)
