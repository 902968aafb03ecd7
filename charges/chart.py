"""A card's charge history as the coordinates of an inline SVG line chart (no JS library)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_Y = 640, 240, 44, 16, 20


@dataclass(frozen=True)
class Chart:
    """What the template draws: the polyline, one dot per list, the y ticks, the size."""

    width: int
    height: int
    points: str
    dots: list[dict[str, Any]]
    ticks: list[dict[str, Any]]


def _nice_top(value: int) -> int:
    """The y axis's top: the next of 10, 20, 50, 100, 200, 500 ... at or above ``value``."""
    top = 10
    while top < value:
        top = top * 5 // 2 if str(top).startswith("2") else top * 2  # 10, 20, 50, 100, 200, ...
    return top


def history_chart(history: list[dict[str, Any]]) -> Chart:
    """Coordinates for ``[{date, charge}, ...]`` oldest first; one list draws a single dot."""
    top = _nice_top(max([row["charge"] for row in history] + [1]))
    span_x = WIDTH - PAD_LEFT - PAD_RIGHT
    step = span_x / max(len(history) - 1, 1)

    def y(value: float) -> float:
        return round(HEIGHT - PAD_Y - (HEIGHT - 2 * PAD_Y) * value / top, 1)

    dots = [
        {"x": round(PAD_LEFT + i * step, 1), "y": y(row["charge"]), "date": row["date"], "charge": row["charge"]}
        for i, row in enumerate(history)
    ]
    ticks = [{"y": y(top * i / 4), "value": round(top * i / 4)} for i in range(5)]
    return Chart(WIDTH, HEIGHT, " ".join(f"{d['x']},{d['y']}" for d in dots), dots, ticks)
