"""Reading print sheets back: rectangles and lines of a PDF page in millimetres."""

from __future__ import annotations

import io
from typing import Any

import pdfplumber

PT = 25.4 / 72  # mm per point


def card(game: str = "kamelo", slug: str = "kamel", name: str = "Kamel", **extra: Any) -> dict[str, Any]:
    """A card dict in the API shape (only what the faces read)."""
    base: dict[str, Any] = {
        "game": game,
        "slug": slug,
        "name": name,
        "type": "monster",
        "cost": 2,
        "rarity": "common",
        "set": {"code": "ks1", "name": "Kamelstart", "released": "2026-01-01"},
        "guilds": [],
        "text": "Ein Kamel.",
        "attributes": {"ap": 30, "dp": 20, "lp": 150, "hk": 2},
    }
    return {**base, **extra}


def pages(pdf: bytes) -> list[Any]:
    """The pages of a PDF (pdfplumber), read fully so the file can close."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [_page_data(page) for page in doc.pages]


def _page_data(page: Any) -> dict[str, Any]:
    height = float(page.height)
    return {
        "size": (float(page.width) * PT, height * PT),
        "rects": [_box(r, height) for r in page.rects],
        "lines": [_line(ln, height) for ln in page.lines],
        "images": [_box(i, height) for i in page.images],
        "text": page.extract_text() or "",
    }


def _box(obj: dict[str, Any], height: float) -> tuple[float, float, float, float]:
    """(x, y, width, height) in mm from the page's lower-left corner."""
    return (
        obj["x0"] * PT,
        (height - obj["bottom"]) * PT,
        (obj["x1"] - obj["x0"]) * PT,
        (obj["bottom"] - obj["top"]) * PT,
    )


def _line(obj: dict[str, Any], height: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm, lower-left origin, ends sorted."""
    return (obj["x0"] * PT, (height - obj["bottom"]) * PT, obj["x1"] * PT, (height - obj["top"]) * PT)


def sized(boxes: list[tuple[float, ...]], width: float, height: float, tol: float = 0.1) -> list[tuple[float, ...]]:
    """The boxes of ``width`` x ``height`` mm (to ``tol``), sorted top-left first."""
    found = [b for b in boxes if abs(b[2] - width) <= tol and abs(b[3] - height) <= tol]
    return sorted(found, key=lambda b: (-round(b[1], 1), round(b[0], 1)))


def near(box: tuple[float, ...], expected: tuple[float, ...], tol: float = 0.1) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(box, expected, strict=True))
