"""PDF drawing operators for card faces, written as text and handed to the canvas in one piece.

reportlab's canvas and text-object methods do a lot of bookkeeping per call (colour objects,
alpha checks, state stacks) that a face of ~20 strings and ~10 shapes does not need; they were
most of a sheet's time. Here shapes are plain operator strings (``re f``, Bézier curves) and text
goes through the font's documented dynamic-font path (``splitString`` and
``getSubsetInternalName``), so the embedded subset fonts, ToUnicode maps and escaping are
reportlab's own.
Everything drawn is DeviceRGB colour and the bundled fonts: no images, transparency or patterns,
which is what lets a face form share one small resource dictionary (see ``printing.pdf``).
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

KAPPA = 0.5523  # Bézier handle length for a quarter circle, as a share of the radius
# (font name, text) -> [(subset font name, escaped bytes)], per PDF document: subsets are per document.
_ENCODED: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], list[tuple[str, str]]]] = weakref.WeakKeyDictionary()


@lru_cache(maxsize=1024)
def fill(colour: Color) -> str:
    """The ``rg`` operator selecting ``colour`` as fill colour."""
    return f"{fp_str(*colour.rgb())} rg"


@lru_cache(maxsize=4096)  # the chrome's shapes repeat from face to face
def rect(x: float, y: float, width: float, height: float, paint: str = "f") -> str:
    """A filled rectangle (one ``re``: a PDF reader sees a rectangle of exactly this size);
    ``paint`` ``S``: its outline."""
    return f"{fp_str(x, y, width, height)} re {paint}"


@lru_cache(maxsize=4096)  # the chrome's shapes repeat from face to face
def round_rect(x: float, y: float, width: float, height: float, radius: float, paint: str = "f") -> str:
    """A filled rectangle with rounded corners (``paint`` ``S``: its outline)."""
    r, k = radius, radius * KAPPA
    right, top = x + width, y + height
    return " ".join(
        (
            f"{fp_str(x + r, y)} m {fp_str(right - r, y)} l",
            f"{fp_str(right - r + k, y, right, y + r - k, right, y + r)} c {fp_str(right, top - r)} l",
            f"{fp_str(right, top - r + k, right - r + k, top, right - r, top)} c {fp_str(x + r, top)} l",
            f"{fp_str(x + r - k, top, x, top - r + k, x, top - r)} c {fp_str(x, y + r)} l",
            f"{fp_str(x, y + r - k, x + r - k, y, x + r, y)} c h {paint}",
        )
    )


@lru_cache(maxsize=4096)  # the chrome's shapes repeat from face to face
def circle(cx: float, cy: float, r: float) -> str:
    """A filled circle."""
    k = r * KAPPA
    return " ".join(
        (
            f"{fp_str(cx + r, cy)} m",
            f"{fp_str(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c",
            f"{fp_str(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c",
            f"{fp_str(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c",
            f"{fp_str(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c h f",
        )
    )


@lru_cache(maxsize=65536)
def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points (cached: labels and rules words repeat)."""
    return float(pdfmetrics.stringWidth(text, font, size))


class Ink:
    """The strings of one face as one text object (a text object per string costs far more)."""

    def __init__(self, canvas: Canvas) -> None:
        # The document is where the font subsets live; reportlab's own text objects use it the same way.
        self.doc = canvas._doc
        self.encoded = _ENCODED.setdefault(self.doc, {})
        self.text: list[str] = []
        self.colour = ""
        self.font = ("", 0.0)

    def put(self, x: float, y: float, text: str, font: str, size: float, colour: str, align: str = "left") -> None:
        """Draw ``text`` as it is written with its left end (or centre, or right end) at (x, y).

        ``colour`` is a fill operator from :func:`fill` (made once per face, not per string).
        """
        if not text:
            return
        if align != "left":
            width = text_width(text, font, size)
            x -= width / 2 if align == "centre" else width
        out = self.text
        if colour != self.colour:
            out.append(colour)
            self.colour = colour
        # Two decimals of a point are 0.004 mm; Python's own formatting is faster than fp_str here.
        out.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
        for subset, chunk in self.encoded.get((font, text)) or self._encode(text, font):
            if self.font != (subset, size):  # one Tf per change, not per string
                out.append(f"{subset} {size:g} Tf")
                self.font = (subset, size)
            out.append(f"({chunk}) Tj")

    def _encode(self, text: str, font: str) -> list[tuple[str, str]]:
        """``text`` as (subset font, escaped bytes) pieces, the way reportlab's text objects do it."""
        face = pdfmetrics.getFont(font)
        pieces = [
            (face.getSubsetInternalName(subset, self.doc), escapePDF(chunk))
            for subset, chunk in face.splitString(text, self.doc)
        ]
        self.encoded[(font, text)] = pieces
        return pieces

    def operators(self) -> str:
        """The text object, isolated in ``q ... Q`` (it sets its own colours and fonts)."""
        return "\n".join(("q BT", *self.text, "ET Q")) if self.text else ""
