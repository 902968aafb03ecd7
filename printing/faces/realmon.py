"""Realmon faces: the stage colour and number, and a monster's six category values."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor

from printing.faces.base import FaceStyle

STAGE_COLOURS = ("#A3D9A5", "#7CC6E8", "#8FA8F0", "#C39BE8", "#F0A27C", "#E8697A")
STAGELESS = "#D9D3C7"  # actions have no stage: a neutral sand, not stage 1's green
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("dominanz", "DOM"),
    ("echo", "ECH"),
    ("chaos", "CHA"),
    ("crunch", "CRU"),
    ("glitch", "GLI"),
)
CATEGORIES += (("stability", "STA"),)
TYPES = {"monster": "Monster", "action": "Aktion", "combat": "Kampf"}
BACK = ("Realmon", HexColor("#1A5276"), HexColor("#76D7C4"))


def style(card: dict[str, Any]) -> FaceStyle:
    """Stage colour; monsters show the six categories (two rows of three)."""
    attributes = card.get("attributes") or {}
    stage = attributes.get("stage")
    colour = STAGE_COLOURS[min(max(stage - 1, 0), 5)] if isinstance(stage, int) else STAGELESS
    kind = TYPES.get(card.get("type") or "", str(card.get("type") or ""))
    type_line = f"{kind} · Stufe {stage}" if stage else kind
    if attributes.get("kind"):  # an action's kind (vorteil, meta, risiko, gefahr)
        type_line += f" · {str(attributes['kind']).capitalize()}"
    if attributes.get("realm") is not None:
        type_line += f" · Realm {attributes['realm']}"
    stats = [(label, str(attributes[key])) for key, label in CATEGORIES if attributes.get(key) is not None]
    return FaceStyle(HexColor(colour), HexColor("#1A5276"), type_line, stats)
