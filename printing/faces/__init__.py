"""Card faces and backs, one template per game; every function draws in slot coordinates (points).

A face (``card_face``: its chrome) and a back (``draw_card_back``) start with one filled rectangle of exactly the slot's
size (trim plus bleed) and draw everything else on top of it (api.md "Print sheets").
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.faces import duel, eredan, kamelo, muhq, realmon
from printing.faces.base import FONT_BOLD, Face, FaceStyle, face_operators, register_fonts

__all__ = ["Face", "card_face", "draw_card_back", "face_style", "register_fonts"]

TEMPLATES: dict[str, ModuleType] = {
    "kamelo": kamelo,
    "eredan": eredan,
    "realmon": realmon,
    "duel": duel,
    "muhq": muhq,
}
GENERIC_BACK = ("Kartothek", HexColor("#34495E"), HexColor("#D5D8DC"))


def face_style(card: dict[str, Any]) -> FaceStyle:
    """The style the card's game template gives it; a plain grey one for an unknown game."""
    template = TEMPLATES.get(str(card.get("game")))
    if template is None:
        return FaceStyle(HexColor("#D5D8DC"), HexColor("#34495E"), str(card.get("type") or ""))
    style: Callable[[dict[str, Any]], FaceStyle] = template.style
    return style(card)


def card_face(canvas: Canvas, card: dict[str, Any], width: float, height: float, bleed: float) -> Face:
    """The vector face of ``card`` on a ``width`` x ``height`` point slot, as operators for ``canvas``."""
    return face_operators(canvas, card, face_style(card), width, height, bleed)


def draw_card_back(canvas: Canvas, game: str, width: float, height: float, bleed: float) -> None:
    """Draw the back of ``game``'s cards: background to the bleed edge, a frame and the title."""
    template = TEMPLATES.get(game)
    title, background, accent = template.BACK if template is not None else GENERIC_BACK
    canvas.setFillColor(background)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    _draw_back_pattern(canvas, accent, width, height, bleed)
    canvas.setFillColor(white)
    canvas.setFont(FONT_BOLD, 13)
    canvas.drawCentredString(width / 2, height / 2 - 4.5, title)


def _draw_back_pattern(canvas: Canvas, accent: Color, width: float, height: float, bleed: float) -> None:
    """Two nested frames and a diamond: symmetric, so a slightly shifted back still looks even."""
    canvas.setStrokeColor(accent)
    canvas.setLineWidth(1.2)
    inset = bleed + 3 * mm
    canvas.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.5 * mm, stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    inner = inset + 2 * mm
    canvas.roundRect(inner, inner, width - 2 * inner, height - 2 * inner, 1.5 * mm, stroke=1, fill=0)
    cx, cy, r = width / 2, height / 2, min(width, height) / 3
    path = canvas.beginPath()
    path.moveTo(cx, cy + r * 1.3)
    path.lineTo(cx + r, cy)
    path.lineTo(cx, cy - r * 1.3)
    path.lineTo(cx - r, cy)
    path.close()
    canvas.drawPath(path, stroke=1, fill=0)
