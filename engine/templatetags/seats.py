"""``{{ index|seat }}``: a seat's short name on the play pages ("P1" in English, "S1" in German),
the same as in the seat list and the log (``engine.phrases.seat_label``); and a match's game and
variant by name."""

from __future__ import annotations

from django import template

from engine.boards import game_name, variant_name
from engine.phrases import seat_label

register = template.Library()


@register.filter
def seat(index: int | str | None) -> str:
    """The short name of the seat with the 0-based ``index``; empty for no seat."""
    if index is None or index == "":
        return ""
    return seat_label(int(index))


@register.filter
def seat_list(indices: list[int] | tuple[int, ...] | None) -> str:
    """The short names of 0-based seat ``indices``, comma-separated: a result's winners "S1, S3"."""
    return ", ".join(seat_label(int(i)) for i in indices or ())


@register.filter
def match_kind(game: str, variant: str) -> str:
    """A match's game and variant by name in the page's language: "muhqs Spiel · Zwei Dörfer"."""
    return f"{game_name(game)} · {variant_name(game, variant)}"
