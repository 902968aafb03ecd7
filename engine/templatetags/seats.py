"""``{{ index|seat }}``: a seat's short name on the play pages ("P1" in English, "S1" in German),
the same as in the seat list and the log (``engine.boards.seat_label``)."""

from __future__ import annotations

from django import template

from engine.boards import seat_label

register = template.Library()


@register.filter
def seat(index: int | str | None) -> str:
    """The short name of the seat with the 0-based ``index``; empty for no seat."""
    if index is None or index == "":
        return ""
    return seat_label(int(index))
