"""A card's charge history as the coordinates of an inline SVG line chart (no JS library)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WIDTH, HEIGHT, PAD_LEFT, PAD_RIGHT, PAD_Y, PAD_BOTTOM = 640, 260, 44, 40, 20, 40
DATE_TICKS = 5  # at most this many dates under the x axis


@dataclass(frozen=True)
class Chart:
    """What the template draws: the polyline, one dot per list, the y ticks, the size."""

    width: int
    height: int
    points: str
    dots: list[dict[str, Any]]
    ticks: list[dict[str, Any]]
    date_ticks: list[dict[str, Any]]
    axis_y: float


def _nice_top(value: int) -> int:
    """The y axis's top: the next of 10, 20, 50, 100, 200, 500 ... at or above ``value``."""
    top = 10
    while top < value:
        top = top * 5 // 2 if str(top).startswith("2") else top * 2  # 10, 20, 50, 100, 200, ...
    return top


def history_chart(history: list[dict[str, Any]]) -> Chart:
    """Coordinates for ``[{date, charge}, ...]`` oldest first, on a time axis (a list's x is its
    date, so a gap of months looks like one); one list draws a single dot in the middle."""
    top = _nice_top(max([row["charge"] for row in history] + [1]))
    span_x = WIDTH - PAD_LEFT - PAD_RIGHT
    first, last = history[0]["date"], history[-1]["date"]
    days = max((last - first).days, 0)

    def x(day: Any) -> float:
        return round(PAD_LEFT + (span_x * (day - first).days / days if days else span_x / 2), 1)

    def y(value: float) -> float:
        return round(HEIGHT - PAD_BOTTOM - (HEIGHT - PAD_Y - PAD_BOTTOM) * value / top, 1)

    dots = [
        {"x": x(row["date"]), "y": y(row["charge"]), "date": row["date"], "charge": row["charge"]} for row in history
    ]
    ticks = [{"y": y(top * i / 4), "value": round(top * i / 4)} for i in range(5)]
    return Chart(
        WIDTH, HEIGHT, " ".join(f"{d['x']},{d['y']}" for d in dots), dots, ticks, _date_ticks(dots), y(0)
    )  # fmt: skip


def _date_ticks(dots: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Up to DATE_TICKS of the lists' dates, evenly picked, first and last always among them."""
    if len(dots) <= DATE_TICKS:
        picked = dots
    else:
        step = (len(dots) - 1) / (DATE_TICKS - 1)
        picked = [dots[round(i * step)] for i in range(DATE_TICKS)]
    return [{"x": d["x"], "date": d["date"]} for d in picked]
