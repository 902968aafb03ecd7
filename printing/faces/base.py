"""The print sheets' surface (``engine.core.drawing.Surface``) with reportlab: a face as PDF operators.

The face itself is the game's (``engine.core.faces.draw_face``); this surface writes what it draws
as operator strings. Shapes go to the face's *chrome*, which depends only on the geometry and
colours, so equal chromes are one string that a sheet turns into one shared form; the emblem and
the text (one text object, see ``printing.faces.ink``) are per card and drawn on top of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from engine.core.drawing import Align, Colour
from printing.faces.emblem import emblem_operators
from printing.faces.ink import Ink, circle, fill, rect, round_rect, text_width

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
# DejaVu Sans Condensed: free (Bitstream Vera licence, see fonts/LICENSE), covers ä ö ü ß ẞ;
# reportlab embeds only the glyphs used, so a sheet stays small.
FONT = "KartothekSans"
FONT_BOLD = "KartothekSans-Bold"


def register_fonts() -> None:
    """Register the bundled fonts with reportlab (once per process)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf")))


class Face(NamedTuple):
    """A card face as PDF operators: the shapes shared with like cards, then the card's text."""

    chrome: str  # starts with the background: one filled rectangle of exactly the slot's size
    text: str


@lru_cache(maxsize=1024)
def rl_colour(value: Colour) -> Color:
    """reportlab's colour of ``#RRGGBB``."""
    return HexColor(value)


@lru_cache(maxsize=1024)
def stroke(value: Colour, line: float) -> str:
    """The operators selecting ``value`` as stroke colour and ``line`` points as line width."""
    return f"{fp_str(*rl_colour(value).rgb())} RG {fp_str(line)} w"


class PdfSurface:
    """A :class:`~engine.core.drawing.Surface` writing PDF operators for one face or back."""

    def __init__(self, canvas: Canvas) -> None:
        # ``canvas`` is the document the operators are for (its font subsets); nothing is drawn on it.
        self.chrome: list[str] = []
        self.emblems: list[str] = []
        self.ink = Ink(canvas)
        self.paint = ""

    def _select(self, value: Colour, line: float) -> str:
        """Select ``value`` for the next shape (a fill, or a stroke ``line`` wide) unless it is."""
        selected = stroke(value, line) if line else fill(rl_colour(value))
        if selected != self.paint:
            self.chrome.append(selected)
            self.paint = selected
        return "S" if line else "f"

    def rect(
        self, x: float, y: float, width: float, height: float, colour: Colour, radius: float = 0.0, line: float = 0.0
    ) -> None:
        paint = self._select(colour, line)
        shape = round_rect(x, y, width, height, radius, paint) if radius else rect(x, y, width, height, paint)
        self.chrome.append(shape)

    def circle(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        self._select(colour, 0.0)
        self.chrome.append(circle(cx, cy, r))

    def polygon(self, points: Sequence[tuple[float, float]], colour: Colour, line: float = 0.0) -> None:
        paint = self._select(colour, line)
        (x0, y0), *rest = points
        segments = " ".join(f"{fp_str(x, y)} l" for x, y in rest)
        self.chrome.append(f"{fp_str(x0, y0)} m {segments} h {paint}")

    def text(self, x: float, y: float, text: str, size: float, colour: Colour, *, bold: bool = False,
             align: Align = "left") -> None:  # fmt: skip
        self.ink.put(x, y, text, FONT_BOLD if bold else FONT, size, fill(rl_colour(colour)), align)

    def emblem(self, markup: str, x: float, y: float, size: float, ink: Colour, panel: Colour) -> None:
        self.emblems.append(emblem_operators(markup, rl_colour(ink), rl_colour(panel), x, y, size))

    def text_width(self, text: str, size: float, *, bold: bool = False) -> float:
        return text_width(text, FONT_BOLD if bold else FONT, size)

    def face(self) -> Face:
        """What was drawn: the chrome, then the emblems and the text."""
        return Face("\n".join(self.chrome), "\n".join((*self.emblems, self.ink.operators())))
