"""Card faces and backs on the print sheets: each game's (``engine.core.faces``), drawn with reportlab.

A face (``card_face``: its chrome and text) and a back (``back_operators``) start with one filled
rectangle of exactly the slot's size (trim plus bleed) and draw everything else on top of it
(api.md "Print sheets"); every function draws in slot coordinates (points).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from engine.core.faces import GENERIC, draw_back, draw_face
from engine.core.faces import Face as GameFace
from engine.games import UnknownGameError, get_game
from printing.faces.base import Face, PdfSurface, register_fonts

__all__ = ["Face", "back_operators", "card_face", "game_face", "register_fonts"]


def game_face(game: str) -> GameFace:
    """The face ``game`` declares; a plain grey one for an unknown game."""
    try:
        return get_game(game).face
    except UnknownGameError:
        return GENERIC


def card_face(canvas: Canvas, card: dict[str, Any], width: float, height: float, bleed: float) -> Face:
    """The vector face of ``card`` on a ``width`` x ``height`` point slot, as operators for ``canvas``."""
    surface = PdfSurface(canvas)
    draw_face(surface, card, game_face(str(card.get("game"))), width, height, bleed)
    return surface.face()


def back_operators(canvas: Canvas, game: str, width: float, height: float, bleed: float) -> str:
    """The back of ``game``'s cards as operators: background to the bleed edge, frames and the title."""
    surface = PdfSurface(canvas)
    draw_back(surface, game_face(game).back, width, height, bleed)
    face = surface.face()
    return f"{face.chrome}\n{face.text}"
