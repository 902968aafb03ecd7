"""Realmon's card faces: the stage colour and number, and a monster's six category values; its
back and emblems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.emblems import BEAST, BOLT, SWORDS
from engine.core.faces import Back, Face, FaceStyle, stats_of

STAGE_COLOURS = ("#A3D9A5", "#7CC6E8", "#8FA8F0", "#C39BE8", "#F0A27C", "#E8697A")
STAGELESS = "#D9D3C7"  # actions have no stage: a neutral sand, not stage 1's green
CATEGORIES = (
    ("dominanz", "DOM"),
    ("echo", "ECH"),
    ("chaos", "CHA"),
    ("crunch", "CRU"),
    ("glitch", "GLI"),
    ("stability", "STA"),
)
TYPES = {"monster": "Monster", "action": "Aktion", "combat": "Kampf"}


def style(card: Mapping[str, Any]) -> FaceStyle:
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
    return FaceStyle(colour, "#1A5276", type_line, stats_of(card, CATEGORIES))


FACE = Face(
    style=style,
    back=Back("Realmon", "#1A5276", "#76D7C4"),
    backdrop='<path d="M50 2l42 24v48L50 98 8 74V26z" fill="none" stroke="currentColor" stroke-width="3"/>',
    signs={"monster": BEAST, "action": BOLT, "combat": SWORDS},
)
