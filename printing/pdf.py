"""Print sheets as PDF (api.md "Print sheets"): exact-size faces, crop marks, duplex backs.

Pure of Django: it takes card dicts in the API shape and optional image paths. Each distinct
vector face is drawn once as a PDF form and placed wherever the card repeats; each image file is
embedded once (reportlab reuses an image XObject drawn from the same file name, and passes JPEG
data through untouched), so a 60-card deck of 20 distinct cards costs 20 faces, not 60.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.calibration import draw_calibration_back, draw_calibration_front
from printing.faces import draw_card_back, draw_card_face, register_fonts
from printing.layouts import Layout, PrintOptions, Rect, pages_needed, plan_layout

Progress = Callable[[int, int], None]
CROP_MARK_WIDTH_PT = 0.3
DUPLEX_NAMES = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}


@dataclass(frozen=True)
class PrintCard:
    """One card to print: its dict in the API shape and, when it has one, its image file."""

    card: dict[str, Any]
    image: Path | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        return (str(self.card.get("game")), str(self.card.get("slug")), str(self.image or ""))


def render_sheet(cards: Sequence[PrintCard], options: PrintOptions, progress: Progress | None = None) -> bytes:
    """The PDF for ``cards`` with ``options``; raises ``LayoutError`` for settings that cannot fit.

    ``progress(done, total)`` is called after every sheet of faces with the cards placed so far.
    """
    layout = plan_layout(options)
    register_fonts()
    # Binary (Flate only) streams: ASCII85 would make the file a quarter larger and slower to write.
    rl_config.useA85 = 0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(options.paper.width * mm, options.paper.height * mm), pageCompression=1)
    _set_metadata(canvas, cards, options)
    if options.calibration:
        _calibration_pages(canvas, layout)
    _SheetWriter(canvas, layout).write(cards, progress)
    canvas.save()
    return buffer.getvalue()


def card_list(cards: Sequence[PrintCard]) -> str:
    """``"3x Iro (eredan/iro), 1x Katana (eredan/katana)"``: the metadata's card list."""
    counts = Counter(c.key[:2] for c in cards)
    names = {c.key[:2]: str(c.card.get("name") or c.card.get("slug")) for c in cards}
    return ", ".join(f"{n}x {names[key]} ({key[0]}/{key[1]})" for key, n in counts.items())


def _set_metadata(canvas: Canvas, cards: Sequence[PrintCard], options: PrintOptions) -> None:
    canvas.setTitle(options.title)
    canvas.setSubject(card_list(cards))
    canvas.setAuthor("Kartothek")
    canvas.setCreator("Kartothek print shop")
    canvas.setKeywords(f"{options.paper.name}, {options.card.name}, bleed {options.bleed_mm:g} mm")
    # Printers must not "fit to page": the cards are only right at actual size.
    canvas.setViewerPreference("PrintScaling", "None")
    if options.backs:
        canvas.setViewerPreference("Duplex", DUPLEX_NAMES[options.duplex])


def _calibration_pages(canvas: Canvas, layout: Layout) -> None:
    draw_calibration_front(canvas, layout)
    canvas.showPage()
    if layout.options.backs:
        draw_calibration_back(canvas, layout)
        canvas.showPage()


class _SheetWriter:
    """Places faces (and backs) page by page, drawing each distinct face once as a form."""

    def __init__(self, canvas: Canvas, layout: Layout) -> None:
        self.canvas = canvas
        self.layout = layout
        self.options = layout.options
        self.forms: dict[tuple[str, ...], str] = {}
        self.copies: Counter[tuple[str, str, str]] = Counter()
        self.size = (self.options.slot_width * mm, self.options.slot_height * mm, self.options.bleed_mm * mm)

    def write(self, cards: Sequence[PrintCard], progress: Progress | None) -> None:
        # A face that prints once is drawn straight onto its page: a form only pays off when reused.
        self.copies = Counter(card.key for card in cards)
        per_page = self.layout.per_page
        for page in range(pages_needed(self.layout, len(cards))):
            chunk = cards[page * per_page : (page + 1) * per_page]
            self._faces_page(chunk)
            if self.options.backs:
                self._backs_page(chunk)
            if progress is not None:
                progress(min(len(cards), (page + 1) * per_page), len(cards))

    def _faces_page(self, chunk: Sequence[PrintCard]) -> None:
        for index, card in enumerate(chunk):
            slot = self.layout.slot(index)
            if card.image is not None and card.image.is_file():
                self.canvas.drawImage(str(card.image), slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm)
            elif self.copies[card.key] == 1:
                self._draw_at(slot, partial(draw_card_face, self.canvas, card.card, *self.size))
            else:
                self._place(self._face_form(card), slot)
        if self.options.crop_marks:
            self._crop_marks()
        self.canvas.showPage()

    def _backs_page(self, chunk: Sequence[PrintCard]) -> None:
        for index, card in enumerate(chunk):
            self._place(self._back_form(str(card.card.get("game"))), self.layout.back_slot(index))
        self.canvas.showPage()

    def _place(self, form: str, slot: Rect) -> None:
        self._draw_at(slot, lambda: self.canvas.doForm(form))

    def _draw_at(self, slot: Rect, draw: Callable[[], None]) -> None:
        """Run ``draw`` with the origin moved to the slot's lower-left corner."""
        self.canvas.saveState()
        self.canvas.translate(slot.x * mm, slot.y * mm)
        draw()
        self.canvas.restoreState()

    def _face_form(self, card: PrintCard) -> str:
        key = ("face", *card.key)
        if key not in self.forms:
            self.forms[key] = self._define(lambda: draw_card_face(self.canvas, card.card, *self.size))
        return self.forms[key]

    def _back_form(self, game: str) -> str:
        key = ("back", game)
        if key not in self.forms:
            self.forms[key] = self._define(lambda: draw_card_back(self.canvas, game, *self.size))
        return self.forms[key]

    def _define(self, draw: Callable[[], None]) -> str:
        """Record ``draw`` as a form XObject the size of a slot; returns its name."""
        name = f"K{len(self.forms)}"
        width, height, _bleed = self.size
        self.canvas.beginForm(name, 0, 0, width, height)
        draw()
        self.canvas.endForm()
        return name

    def _crop_marks(self) -> None:
        self.canvas.setStrokeColor(black)
        self.canvas.setLineWidth(CROP_MARK_WIDTH_PT)
        lines = [(m.x1 * mm, m.y1 * mm, m.x2 * mm, m.y2 * mm) for m in self.layout.crop_marks()]
        self.canvas.lines(lines)


__all__ = ["PrintCard", "PrintOptions", "card_list", "render_sheet"]
