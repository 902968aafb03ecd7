"""The pages' face of a card without an image (``/cards/<game>/<slug>/face.svg``): the game's face
(``engine.core.faces``, the same the print sheets draw) on an SVG surface.

A browser draws the SVG's text in whatever sans-serif it has, so the surface measures text on the
safe side: Helvetica's metrics (built into reportlab) times WIDE, which covers DejaVu Sans, the
widest common sans-serif (measured: at most 1.22 x Helvetica in bold). The face fits its text
with these widths (shrunk, wrapped, then cut with an ellipsis), so no text leaves its panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from engine.core.drawing import Align, Colour
from engine.core.faces import GENERIC, draw_face
from engine.games import UnknownGameError, get_game

WIDE = 1.25  # rendered width / Helvetica width, on the safe side (see the module's docstring)
WIDTH, HEIGHT = 63 * mm, 88 * mm  # a card's trim, in points (the print sheets' default slot, no bleed)
ANCHORS = {"left": "start", "centre": "middle", "right": "end"}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class SvgSurface:
    """A :class:`~engine.core.drawing.Surface` writing SVG elements (y flipped: SVG's y grows down)."""

    def __init__(self, height: float) -> None:
        self.height = height
        self.parts: list[str] = []

    def _paint(self, colour: Colour, line: float) -> str:
        return f'fill="none" stroke="{colour}" stroke-width="{_n(line)}"' if line else f'fill="{colour}"'

    def rect(
        self, x: float, y: float, width: float, height: float, colour: Colour, radius: float = 0.0, line: float = 0.0
    ) -> None:
        corner = f' rx="{_n(radius)}"' if radius else ""
        top = self.height - y - height
        self.parts.append(
            f'<rect x="{_n(x)}" y="{_n(top)}" width="{_n(width)}" height="{_n(height)}"{corner} {self._paint(colour, line)}/>'
        )

    def circle(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(self.height - cy)}" r="{_n(r)}" fill="{colour}"/>')

    def polygon(self, points: Sequence[tuple[float, float]], colour: Colour, line: float = 0.0) -> None:
        path = "L".join(f"{_n(x)} {_n(self.height - y)}" for x, y in points)
        self.parts.append(f'<path d="M{path}Z" {self._paint(colour, line)}/>')

    def text(self, x: float, y: float, text: str, size: float, colour: Colour, *, bold: bool = False,
             align: Align = "left") -> None:  # fmt: skip
        if not text:
            return
        weight = ' font-weight="bold"' if bold else ""
        anchor = f' text-anchor="{ANCHORS[align]}"' if align != "left" else ""
        self.parts.append(
            f'<text x="{_n(x)}" y="{_n(self.height - y)}" font-size="{_n(size)}" fill="{colour}"{weight}{anchor}>'
            f"{escape(text)}</text>"
        )

    def emblem(self, markup: str, x: float, y: float, size: float, ink: Colour, panel: Colour) -> None:
        place = f"translate({_n(x)} {_n(self.height - y - size)}) scale({size / 100:.4f})"
        self.parts.append(f'<g class="emblem" transform="{place}" color="{ink}" fill="{ink}">{markup}</g>')

    def text_width(self, text: str, size: float, *, bold: bool = False) -> float:
        return float(stringWidth(text, "Helvetica-Bold" if bold else "Helvetica", size)) * WIDE

    def svg(self) -> str:
        """What was drawn, as SVG elements in drawing order."""
        return "\n".join(self.parts)


def face_svg(card: dict[str, Any]) -> dict[str, Any]:
    """What face.svg shows of ``card``: its width, height and elements (the game's face)."""
    try:
        face = get_game(str(card.get("game") or "")).face
    except UnknownGameError:
        face = GENERIC
    surface = SvgSurface(HEIGHT)
    draw_face(surface, card, face, WIDTH, HEIGHT, 0.0)
    return {"width": _n(WIDTH), "height": _n(HEIGHT), "body": surface.svg()}
