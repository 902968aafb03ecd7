"""Drawing a card face as vectors: the parts every game shares.

A face is drawn in its own coordinates: (0, 0) is the lower-left corner of the slot (trim plus
bleed), in points. The first thing drawn is one filled rectangle of exactly the slot's size,
the background that runs into the bleed; everything else lies on top of it, inside the trim.
User text (names, rules text) is drawn as plain strings only: no markup is interpreted, so
``<b>`` or ``<img src=...>`` prints as it is written and never reads a file.

The shapes of a face (its *chrome*) depend only on its geometry and colours, so they are built
once per combination (``_chrome``) as one operator string that a sheet turns into one shared
form; what is per card is only the text, one text object drawn on top of the chrome.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printing.faces.emblem import emblem_operators
from printing.faces.ink import Ink, circle, fill, rect, round_rect, text_width

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
# DejaVu Sans Condensed: free (Bitstream Vera licence, see fonts/LICENSE), covers ä ö ü ß ẞ;
# reportlab embeds only the glyphs used, so a sheet stays small.
FONT = "KartothekSans"
FONT_BOLD = "KartothekSans-Bold"
INK = HexColor("#1E1E1E")
PANEL = HexColor("#FBF8F1")
INK_OP, WHITE_OP = fill(INK), fill(white)
SAFE_MM = 3.0  # text stays this far inside the trim, where a slightly off cut cannot reach
# Type sizes in points: nothing a player must read is below SMALLEST (labels, set code).
RULES_PT, RULES_MIN_PT, SMALLEST = 7.5, 5.0, 5.0
LEADING = 1.2
STATS_PER_ROW = 4
EMBLEM_SHARE = 0.86  # the emblem's side, as a share of the picture panel's height (as on the web face)
RARITIES = {
    "common": "gewöhnlich",
    "uncommon": "ungewöhnlich",
    "rare": "selten",
    "very_rare": "sehr selten",
    "unique": "einzigartig",
    "promo": "Promo",
}
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
    note: str = ""  # centred in the footer, e.g. the guilds: a colour alone fails colour-blind players


class Face(NamedTuple):
    """A card face as PDF operators: the shapes shared with like cards, then the card's text."""

    chrome: str  # starts with the background: one filled rectangle of exactly the slot's size
    text: str


@dataclass(frozen=True)
class _Box:
    """Where the parts of a face go, in points from the slot's lower-left corner."""

    x: float
    width: float
    top: float  # top of the header panel
    bottom: float  # baseline area of the footer
    art_top: float
    art_height: float
    stats_y: float
    stats: int
    stats_rows: int
    stats_per_row: int
    text_bottom: float
    text_top: float


def plain(value: Any) -> str:
    """User text as one printable line: control characters dropped, never interpreted."""
    text = str(value if value is not None else "")
    if text.isprintable():  # the usual case, without the regular expression
        return text.strip()
    return _CONTROL.sub("", text).replace("\n", " ").strip()


def fit_size(text: str, font: str, size: float, width: float, minimum: float = SMALLEST) -> float:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` points."""
    natural = text_width(text, font, size)
    if natural <= width:
        return size
    if width <= 0:  # no room at all (the layout's card-size floor keeps this from happening)
        return minimum
    return max(minimum, size * width / natural)


@lru_cache(maxsize=256)
def fit_line(text: str, font: str, size: float, width: float, minimum: float = SMALLEST) -> tuple[str, float]:
    """``text`` and a size at which it fits ``width``: shrunk down to ``minimum``, then cut with "…"."""
    size = fit_size(text, font, size, width, minimum)
    if text_width(text, font, size) <= width:
        return text, size
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


@lru_cache(maxsize=256)
def ink_on(background: Color) -> str:
    """Fill operator of dark or white type, whichever reads better on ``background`` (WCAG luminance)."""
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in background.rgb())
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    # Below 0.18 white has the higher contrast ratio against the background; above it, dark ink.
    return WHITE_OP if luminance < 0.18 else INK_OP


@lru_cache(maxsize=4096)
def wrap_text(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` points (a long word is split)."""
    lines: list[str] = []
    space = text_width(" ", font, size)
    for paragraph in _CONTROL.sub("", text).split("\n"):
        words: list[str] = []
        used = 0.0
        for word in paragraph.split():
            extra = text_width(word, font, size) + (space if words else 0.0)
            if used + extra <= width:
                words.append(word)
                used += extra
                continue
            if words:
                lines.append(" ".join(words))
            rest = _split_long_word(word, font, size, width, lines)
            words, used = [rest], text_width(rest, font, size)
        lines.append(" ".join(words))
    return tuple(lines)


def _split_long_word(word: str, font: str, size: float, width: float, lines: list[str]) -> str:
    """Append the full-width pieces of an over-long word to ``lines``; return the rest."""
    while text_width(word, font, size) > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and text_width(word[:cut], font, size) > width:
            cut -= 1
        lines.append(word[:cut])
        word = word[cut:]
    return word


def text_block(text: str, width: float, height: float, size: float = RULES_PT) -> tuple[float, tuple[str, ...]]:
    """Font size and lines for ``text`` in a box: shrinks to RULES_MIN_PT, then cuts with an ellipsis."""
    while True:
        lines = wrap_text(text, FONT, size, width)
        capacity = max(1, int(height // (size * LEADING)))
        if len(lines) <= capacity:
            return size, lines
        if size <= RULES_MIN_PT:
            return size, (*lines[: capacity - 1], lines[capacity - 1] + " …")
        size -= 0.5


@lru_cache(maxsize=64)
def _box(width: float, height: float, bleed: float, stats: int) -> _Box:
    """The face's geometry for a slot size and a number of stats (rows of at most four, balanced)."""
    x = y = bleed + SAFE_MM * mm
    inner_w, inner_h = width - 2 * x, height - 2 * y
    top = y + inner_h
    rows = math.ceil(stats / STATS_PER_ROW)
    per_row = math.ceil(stats / rows) if rows else 0  # six stats: two rows of three, not 4 + 2
    art_top, art_height = top - 11 * mm, inner_h * 0.36
    stats_y = y + 4 * mm
    return _Box(
        x=x,
        width=inner_w,
        top=top,
        bottom=y,
        art_top=art_top,
        art_height=art_height,
        stats_y=stats_y,
        stats=stats,
        stats_rows=rows,
        stats_per_row=per_row,
        text_bottom=stats_y + rows * 6.5 * mm + (0.5 * mm if rows else 0.0),
        text_top=art_top - art_height - 1.5 * mm,
    )


@lru_cache(maxsize=1024)
def _chrome(
    box: _Box, size: tuple[float, float], colours: tuple[Color, Color], cost: bool, stripes: tuple[Color, ...]
) -> str:
    """The shapes of a face (background, panels, cost disc, stripes, stat boxes) as operators."""
    background, accent = colours
    x, top, w = box.x, box.top, box.width
    ops = [fill(background), rect(0, 0, *size), fill(PANEL), round_rect(x, top - 7 * mm, w, 7 * mm, 1.5 * mm)]
    if box.text_top - box.text_bottom >= 4 * mm:
        ops.append(rect(x, box.text_bottom, w, box.text_top - box.text_bottom))
    for bx, by in _stat_boxes(box):
        ops.append(round_rect(bx + 0.4 * mm, by, w / box.stats_per_row - 0.8 * mm, 5.9 * mm, 1 * mm))
    ops += [fill(_tint(background, accent)), rect(x, box.art_top - box.art_height, w, box.art_height)]
    if cost:
        ops += [fill(accent), circle(x + w - 3.5 * mm, top - 3.5 * mm, 2.8 * mm)]
    for i, colour in enumerate(stripes):
        ops += [fill(colour), rect(x + 1.5 * mm + i * 4 * mm, top - 6.6 * mm, 3.5 * mm, 1 * mm)]
    return "\n".join(ops)


@lru_cache(maxsize=256)
def _tint(background: Color, accent: Color) -> Color:
    """The picture panel: the background lightened, with a touch of the accent.

    Mixed by hand: transparency inside a PDF form trips some viewers.
    """
    mix = [0.3 * b + 0.05 * a + 0.65 for b, a in zip(background.rgb(), accent.rgb(), strict=True)]
    return Color(*(min(1.0, c) for c in mix))


def face_operators(
    canvas: Canvas, card: dict[str, Any], style: FaceStyle, width: float, height: float, bleed: float
) -> Face:
    """``card`` on a ``width`` x ``height`` point slot with ``bleed`` points of bleed, as operators.

    ``canvas`` is the document the operators are for (its font subsets); nothing is drawn on it.
    The same chrome comes back as the same string object, so it can key a shared form.
    """
    box = _box(width, height, bleed, len(style.stats))
    cost = card.get("cost")
    ink = Ink(canvas)
    colours = (style.background, style.accent)
    chrome = _chrome(box, (width, height), colours, cost is not None, tuple(style.stripes))
    _header(ink, card, style, box, cost)
    _stats(ink, style, box)
    _rules(ink, card, box)
    _footer(ink, card, style, box)
    return Face(chrome, f"{_emblem(card, style, box)}\n{ink.operators()}")


def _emblem(card: dict[str, Any], style: FaceStyle, box: _Box) -> str:
    """The web face's emblem (the game's backdrop, the type's sign) centred in the picture panel."""
    size = min(box.art_height, box.width) * EMBLEM_SHARE
    x = box.x + (box.width - size) / 2
    y = box.art_top - box.art_height + (box.art_height - size) / 2
    panel = _tint(style.background, style.accent)
    return emblem_operators(str(card.get("game") or ""), str(card.get("type") or ""), style.accent, panel, x, y, size)


def _header(ink: Ink, card: dict[str, Any], style: FaceStyle, box: _Box, cost: Any) -> None:
    """Name and type line (shrunk, or cut, to fit) and the cost in its disc."""
    x, top, width = box.x, box.top, box.width
    cost_w = 0.0
    if cost is not None:
        cost_w = 6 * mm
        value, size = fit_line(plain(cost), FONT_BOLD, 8, 4.6 * mm)
        centre, baseline = x + width - 3.5 * mm, top - 3.5 * mm - size * 0.36  # digits centred in the disc
        ink.put(centre, baseline, value, FONT_BOLD, size, ink_on(style.accent), "centre")
    name, size = fit_line(plain(card.get("name")), FONT_BOLD, 9, width - cost_w - 3 * mm)
    ink.put(x + 1.5 * mm, top - 4.6 * mm, name, FONT_BOLD, size, INK_OP)
    type_line, size = fit_line(plain(style.type_line), FONT, 6, width - 2 * mm)
    ink.put(x + 1 * mm, top - 9.8 * mm, type_line, FONT, size, ink_on(style.background))


@lru_cache(maxsize=64)
def _stat_boxes(box: _Box) -> tuple[tuple[float, float], ...]:
    """Lower-left corners of the stat boxes in reading order: the first row on top."""
    box_w = box.width / box.stats_per_row if box.stats else 0.0
    rows = [divmod(i, box.stats_per_row) for i in range(box.stats)]
    return tuple((box.x + column * box_w, box.stats_y + (box.stats_rows - 1 - row) * 6.5 * mm) for row, column in rows)


def _stats(ink: Ink, style: FaceStyle, box: _Box) -> None:
    """Label and value of each stat in its box (the boxes are part of the chrome)."""
    box_w = box.width / box.stats_per_row if box.stats else 0.0
    for (bx, by), (label, value) in zip(_stat_boxes(box), style.stats, strict=True):
        centre = bx + box_w / 2
        label, label_size = fit_line(plain(label), FONT, 5.5, box_w - 1.5 * mm)
        ink.put(centre, by + 3.6 * mm, label, FONT, label_size, INK_OP, "centre")
        value, value_size = fit_line(plain(value), FONT_BOLD, 8, box_w - 1.5 * mm)
        ink.put(centre, by + 0.9 * mm, value, FONT_BOLD, value_size, INK_OP, "centre")


def _rules(ink: Ink, card: dict[str, Any], box: _Box) -> None:
    """The rules text on its panel, wrapped and shrunk to fit, drawn as plain strings."""
    rules = str(card.get("text") or "")
    if box.text_top - box.text_bottom < 4 * mm or not rules.strip():
        return
    size, lines = text_block(rules, box.width - 2 * mm, box.text_top - box.text_bottom - 2 * mm)
    y = box.text_top - 1 * mm - size
    for line in lines:
        ink.put(box.x + 1 * mm, y, line, FONT, size, INK_OP)
        y -= size * LEADING


def _footer(ink: Ink, card: dict[str, Any], style: FaceStyle, box: _Box) -> None:
    """Set code, note and rarity at the bottom edge, in small type that reads on the background."""
    card_set = card.get("set") or {}
    code = plain(card_set.get("code") if isinstance(card_set, dict) else card_set).upper()
    rarity = plain(RARITIES.get(str(card.get("rarity")), card.get("rarity")))
    colour, y, third = ink_on(style.background), box.bottom + 1 * mm, box.width / 3 - 1 * mm
    code, _size = fit_line(code, FONT, SMALLEST, third)
    ink.put(box.x + 0.5 * mm, y, code, FONT, SMALLEST, colour)
    rarity, _size = fit_line(rarity, FONT, SMALLEST, third)
    ink.put(box.x + box.width - 0.5 * mm, y, rarity, FONT, SMALLEST, colour, "right")
    # The note stays centred: it gets the width between the wider of its two neighbours, mirrored.
    side = max(text_width(code, FONT, SMALLEST), text_width(rarity, FONT, SMALLEST)) + 1.5 * mm
    note, size = fit_line(plain(style.note), FONT_BOLD, 5.5, box.width - 2 * side)
    ink.put(box.x + box.width / 2, y, note, FONT_BOLD, size, colour, "centre")
