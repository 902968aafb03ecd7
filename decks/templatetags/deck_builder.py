"""Filters of the deck builder's templates: the labels of the figures beside the deck."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import pgettext

register = template.Library()


def _fallback(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


@register.filter
def figure_label(key: Any, kind: str = "type") -> str:
    """A figure row's label: numbers as they are, guilds and types by their translated names (the
    card pages' labels, `cards.labels`, when that module is there; else the key made readable)."""
    key = str(key)
    if kind == "number":
        return key
    if key == "neutral":
        return pgettext("deck builder", "neutral")
    try:
        from cards import labels  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # the card pages' labels arrive with issue 17's gallery work
        return _fallback(key)
    name = {"type": "type_label", "value": "value_label"}.get(kind, "value_label")
    label = getattr(labels, name, None)
    return str(label(key)) if label is not None else _fallback(key)


@register.filter
def figure_title(key: str) -> str:
    """The heading of a figure group."""
    titles = {
        "cost": pgettext("deck builder", "Cost curve"),
        "genera": pgettext("deck builder", "Genera"),
        "guilds": pgettext("deck builder", "Guilds"),
        "classes": pgettext("deck builder", "Classes"),
        "types": pgettext("deck builder", "Types"),
        "stages": pgettext("deck builder", "Stages"),
    }
    return titles.get(key, _fallback(key))
