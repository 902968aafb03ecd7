"""Drawing a card face as vectors: the parts every game shares.

A face is drawn in its own coordinates: (0, 0) is the lower-left corner of the slot (trim plus
bleed), in points. The first thing drawn is one filled rectangle of exactly the slot's size,
the background that runs into the bleed; everything else lies on top of it, inside the trim.
User text (names, rules text) is drawn with ``drawString`` only: no markup is interpreted, so
``<b>`` or ``<img src=...>`` prints as it is written and never reads a file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
# DejaVu Sans Condensed: free (Bitstream Vera licence, see fonts/LICENSE), covers ä ö ü ß ẞ;
# reportlab embeds only the glyphs used, so a sheet stays small.
FONT = "KartothekSans"
FONT_BOLD = "KartothekSans-Bold"
INK = HexColor("#1E1E1E")
PANEL = HexColor("#FBF8F1")
SAFE_MM = 3.0  # text stays this far inside the trim, where a slightly off cut cannot reach
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def register_fonts() -> None:
    """Register the bundled fonts with reportlab (once per process)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf")))


@dataclass(frozen=True)
class FaceStyle:
    """What a game's template decides about one card: colours, type line, stats."""

    background: Color
    accent: Color
    type_line: str
    stats: list[tuple[str, str]] = field(default_factory=list)
    stripes: list[Color] = field(default_factory=list)  # e.g. an Eredan courtesan's guilds


def plain(value: Any) -> str:
    """User text as one printable line: control characters dropped, never interpreted."""
    return _CONTROL.sub("", str(value if value is not None else "")).replace("\n", " ").strip()


def fit_size(text: str, font: str, size: float, width: float, minimum: float = 5.0) -> float:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` points."""
    natural = word_width(text, font, size)
    if natural <= width:
        return size
    return max(minimum, size * width / natural)


@lru_cache(maxsize=65536)
def word_width(word: str, font: str, size: float) -> float:
    """The width of ``word`` in points (cached: rules texts repeat the same words)."""
    return float(pdfmetrics.stringWidth(word, font, size))


@lru_cache(maxsize=4096)
def wrap_text(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` points (a long word is split)."""
    lines: list[str] = []
    space = word_width(" ", font, size)
    for paragraph in _CONTROL.sub("", text).split("\n"):
        words: list[str] = []
        used = 0.0
        for word in paragraph.split():
            extra = word_width(word, font, size) + (space if words else 0.0)
            if used + extra <= width:
                words.append(word)
                used += extra
                continue
            if words:
                lines.append(" ".join(words))
            rest = _split_long_word(word, font, size, width, lines)
            words, used = [rest], word_width(rest, font, size)
        lines.append(" ".join(words))
    return tuple(lines)


def _split_long_word(word: str, font: str, size: float, width: float, lines: list[str]) -> str:
    """Append the full-width pieces of an over-long word to ``lines``; return the rest."""
    while pdfmetrics.stringWidth(word, font, size) > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and pdfmetrics.stringWidth(word[:cut], font, size) > width:
            cut -= 1
        lines.append(word[:cut])
        word = word[cut:]
    return word


def text_block(text: str, width: float, height: float, size: float = 6.5) -> tuple[float, tuple[str, ...]]:
    """Font size and lines for ``text`` in a box: shrinks to 4.5 pt, then cuts with an ellipsis."""
    while True:
        lines = wrap_text(text, FONT, size, width)
        capacity = max(1, int(height // (size * 1.2)))
        if len(lines) <= capacity:
            return size, lines
        if size <= 4.5:
            return size, (*lines[: capacity - 1], lines[capacity - 1] + " …")
        size -= 0.5


class _Text:
    """One PDF text object for all the strings of a face, drawn after the shapes (so on top).

    A text object per string (what ``drawString`` makes) costs several times more to write.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.block = canvas.beginText()
        self.colour: Color | None = None
        self.font: tuple[str, float] | None = None

    def put(self, x: float, y: float, text: str, font: str, size: float, colour: Color, align: str = "left") -> None:
        """Draw ``text`` with its left end (or centre, or right end) at (x, y)."""
        if not text:
            return
        if align != "left":
            width = word_width(text, font, size)
            x -= width / 2 if align == "centre" else width
        self._colour(colour)
        if self.font != (font, size):  # one Tf per change, not per string
            self.block.setFont(font, size)
            self.font = (font, size)
        self.block.setTextOrigin(x, y)
        self.block.textOut(text)

    def lines(self, x: float, y: float, lines: tuple[str, ...], size: float, colour: Color) -> None:
        """Lines of the rules text from (x, y) downwards."""
        self._colour(colour)
        self.block.setFont(FONT, size, leading=size * 1.2)
        self.font = (FONT, size)
        self.block.setTextOrigin(x, y)
        for line in lines:
            self.block.textLine(line)

    def _colour(self, colour: Color) -> None:
        if colour is not self.colour:
            self.block.setFillColor(colour)
            self.colour = colour

    def draw(self) -> None:
        self.canvas.drawText(self.block)


def draw_face(
    canvas: Canvas, card: dict[str, Any], style: FaceStyle, width: float, height: float, bleed: float
) -> None:
    """Draw ``card`` on a slot of ``width`` x ``height`` points with ``bleed`` points of bleed."""
    canvas.setFillColor(style.background)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    text = _Text(canvas)
    inner_x, inner_y = bleed + SAFE_MM * mm, bleed + SAFE_MM * mm
    inner_w, inner_h = width - 2 * inner_x, height - 2 * inner_y
    _draw_header(canvas, text, card, style, inner_x, inner_y + inner_h, inner_w)
    panel_top = inner_y + inner_h - 11 * mm
    _draw_art(canvas, text, card, style, (inner_x, panel_top, inner_w, inner_h * 0.36))
    text_top = panel_top - inner_h * 0.36 - 1.5 * mm
    stats_h = _draw_stats(canvas, text, style, inner_x, inner_y + 4 * mm, inner_w)
    _draw_text(canvas, text, card, (inner_x, inner_y + 4.5 * mm + stats_h, inner_w, text_top))
    _draw_footer(text, card, inner_x, inner_y, inner_w)
    text.draw()


def _draw_header(
    canvas: Canvas, text: _Text, card: dict[str, Any], style: FaceStyle, x: float, top: float, width: float
) -> None:
    """Name (shrunk to fit), cost in a disc, guild stripes and the type line."""
    canvas.setFillColor(PANEL)
    canvas.roundRect(x, top - 7 * mm, width, 7 * mm, 1.5 * mm, stroke=0, fill=1)
    cost = card.get("cost")
    cost_w = 0.0
    if cost is not None:
        cost_w = 6 * mm
        canvas.setFillColor(style.accent)
        canvas.circle(x + width - 3.5 * mm, top - 3.5 * mm, 2.8 * mm, stroke=0, fill=1)
        text.put(x + width - 3.5 * mm, top - 4.5 * mm, plain(cost), FONT_BOLD, 8, white, "centre")
    name = plain(card.get("name"))
    size = fit_size(name, FONT_BOLD, 9, width - cost_w - 3 * mm)
    text.put(x + 1.5 * mm, top - 4.6 * mm, name, FONT_BOLD, size, INK)
    for i, colour in enumerate(style.stripes):
        canvas.setFillColor(colour)
        canvas.rect(x + 1.5 * mm + i * 4 * mm, top - 6.6 * mm, 3.5 * mm, 1 * mm, stroke=0, fill=1)
    text.put(x + 1.5 * mm, top - 9.8 * mm, plain(style.type_line), FONT, 6, INK)


def _draw_art(canvas: Canvas, text: _Text, card: dict[str, Any], style: FaceStyle, box: tuple[float, ...]) -> None:
    """The picture area of a card without an image: a tinted panel with the initial."""
    x, top, w, h = box
    # A tint mixed by hand: transparency inside a PDF form trips some viewers (reportlab omits its ExtGState).
    canvas.setFillColor(_tint(style.accent, 0.25))
    canvas.rect(x, top - h, w, h, stroke=0, fill=1)
    initial = plain(card.get("name"))[:1].upper()
    text.put(x + w / 2, top - h / 2 - 10, initial, FONT_BOLD, 28, style.accent, "centre")


@lru_cache(maxsize=256)
def _tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white: ``amount`` 0 is white, 1 the colour itself."""
    red, green, blue = colour.rgb()
    return Color(1 - amount * (1 - red), 1 - amount * (1 - green), 1 - amount * (1 - blue))


def _draw_stats(canvas: Canvas, text: _Text, style: FaceStyle, x: float, y: float, width: float) -> float:
    """The stats as label/value boxes, at most four to a row; returns the height used."""
    if not style.stats:
        return 0.0
    per_row = 4 if len(style.stats) > 4 else len(style.stats)
    rows = [style.stats[i : i + per_row] for i in range(0, len(style.stats), per_row)]
    box_w, box_h = width / per_row, 6.5 * mm
    canvas.setFillColor(PANEL)
    for r, row in enumerate(reversed(rows)):
        for c, (label, value) in enumerate(row):
            bx, by = x + c * box_w, y + r * box_h
            canvas.roundRect(bx + 0.4 * mm, by, box_w - 0.8 * mm, box_h - 0.6 * mm, 1 * mm, stroke=0, fill=1)
            text.put(bx + box_w / 2, by + box_h - 2.6 * mm, plain(label), FONT, 4.5, INK, "centre")
            text.put(bx + box_w / 2, by + 0.9 * mm, plain(value), FONT_BOLD, 7.5, INK, "centre")
    return float(len(rows) * box_h)


def _draw_text(canvas: Canvas, text: _Text, card: dict[str, Any], box: tuple[float, ...]) -> None:
    """The rules text on a light panel, wrapped and shrunk to fit, drawn as plain strings."""
    x, bottom, width, top = box
    if top - bottom < 4 * mm:
        return
    canvas.setFillColor(PANEL)
    canvas.rect(x, bottom, width, top - bottom, stroke=0, fill=1)
    rules = str(card.get("text") or "")
    if rules.strip():
        size, lines = text_block(rules, width - 2 * mm, top - bottom - 2 * mm)
        text.lines(x + 1 * mm, top - 1 * mm - size, lines, size, INK)


def _draw_footer(text: _Text, card: dict[str, Any], x: float, y: float, width: float) -> None:
    """Set code and rarity at the bottom edge, in small type."""
    card_set = card.get("set") or {}
    code = plain(card_set.get("code") if isinstance(card_set, dict) else card_set)
    text.put(x + 0.5 * mm, y + 1 * mm, code.upper(), FONT, 4.5, black)
    text.put(x + width - 0.5 * mm, y + 1 * mm, plain(card.get("rarity")), FONT, 4.5, black, "right")
