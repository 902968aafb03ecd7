"""Request options -> PrintOptions, pure: the one reading of api.md's print options.

The API serializer, the print dialog page and background jobs all pass their option dicts
through ``print_options``, so a job rebuilt from its stored options prints what was asked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printing.layouts import LayoutError, PrintOptions, card_size, paper_size

OPTION_NAMES: tuple[str, ...] = (
    "paper",
    "card_size",
    "bleed_mm",
    "gap_mm",
    "margin_mm",
    "grid",
    "crop_marks",
    "backs",
    "duplex",
    "back_offset_mm",
    "calibration",
    "title",
)
_GRID = re.compile(r"^\s*(\d{1,2})\s*[x×]\s*(\d{1,2})\s*$", re.IGNORECASE)


def parse_grid(value: str | None) -> tuple[int, int] | None:
    """``"3x3"`` -> (3, 3); empty -> None (as many as fit)."""
    if not value:
        return None
    match = _GRID.match(value)
    if not match:
        raise LayoutError(f"grid {value!r} is not COLUMNSxROWS (e.g. 3x3)")
    return int(match[1]), int(match[2])


def print_options(data: Mapping[str, Any]) -> PrintOptions:
    """PrintOptions from an option dict (missing keys take api.md's defaults); LayoutError if bad."""
    offset = data.get("back_offset_mm") or (0.0, 0.0)
    return PrintOptions(
        paper=paper_size(str(data.get("paper") or "a4")),
        card=card_size(str(data.get("card_size") or "poker")),
        bleed_mm=float(data.get("bleed_mm") or 0.0),
        gap_mm=float(data.get("gap_mm") or 0.0),
        margin_mm=float(data.get("margin_mm") or 5.0),
        grid=parse_grid(data.get("grid")),
        crop_marks=bool(data.get("crop_marks", True)),
        backs=bool(data.get("backs", False)),
        duplex="short" if data.get("duplex") == "short" else "long",
        back_offset_mm=(float(offset[0]), float(offset[1])),
        calibration=bool(data.get("calibration", False)),
        title=str(data.get("title") or "Kartothek"),
    )
