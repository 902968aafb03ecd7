"""Print sheet geometry, pure (no Django, no reportlab): where each card and each back goes.

All lengths are millimetres; the origin is the lower-left corner of the page, as in PDF.
A card *slot* is the card's trim size plus the bleed on each side (api.md "Print sheets"):
the face (or back) covers exactly that rectangle. The grid of slots is centred on the page
and keeps at least ``MIN_MARGIN_MM`` to every paper edge, where printers cannot print.
Slots are numbered in reading order: left to right, then top to bottom.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

MIN_MARGIN_MM = 5.0
# Crop marks start this far outside the grid (so they never touch a bleed) and run this long.
CROP_OFFSET_MM = 1.0
CROP_LENGTH_MM = 3.0
# Lengths are compared with this slack so that 3 x 63 mm "fits" 189 mm despite float rounding.
EPSILON = 1e-6
MAX_BLEED_MM = 10.0
MAX_GAP_MM = 50.0
MAX_OFFSET_MM = 20.0
MAX_CUSTOM_MM = 2000.0
# The smallest card side printed: below it a face has no room for its name and stats (a 10 mm card
# divided by zero laying out its text). Real card sizes start around 40 mm.
MIN_CARD_MM = 20.0

Duplex = Literal["long", "short"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short")


class LayoutError(ValueError):
    """Settings that cannot be printed; the message says what would fit instead."""


@dataclass(frozen=True)
class Size:
    """A named width x height in mm (a paper or a card size)."""

    name: str
    width: float
    height: float

    def label(self) -> str:
        """``"Letter (215.9x279.4 mm)"``: how messages name it."""
        return f"{self.name} ({_mm(self.width)}x{_mm(self.height)} mm)"


PAPERS: dict[str, Size] = {
    "a4": Size("A4", 210.0, 297.0),
    "letter": Size("Letter", 215.9, 279.4),
    "a3": Size("A3", 297.0, 420.0),
}
CARD_SIZES: dict[str, Size] = {
    "poker": Size("poker", 63.0, 88.0),
    "mini": Size("mini", 59.0, 86.0),
    "bridge": Size("bridge", 57.0, 89.0),
    "tarot": Size("tarot", 70.0, 120.0),
}
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


def _mm(value: float) -> str:
    """A length for messages: at most one decimal, no trailing zero (``0.9``, ``63``)."""
    return f"{round(value, 1):g}"


def _custom_size(value: str, kind: str, choices: dict[str, Size]) -> Size:
    match = _CUSTOM.match(value)
    if not match:
        names = ", ".join(choices)
        raise LayoutError(f"unknown {kind} {value!r}; choose one of {names} or WIDTHxHEIGHT in mm (e.g. 100x150)")
    width, height = float(match[1]), float(match[2])
    if not (0 < width <= MAX_CUSTOM_MM and 0 < height <= MAX_CUSTOM_MM):
        raise LayoutError(f"{kind} {value!r}: width and height must be above 0 and at most {_mm(MAX_CUSTOM_MM)} mm")
    return Size("custom", width, height)


def paper_size(value: str) -> Size:
    """The paper named ``value`` (``a4``, ``letter``, ``a3``) or a custom ``WxH`` in mm."""
    return PAPERS.get(value.strip().lower()) or _custom_size(value, "paper", PAPERS)


def card_size(value: str) -> Size:
    """The card size named ``value`` (``poker``, ``mini``, ``bridge``, ``tarot``) or a custom ``WxH``
    with both sides at least ``MIN_CARD_MM``."""
    size = CARD_SIZES.get(value.strip().lower()) or _custom_size(value, "card size", CARD_SIZES)
    if min(size.width, size.height) < MIN_CARD_MM:
        raise LayoutError(f"card size {value!r}: each side must be at least {_mm(MIN_CARD_MM)} mm")
    return size


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm; (x, y) is its lower-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def shifted(self, dx: float, dy: float) -> Rect:
        """The same rectangle moved by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def inset(self, by: float) -> Rect:
        """The rectangle shrunk by ``by`` on every side (the trim box inside a bleed box)."""
        return Rect(self.x + by, self.y + by, self.width - 2 * by, self.height - 2 * by)


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2), in mm."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class PrintOptions:
    """Everything a print sheet can be asked for (api.md "Print sheets", plus our extras).

    ``grid`` (columns, rows) asks for an exact grid; None takes as many cards as fit.
    ``back_offset_mm`` moves every back by (x, y) as seen on the back page (x right, y up),
    to make up for a printer's duplex misalignment measured on the calibration page.
    """

    paper: Size = PAPERS["a4"]
    card: Size = CARD_SIZES["poker"]
    bleed_mm: float = 0.0
    gap_mm: float = 0.0
    margin_mm: float = MIN_MARGIN_MM
    grid: tuple[int, int] | None = None
    crop_marks: bool = True
    backs: bool = False
    duplex: Duplex = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    calibration: bool = False
    title: str = "Kartothek"

    @property
    def slot_width(self) -> float:
        """The width a face covers: trim width plus bleed on both sides."""
        return self.card.width + 2 * self.bleed_mm

    @property
    def slot_height(self) -> float:
        return self.card.height + 2 * self.bleed_mm


def check_numbers(options: PrintOptions) -> None:
    """Refuse lengths out of range, each message naming the option and the allowed range."""
    checks = [
        ("bleed_mm", options.bleed_mm, 0.0, MAX_BLEED_MM),
        ("gap_mm", options.gap_mm, 0.0, MAX_GAP_MM),
        ("margin_mm", options.margin_mm, MIN_MARGIN_MM, 100.0),
        ("back_offset_mm x", options.back_offset_mm[0], -MAX_OFFSET_MM, MAX_OFFSET_MM),
        ("back_offset_mm y", options.back_offset_mm[1], -MAX_OFFSET_MM, MAX_OFFSET_MM),
    ]
    for name, value, low, high in checks:
        if not (math.isfinite(value) and low <= value <= high):
            raise LayoutError(f"{name} must be between {_mm(low)} and {_mm(high)} mm, not {value:g}")
    if options.duplex not in DUPLEX_MODES:
        raise LayoutError(f"duplex must be 'long' or 'short', not {options.duplex!r}")
    if options.grid is not None and min(options.grid) < 1:
        raise LayoutError("grid needs at least 1 column and 1 row")


def _count(space: float, cell: float, gap: float) -> int:
    """How many cells of ``cell`` mm with ``gap`` mm between them fit in ``space`` mm."""
    return max(0, math.floor((space + gap) / (cell + gap) + EPSILON))


def fitting_grid(options: PrintOptions) -> tuple[int, int]:
    """The most columns and rows of slots that fit inside the margins."""
    usable_w = options.paper.width - 2 * options.margin_mm
    usable_h = options.paper.height - 2 * options.margin_mm
    return (
        _count(usable_w, options.slot_width, options.gap_mm),
        _count(usable_h, options.slot_height, options.gap_mm),
    )


def largest_bleed(options: PrintOptions, columns: int, rows: int) -> float:
    """The largest bleed (mm, rounded down to 0.1) at which ``columns`` x ``rows`` fit; < 0: none."""
    usable_w = options.paper.width - 2 * options.margin_mm - (columns - 1) * options.gap_mm
    usable_h = options.paper.height - 2 * options.margin_mm - (rows - 1) * options.gap_mm
    bleed = min((usable_w / columns - options.card.width) / 2, (usable_h / rows - options.card.height) / 2)
    return math.floor(bleed * 10 + EPSILON) / 10


def largest_gap(options: PrintOptions, columns: int, rows: int) -> float | None:
    """The largest gap (mm, rounded down to 0.1) at which the grid fits; None for a 1x1 grid."""
    usable_w = options.paper.width - 2 * options.margin_mm - columns * options.slot_width
    usable_h = options.paper.height - 2 * options.margin_mm - rows * options.slot_height
    gaps = [space / (n - 1) for space, n in ((usable_w, columns), (usable_h, rows)) if n > 1]
    return math.floor(min(gaps) * 10 + EPSILON) / 10 if gaps else None


def _paper_that_fits(options: PrintOptions, columns: int, rows: int) -> Size | None:
    for paper in sorted(PAPERS.values(), key=lambda p: p.width * p.height):
        for candidate in (paper, Size(f"{paper.name} landscape", paper.height, paper.width)):
            cols, rws = fitting_grid(_with_paper(options, candidate))
            if cols >= columns and rws >= rows:
                return candidate
    return None


def _with_paper(options: PrintOptions, paper: Size) -> PrintOptions:
    return PrintOptions(
        paper=paper,
        card=options.card,
        bleed_mm=options.bleed_mm,
        gap_mm=options.gap_mm,
        margin_mm=options.margin_mm,
    )


def misfit_message(options: PrintOptions, columns: int, rows: int) -> str:
    """Why ``columns`` x ``rows`` do not fit, and what would: bleed, gap, grid or paper."""
    bleed = f" with {_mm(options.bleed_mm)} mm bleed" if options.bleed_mm else ""
    gap = f" and {_mm(options.gap_mm)} mm gap" if options.gap_mm else ""
    parts = [
        f"{columns}x{rows} {options.card.label()} cards{bleed}{gap} do not fit on "
        f"{options.paper.label()} inside {_mm(options.margin_mm)} mm margins"
    ]
    best_bleed = largest_bleed(options, columns, rows)
    if best_bleed >= 0:
        parts.append(f"the largest bleed for {columns}x{rows} on {options.paper.name} is {_mm(best_bleed)} mm")
    best_gap = largest_gap(options, columns, rows)
    if best_gap is not None and best_gap >= 0 and options.gap_mm:
        parts.append(f"the largest gap is {_mm(best_gap)} mm")
    cols, rws = fitting_grid(options)
    if cols and rws:
        parts.append(f"with these settings {cols}x{rws} fit")
    paper = _paper_that_fits(options, columns, rows)
    if paper is not None and paper != options.paper:
        parts.append(f"{paper.label()} fits {columns}x{rows}")
    return "; ".join(parts) + "."


@dataclass(frozen=True)
class Layout:
    """The grid of one sheet: ``columns`` x ``rows`` slots centred on ``options.paper``."""

    options: PrintOptions
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def grid_box(self) -> Rect:
        """The rectangle the slots cover, bleeds included, centred on the page."""
        o = self.options
        width = self.columns * o.slot_width + (self.columns - 1) * o.gap_mm
        height = self.rows * o.slot_height + (self.rows - 1) * o.gap_mm
        return Rect((o.paper.width - width) / 2, (o.paper.height - height) / 2, width, height)

    def slot(self, index: int) -> Rect:
        """The face rectangle (trim plus bleed) of slot ``index`` (reading order, 0 = top left)."""
        o, box = self.options, self.grid_box
        column, row = index % self.columns, (index // self.columns) % self.rows
        x = box.x + column * (o.slot_width + o.gap_mm)
        y = box.top - o.slot_height - row * (o.slot_height + o.gap_mm)
        return Rect(x, y, o.slot_width, o.slot_height)

    def trim(self, index: int) -> Rect:
        """Where slot ``index`` is cut: the slot without its bleed."""
        return self.slot(index).inset(self.options.bleed_mm)

    def back_slot(self, index: int) -> Rect:
        """Where the back of slot ``index`` goes on the back page, so that it lands behind its face.

        Turning the sheet over its long edge mirrors left and right on a portrait page; over its
        short edge, top and bottom (the other way round on a landscape page). The back offset
        then moves it to make up for the printer's misalignment.
        """
        o, face = self.options, self.slot(index)
        portrait = o.paper.height >= o.paper.width
        mirror_x = (o.duplex == "long") == portrait
        x = o.paper.width - face.right if mirror_x else face.x
        y = face.y if mirror_x else o.paper.height - face.top
        return Rect(x, y, face.width, face.height).shifted(*o.back_offset_mm)

    def crop_marks(self) -> list[Line]:
        """Short lines outside the grid continuing every trim edge, for cutting with a ruler."""
        box, far = self.grid_box, CROP_OFFSET_MM + CROP_LENGTH_MM
        trims = [self.trim(i) for i in range(self.per_page)]
        xs = sorted({round(x, 6) for t in trims for x in (t.x, t.right)})
        ys = sorted({round(y, 6) for t in trims for y in (t.y, t.top)})
        marks = [Line(x, box.top + CROP_OFFSET_MM, x, box.top + far) for x in xs]
        marks += [Line(x, box.y - CROP_OFFSET_MM, x, box.y - far) for x in xs]
        marks += [Line(box.x - CROP_OFFSET_MM, y, box.x - far, y) for y in ys]
        marks += [Line(box.right + CROP_OFFSET_MM, y, box.right + far, y) for y in ys]
        return marks


def plan_layout(options: PrintOptions) -> Layout:
    """The sheet layout for ``options``; raises :class:`LayoutError` saying what would fit."""
    check_numbers(options)
    columns, rows = fitting_grid(options)
    if options.grid is not None:
        wanted_cols, wanted_rows = options.grid
        if wanted_cols > columns or wanted_rows > rows:
            raise LayoutError(misfit_message(options, wanted_cols, wanted_rows))
        columns, rows = wanted_cols, wanted_rows
    elif columns < 1 or rows < 1:
        raise LayoutError(misfit_message(options, 1, 1))
    return Layout(options, columns, rows)


def pages_needed(layout: Layout, card_count: int) -> int:
    """How many sheets of faces ``card_count`` cards take (at least one)."""
    return max(1, math.ceil(card_count / layout.per_page))
