"""The calibration page: checks "actual size" printing and measures the duplex offset.

The front has a 100 mm ruler each way (a tick per millimetre) and the outline of the first card's
trim with a cross at its centre. The back (with ``backs``) has the same outline where the first
back lands, and a scale of 0.5 mm steps around its centre: held against the light, the front's
cross reads the printer's offset on that scale, to enter as ``back_offset_mm``.
"""

from __future__ import annotations

from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.faces.base import FONT, FONT_BOLD
from printing.layouts import Layout, Rect

RULER_MM = 100
SCALE_HALF_MM = 5.0
SCALE_STEP_MM = 0.5


def draw_calibration_front(canvas: Canvas, layout: Layout) -> None:
    """Rulers, the first card's trim outline and a centre cross."""
    paper = layout.options.paper
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawString(12 * mm, 42 * mm, "Kalibrierung: mit 100 % / „Tatsächliche Größe“ drucken")
    canvas.setFont(FONT, 7)
    canvas.drawString(12 * mm, 37 * mm, "Beide Lineale müssen genau 100 mm messen.")
    _ruler(canvas, x=12, y=20, horizontal=True)
    _ruler(canvas, x=paper.width - 20, y=30, horizontal=False)
    trim = layout.trim(0)
    _outline(canvas, trim)
    _cross(canvas, trim)


def draw_calibration_back(canvas: Canvas, layout: Layout) -> None:
    """The outline where the first back lands and a 0.5 mm scale around its centre."""
    canvas.setFont(FONT, 7)
    canvas.drawString(12 * mm, 12 * mm, "Rückseite: gegen das Licht halten und den Versatz am Kreuz ablesen (0,5 mm).")
    trim = layout.back_slot(0).inset(layout.options.bleed_mm)
    _outline(canvas, trim)
    _scale(canvas, trim)


def _ruler(canvas: Canvas, *, x: float, y: float, horizontal: bool) -> None:
    """A ruler of ``RULER_MM`` from (x, y) mm: 1 mm ticks, longer every 5 and 10 mm, labelled by 10."""
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.25)
    canvas.setFont(FONT, 5)
    ticks = []
    for step in range(RULER_MM + 1):
        length = 5.0 if step % 10 == 0 else 3.5 if step % 5 == 0 else 2.0
        if horizontal:
            ticks.append(((x + step) * mm, y * mm, (x + step) * mm, (y + length) * mm))
        else:
            ticks.append((x * mm, (y + step) * mm, (x + length) * mm, (y + step) * mm))
        if step % 10 == 0:
            label_x, label_y = (x + step - 0.8, y - 3) if horizontal else (x + 6, y + step - 0.8)
            canvas.drawString(label_x * mm, label_y * mm, str(step))
    end = ((x + RULER_MM) * mm, y * mm) if horizontal else (x * mm, (y + RULER_MM) * mm)
    ticks.append((x * mm, y * mm, *end))
    canvas.lines(ticks)


def _outline(canvas: Canvas, trim: Rect) -> None:
    canvas.setLineWidth(0.3)
    canvas.rect(trim.x * mm, trim.y * mm, trim.width * mm, trim.height * mm, stroke=1, fill=0)


def _cross(canvas: Canvas, trim: Rect) -> None:
    cx, cy = trim.x + trim.width / 2, trim.y + trim.height / 2
    canvas.lines([((cx - 8) * mm, cy * mm, (cx + 8) * mm, cy * mm), (cx * mm, (cy - 8) * mm, cx * mm, (cy + 8) * mm)])


def _scale(canvas: Canvas, trim: Rect) -> None:
    """Ticks every 0.5 mm, ±5 mm from the centre on both axes (longer at whole millimetres)."""
    cx, cy = trim.x + trim.width / 2, trim.y + trim.height / 2
    steps = int(SCALE_HALF_MM / SCALE_STEP_MM)
    ticks = []
    for i in range(-steps, steps + 1):
        offset, length = i * SCALE_STEP_MM, 2.0 if i % 2 == 0 else 1.0
        ticks.append(((cx + offset) * mm, (cy - length) * mm, (cx + offset) * mm, (cy + length) * mm))
        ticks.append(((cx - length) * mm, (cy + offset) * mm, (cx + length) * mm, (cy + offset) * mm))
    canvas.setLineWidth(0.15)
    canvas.lines(ticks)
