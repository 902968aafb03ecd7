"""The web face of a card without an image (``/cards/<game>/<slug>/face.svg``): text fitted to its boxes.

A browser draws the SVG's text in whatever sans-serif it has, so the widths are estimated on the
safe side: Helvetica's metrics (built into reportlab) times WIDE, which covers DejaVu Sans, the
widest common sans-serif (measured: at most 1.22 x Helvetica in bold). A name shrinks to fit its
panel; the rules text wraps and shrinks until it fits its panel, then is cut with an ellipsis.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.emblems import emblem
from cards.labels import attribute_label, type_label

WIDE = 1.25  # rendered width / Helvetica width, on the safe side (see the module's docstring)
NAME_BOX = (60, 90, 470)  # x, baseline, width (the cost disc sits to the right)
NAME_BOX_NO_COST = (60, 90, 530)
NAME_PT, NAME_MIN_PT = 38, 18
RULES_BOX = (60, 460, 510, 270)  # x, top, width, height
RULES_PT, RULES_MIN_PT, LEADING = 26, 15, 1.25
STAT_COLUMNS, STAT_WIDTH, STAT_PT = 3, 170, 26


def width(text: str, size: float, *, bold: bool = False) -> float:
    """The estimated rendered width of ``text`` at ``size`` px (on the safe side)."""
    return stringWidth(text, "Helvetica-Bold" if bold else "Helvetica", size) * WIDE


def fit(text: str, size: float, room: float, minimum: float, *, bold: bool = False) -> tuple[str, float]:
    """``text`` at the largest size up to ``size`` that fits ``room`` px, cut with "…" below ``minimum``."""
    natural = width(text, size, bold=bold)
    if natural <= room:
        return text, size
    size = max(minimum, size * room / natural * 0.99)
    if width(text, size, bold=bold) <= room:
        return text, size
    while text and width(text + "…", size, bold=bold) > room:
        text = text[:-1]
    return text.rstrip() + "…", size


@lru_cache(maxsize=2048)
def wrap(text: str, size: float, room: float) -> tuple[str, ...]:
    """``text`` in lines no wider than ``room`` px at ``size`` (an over-long word is split)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if width(candidate, size) <= room:
            current = candidate
            continue
        if current:
            lines.append(current)
        while width(word, size) > room and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and width(word[:cut] + "-", size) > room:
                cut -= 1
            lines.append(word[:cut] + "-")
            word = word[cut:]
        current = word
    return tuple(lines + ([current] if current else []))


def rules(text: str) -> tuple[float, tuple[str, ...]]:
    """Font size and lines of the rules text in its panel: shrunk, then cut with "…"."""
    _x, _top, room, height = RULES_BOX
    size = float(RULES_PT)
    while True:
        lines = wrap(text, size, room)
        capacity = max(1, int(height // (size * LEADING)))
        if len(lines) <= capacity:
            return size, lines
        if size <= RULES_MIN_PT:
            last, _ = fit(lines[capacity - 1] + " …", size, room, size)
            return size, (*lines[: capacity - 1], last)
        size -= 1


@dataclass(frozen=True)
class Text:
    """One line of text on the face: where, how big, what."""

    x: float
    y: float
    size: float
    text: str


def layout(card: dict[str, Any], schema: Any) -> dict[str, Any]:
    """Everything face.svg draws for ``card``: name, rules lines, stats, type label and emblem."""
    x, baseline, room = NAME_BOX if card.get("cost") is not None else NAME_BOX_NO_COST
    name, name_size = fit(str(card.get("name") or ""), NAME_PT, room, NAME_MIN_PT, bold=True)
    size, lines = rules(str(card.get("text") or ""))
    rx, top, _room, _height = RULES_BOX
    numbers = [
        (k, v) for k, v in (card.get("attributes") or {}).items() if isinstance(v, int) and not isinstance(v, bool)
    ]
    stats = []
    for i, (key, value) in enumerate(numbers[:6]):
        label = _short_label(schema, key)
        text, stat_size = fit(f"{label} {value}", STAT_PT, STAT_WIDTH - 10, 14, bold=True)
        stats.append(Text(60 + (i % STAT_COLUMNS) * 180, 790 + (i // STAT_COLUMNS) * 36, stat_size, text))
    kind, kind_size = fit(type_label(str(card.get("type") or ""), str(card.get("game") or "")), 24, 500, 14)
    return {
        "name": Text(x, baseline, name_size, name),
        "lines": [Text(rx, top + size + i * size * LEADING, size, line) for i, line in enumerate(lines)],
        "stats": stats,
        "kind": Text(315, 418, kind_size, kind),
        "emblem": emblem(str(card.get("game") or ""), str(card.get("type") or "")),
    }


def _short_label(schema: Any, key: str) -> str:
    """A stat's short label: the schema's own (AP, DP ...) or the first letters of its translated name."""
    attr = schema.attr(key)
    if attr and attr.label and len(attr.label) <= 4:
        return str(attr.label).upper()
    return attribute_label(key, schema.game)[:3].upper()
