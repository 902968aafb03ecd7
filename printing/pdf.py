"""Print sheets as PDF (api.md "Print sheets"): exact-size faces, crop marks, duplex backs.

Pure of Django: it takes card dicts in the API shape and optional image paths. Each distinct
vector face is drawn once as a PDF form and placed wherever the card repeats; each image file is
embedded once (reportlab reuses an image XObject drawn from the same file name, and passes JPEG
data through untouched), so a 60-card deck of 20 distinct cards costs 20 faces, not 60.
"""

from __future__ import annotations

import io
import itertools
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import BasicFonts, PDFObject, PDFObjectReference
from reportlab.pdfgen.canvas import Canvas

from printing.calibration import draw_calibration_back, draw_calibration_front
from printing.faces import back_operators, card_face, register_fonts
from printing.faces.base import FONT
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
    canvas = new_canvas(buffer, options)
    _set_metadata(canvas, cards, options)
    if options.calibration:
        _calibration_pages(canvas, layout)
    _SheetWriter(canvas, layout).write(cards, progress)
    canvas.save()
    return buffer.getvalue()


def new_canvas(buffer: io.BytesIO, options: PrintOptions) -> Canvas:
    """A compressed canvas of the paper's size whose initial font is the embedded one.

    reportlab's default initial font is Helvetica, which then sits unembedded in every page's
    and form's resources: print-shop preflight checks reject a PDF with an unembedded font.
    """
    size = (options.paper.width * mm, options.paper.height * mm)
    return Canvas(buffer, pagesize=size, pageCompression=1, initialFontName=FONT)


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


class _Form(PDFObject):  # reportlab ships no type information (its classes are Any)
    """A form XObject written from ready operators: a face's chrome, or a face using its chrome.

    reportlab's generic form object (``beginForm``/``endForm``) spent more time on each form's
    dictionaries than the face took to draw; here the dictionary is written in one piece. A face
    uses only DeviceRGB colours, the bundled fonts and its chrome form, so its resources are the
    document's font dictionary and that one form.
    """

    def __init__(self, operators: str, bbox: bytes, uses: str = "") -> None:
        self.content = operators.encode("latin-1")  # escaped text: ASCII only
        self.bbox = bbox
        self.uses = uses  # the internal name of the form this one draws, if any

    def format(self, document: Any) -> bytes:
        data: bytes = document.encrypt.encode(zlib.compress(self.content))
        resources = b"/Font " + PDFObjectReference(BasicFonts).format(document)
        if self.uses:
            reference = PDFObjectReference(self.uses).format(document)
            resources += b" /XObject << /" + self.uses.encode() + b" " + reference + b" >>"
        head = b" ".join(
            (
                b"<< /BBox " + self.bbox + b" /Filter /FlateDecode /FormType 1",
                b"/Length " + str(len(data)).encode() + b" /Matrix [ 1 0 0 1 0 0 ]",
                b"/Resources << " + resources + b" /ProcSet [ /PDF /Text ] >> /Subtype /Form /Type /XObject >>",
            )
        )
        return head + b"\nstream\n" + data + b"\nendstream\n"


class _SheetWriter:
    """Places faces (and backs) page by page, drawing each distinct face once as a form."""

    def __init__(self, canvas: Canvas, layout: Layout) -> None:
        self.canvas = canvas
        self.layout = layout
        self.options = layout.options
        self.forms: dict[tuple[str, ...], str] = {}
        self.chromes: dict[str, str] = {}  # chrome operators -> the form that draws them
        self.names = (f"K{n}" for n in itertools.count())
        self.copies: Counter[tuple[str, str, str]] = Counter()
        self.size = (self.options.slot_width * mm, self.options.slot_height * mm, self.options.bleed_mm * mm)
        # Slot corners and crop marks are the same on every sheet: worked out once, as PDF operators.
        self.faces = [_origin(layout.slot(i)) for i in range(layout.per_page)]
        self.backs = [_origin(layout.back_slot(i)) for i in range(layout.per_page)]
        self.marks = _crop_mark_operators(layout) if self.options.crop_marks else ""
        # A form clips to its BBox, and a viewer anti-aliases that clip: a BBox exactly the slot's size
        # shows a light hairline between butted cards on screen. The faces stay inside the slot anyway.
        self.bbox = f"[ -1 -1 {fp_str(self.size[0] + 1, self.size[1] + 1)} ]".encode()

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
            if card.image is not None and card.image.is_file():
                slot = self.layout.slot(index)
                self.canvas.drawImage(str(card.image), slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm)
            elif self.copies[card.key] == 1:
                self._draw_once(card, self.faces[index])
            else:
                self._place(self._face_form(card), self.faces[index])
        if self.marks:
            self.canvas.addLiteral(self.marks)
        self.canvas.showPage()

    def _backs_page(self, chunk: Sequence[PrintCard]) -> None:
        for index, card in enumerate(chunk):
            self._place(self._back_form(str(card.card.get("game"))), self.backs[index])
        self.canvas.showPage()

    def _place(self, form: str, origin: str) -> None:
        """One placement of a form: a ``Do`` with the slot's translation, nothing else."""
        self.canvas.addLiteral(f"q {origin} cm")
        self.canvas.doForm(form)
        self.canvas.addLiteral("Q")

    def _draw_once(self, card: PrintCard, origin: str) -> None:
        """A face that prints once: its chrome form and its text, straight onto the page."""
        face = card_face(self.canvas, card.card, *self.size)
        self.canvas.addLiteral(f"q {origin} cm")
        self.canvas.doForm(self._chrome_form(face.chrome))
        self.canvas.addLiteral(face.text)
        self.canvas.addLiteral("Q")

    def _face_form(self, card: PrintCard) -> str:
        """The form of a face that repeats: its chrome form, then its text."""
        key = ("face", *card.key)
        if key not in self.forms:
            face = card_face(self.canvas, card.card, *self.size)
            chrome = self.canvas._doc.getXObjectName(self._chrome_form(face.chrome))
            self.forms[key] = self._add_form(f"/{chrome} Do\n{face.text}", chrome)
        return self.forms[key]

    def _chrome_form(self, chrome: str) -> str:
        """The form drawing ``chrome``: one per combination of colours and geometry in the PDF."""
        if chrome not in self.chromes:
            self.chromes[chrome] = self._add_form(chrome)
        return self.chromes[chrome]

    def _add_form(self, operators: str, uses: str = "") -> str:
        name = next(self.names)
        # The canvas's document owns the forms (as with endForm); doForm finds them by name.
        self.canvas._doc.addForm(name, _Form(operators, self.bbox, uses))
        return name

    def _back_form(self, game: str) -> str:
        key = ("back", game)
        if key not in self.forms:
            self.forms[key] = self._add_form(back_operators(self.canvas, game, *self.size))
        return self.forms[key]


def _origin(slot: Rect) -> str:
    """The ``cm`` operands that move the origin to ``slot``'s lower-left corner."""
    return f"1 0 0 1 {fp_str(slot.x * mm, slot.y * mm)}"


def _crop_mark_operators(layout: Layout) -> str:
    """All crop marks of a sheet as one stroked path, black and hairline-thin, in its own state."""
    segments = " ".join(
        f"{fp_str(m.x1 * mm, m.y1 * mm)} m {fp_str(m.x2 * mm, m.y2 * mm)} l" for m in layout.crop_marks()
    )
    return f"q 0 G {fp_str(CROP_MARK_WIDTH_PT)} w {segments} S Q"


__all__ = ["PrintCard", "PrintOptions", "card_list", "render_sheet"]
