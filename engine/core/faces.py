"""A card's face and back, as a game declares them and as every surface draws them.

A game declares its :class:`Face` (``GameDefinition.face``, its package's ``face.py``): a function
from a card to its :class:`FaceStyle` (colours, type line, stats, guild stripes, a note), the
:class:`Back` of its cards and its emblems (a backdrop for the game, a sign per card type, as SVG
markup in a 100 x 100 box: ``engine.core.emblems`` has the signs). :func:`draw_face` lays a face
out on any :class:`~engine.core.drawing.Surface`: the print sheets (reportlab) and the pages' SVG
faces draw the same face. A game without a face gets :data:`GENERIC`.

A face is drawn in slot coordinates: (0, 0) is the lower-left corner of the slot (trim plus
bleed), in points. It starts with one filled rectangle of exactly the slot's size, the background
that runs into the bleed; then the other shapes (its *chrome*, which depends only on the
geometry and colours), then the emblem and the text. User text is drawn as plain strings only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core.drawing import Colour, Surface, fit_line, hex_colour, luminance, plain, rgb, text_block
from engine.core.emblems import CARD

MM = 72 / 25.4  # points per millimetre
INK: Colour = "#1E1E1E"
WHITE: Colour = "#FFFFFF"
PANEL: Colour = "#FBF8F1"
SAFE_MM = 3.0  # text stays this far inside the trim, where a slightly off cut cannot reach
# Type sizes in points: nothing a player must read is below SMALLEST (labels, set code).
RULES_PT, RULES_MIN_PT, SMALLEST = 7.5, 5.0, 5.0
LEADING = 1.2
STATS_PER_ROW = 4
EMBLEM_SHARE = 0.86  # the emblem's side, as a share of the picture panel's height
RARITIES = {
    "common": "gewöhnlich",
    "uncommon": "ungewöhnlich",
    "rare": "selten",
    "very_rare": "sehr selten",
    "unique": "einzigartig",
    "promo": "Promo",
}


@dataclass(frozen=True)
class FaceStyle:
    """What a game's face decides about one card: colours, type line, stats."""

    background: Colour
    accent: Colour
    type_line: str
    stats: tuple[tuple[str, str], ...] = ()
    stripes: tuple[Colour, ...] = ()  # e.g. an Eredan courtesan's guilds
    note: str = ""  # centred in the footer, e.g. the guilds: a colour alone fails colour-blind players


@dataclass(frozen=True)
class Back:
    """The back of a game's cards: a title on a background, framed in the accent colour."""

    title: str
    background: Colour
    accent: Colour


def stats_of(card: Mapping[str, Any], labels: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The (label, value) stats of ``card`` for ``labels`` (attribute key, printed label), in that
    order; an attribute the card lacks is left out."""
    attributes = card.get("attributes") or {}
    return tuple((label, str(attributes[key])) for key, label in labels if attributes.get(key) is not None)


def by_type(
    types: Mapping[str, tuple[str, Colour]], stats: Sequence[tuple[str, str]], accent: Colour, other: Colour
) -> Callable[[Mapping[str, Any]], FaceStyle]:
    """A style that colours a card by its type (``types``: type -> printed name, colour; ``other``
    for a type without) and shows ``stats`` (see :func:`stats_of`)."""

    def style(card: Mapping[str, Any]) -> FaceStyle:
        label, colour = types.get(card.get("type") or "", (str(card.get("type") or ""), other))
        return FaceStyle(colour, accent, label, stats_of(card, stats))

    return style


def _plain_style(card: Mapping[str, Any]) -> FaceStyle:
    return FaceStyle("#D5D8DC", "#34495E", str(card.get("type") or ""))


@dataclass(frozen=True)
class Face:
    """A game's faces: the style of each card, the back, the emblems (SVG markup)."""

    style: Callable[[Mapping[str, Any]], FaceStyle] = _plain_style
    back: Back = Back("Kartothek", "#34495E", "#D5D8DC")
    backdrop: str = ""
    signs: Mapping[str, str] = field(default_factory=dict)

    def emblem(self, card_type: str) -> str:
        """The emblem of ``card_type``: the game's backdrop and the type's sign (a card for a type
        without one)."""
        return self.backdrop + self.signs.get(card_type, CARD)


GENERIC = Face()


@dataclass(frozen=True)
class Box:
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


@lru_cache(maxsize=64)
def face_box(width: float, height: float, bleed: float, stats: int) -> Box:
    """The face's geometry for a slot size and a number of stats (rows of at most four, balanced)."""
    x = y = bleed + SAFE_MM * MM
    inner_w, inner_h = width - 2 * x, height - 2 * y
    top = y + inner_h
    rows = math.ceil(stats / STATS_PER_ROW)
    per_row = math.ceil(stats / rows) if rows else 0  # six stats: two rows of three, not 4 + 2
    art_top, art_height = top - 11 * MM, inner_h * 0.36
    stats_y = y + 4 * MM
    return Box(
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
        text_bottom=stats_y + rows * 6.5 * MM + (0.5 * MM if rows else 0.0),
        text_top=art_top - art_height - 1.5 * MM,
    )


@lru_cache(maxsize=256)
def ink_on(background: Colour) -> Colour:
    """Dark or white type, whichever reads better on ``background`` (WCAG luminance: below 0.18
    white has the higher contrast ratio, above it dark ink)."""
    return WHITE if luminance(background) < 0.18 else INK


@lru_cache(maxsize=256)
def tint(background: Colour, accent: Colour) -> Colour:
    """The picture panel: the background lightened, with a touch of the accent (mixed by hand:
    transparency inside a PDF form trips some viewers)."""
    mix = [0.3 * b + 0.05 * a + 0.65 for b, a in zip(rgb(background), rgb(accent), strict=True)]
    return hex_colour(*mix)


def draw_face(surface: Surface, card: Mapping[str, Any], face: Face, width: float, height: float, bleed: float) -> None:
    """Draw ``card`` with ``face`` on a ``width`` x ``height`` point slot with ``bleed`` points of bleed:
    the chrome first (background, panels, cost disc, stripes, stat boxes), then emblem and text."""
    style = face.style(card)
    box = face_box(width, height, bleed, len(style.stats))
    cost = card.get("cost")
    _chrome(surface, box, (width, height), style, cost is not None)
    _emblem(surface, face.emblem(str(card.get("type") or "")), style, box)
    _header(surface, card, style, box, cost)
    _stats(surface, style, box)
    _rules(surface, card, box)
    _footer(surface, card, style, box)


def _chrome(surface: Surface, box: Box, size: tuple[float, float], style: FaceStyle, cost: bool) -> None:
    x, top, w = box.x, box.top, box.width
    surface.rect(0, 0, *size, style.background)
    surface.rect(x, top - 7 * MM, w, 7 * MM, PANEL, radius=1.5 * MM)
    if box.text_top - box.text_bottom >= 4 * MM:
        surface.rect(x, box.text_bottom, w, box.text_top - box.text_bottom, PANEL)
    for bx, by in stat_boxes(box):
        surface.rect(bx + 0.4 * MM, by, w / box.stats_per_row - 0.8 * MM, 5.9 * MM, PANEL, radius=1 * MM)
    surface.rect(x, box.art_top - box.art_height, w, box.art_height, tint(style.background, style.accent))
    if cost:
        surface.circle(x + w - 3.5 * MM, top - 3.5 * MM, 2.8 * MM, style.accent)
    for i, colour in enumerate(style.stripes):
        surface.rect(x + 1.5 * MM + i * 4 * MM, top - 6.6 * MM, 3.5 * MM, 1 * MM, colour)


def _emblem(surface: Surface, markup: str, style: FaceStyle, box: Box) -> None:
    """The emblem (the game's backdrop, the type's sign) centred in the picture panel."""
    size = min(box.art_height, box.width) * EMBLEM_SHARE
    x = box.x + (box.width - size) / 2
    y = box.art_top - box.art_height + (box.art_height - size) / 2
    surface.emblem(markup, x, y, size, style.accent, tint(style.background, style.accent))


def _header(surface: Surface, card: Mapping[str, Any], style: FaceStyle, box: Box, cost: Any) -> None:
    """Name and type line (shrunk, or cut, to fit) and the cost in its disc."""
    x, top, width = box.x, box.top, box.width
    cost_w = 0.0
    if cost is not None:
        cost_w = 6 * MM
        value, size = fit_line(surface, plain(cost), 8, 4.6 * MM, SMALLEST, bold=True)
        centre, baseline = x + width - 3.5 * MM, top - 3.5 * MM - size * 0.36  # digits centred in the disc
        surface.text(centre, baseline, value, size, ink_on(style.accent), bold=True, align="centre")
    name, size = fit_line(surface, plain(card.get("name")), 9, width - cost_w - 3 * MM, SMALLEST, bold=True)
    surface.text(x + 1.5 * MM, top - 4.6 * MM, name, size, INK, bold=True)
    type_line, size = fit_line(surface, plain(style.type_line), 6, width - 2 * MM, SMALLEST)
    surface.text(x + 1 * MM, top - 9.8 * MM, type_line, size, ink_on(style.background))


@lru_cache(maxsize=64)
def stat_boxes(box: Box) -> tuple[tuple[float, float], ...]:
    """Lower-left corners of the stat boxes in reading order: the first row on top."""
    box_w = box.width / box.stats_per_row if box.stats else 0.0
    rows = [divmod(i, box.stats_per_row) for i in range(box.stats)]
    return tuple((box.x + column * box_w, box.stats_y + (box.stats_rows - 1 - row) * 6.5 * MM) for row, column in rows)


def _stats(surface: Surface, style: FaceStyle, box: Box) -> None:
    """Label and value of each stat in its box (the boxes are part of the chrome)."""
    box_w = box.width / box.stats_per_row if box.stats else 0.0
    for (bx, by), (label, value) in zip(stat_boxes(box), style.stats, strict=True):
        centre = bx + box_w / 2
        label, label_size = fit_line(surface, plain(label), 5.5, box_w - 1.5 * MM, SMALLEST)
        surface.text(centre, by + 3.6 * MM, label, label_size, INK, align="centre")
        value, value_size = fit_line(surface, plain(value), 8, box_w - 1.5 * MM, SMALLEST, bold=True)
        surface.text(centre, by + 0.9 * MM, value, value_size, INK, bold=True, align="centre")


def _rules(surface: Surface, card: Mapping[str, Any], box: Box) -> None:
    """The rules text on its panel, wrapped and shrunk to fit, drawn as plain strings."""
    rules = str(card.get("text") or "")
    if box.text_top - box.text_bottom < 4 * MM or not rules.strip():
        return
    height = box.text_top - box.text_bottom - 2 * MM
    size, lines = text_block(surface, rules, box.width - 2 * MM, height, RULES_PT, RULES_MIN_PT, LEADING)
    y = box.text_top - 1 * MM - size
    for line in lines:
        surface.text(box.x + 1 * MM, y, line, size, INK)
        y -= size * LEADING


def _footer(surface: Surface, card: Mapping[str, Any], style: FaceStyle, box: Box) -> None:
    """Set code, note and rarity at the bottom edge, in small type that reads on the background."""
    card_set = card.get("set") or {}
    code = plain(card_set.get("code") if isinstance(card_set, dict) else card_set).upper()
    rarity = plain(RARITIES.get(str(card.get("rarity")), card.get("rarity")))
    colour, y, third = ink_on(style.background), box.bottom + 1 * MM, box.width / 3 - 1 * MM
    code, _size = fit_line(surface, code, SMALLEST, third, SMALLEST)
    surface.text(box.x + 0.5 * MM, y, code, SMALLEST, colour)
    rarity, _size = fit_line(surface, rarity, SMALLEST, third, SMALLEST)
    surface.text(box.x + box.width - 0.5 * MM, y, rarity, SMALLEST, colour, align="right")
    # The note stays centred: it gets the width between the wider of its two neighbours, mirrored.
    side = max(surface.text_width(code, SMALLEST), surface.text_width(rarity, SMALLEST)) + 1.5 * MM
    note, size = fit_line(surface, plain(style.note), 5.5, box.width - 2 * side, SMALLEST, bold=True)
    surface.text(box.x + box.width / 2, y, note, size, colour, bold=True, align="centre")


def draw_back(surface: Surface, back: Back, width: float, height: float, bleed: float) -> None:
    """The back: background to the bleed edge, two nested frames and a diamond (symmetric, so a
    slightly shifted back still looks even) in the accent colour, and the title."""
    surface.rect(0, 0, width, height, back.background)
    inset = bleed + 3 * MM
    surface.rect(inset, inset, width - 2 * inset, height - 2 * inset, back.accent, radius=2.5 * MM, line=1.2)
    inner = inset + 2 * MM
    surface.rect(inner, inner, width - 2 * inner, height - 2 * inner, back.accent, radius=1.5 * MM, line=0.5)
    cx, cy, r = width / 2, height / 2, min(width, height) / 3
    diamond = ((cx, cy + r * 1.3), (cx + r, cy), (cx, cy - r * 1.3), (cx - r, cy))
    surface.polygon(diamond, back.accent, line=1.2)
    surface.text(width / 2, height / 2 - 4.5, back.title, 13, WHITE, bold=True, align="centre")
