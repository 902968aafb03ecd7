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
    """A figure row's label where the builder gave none: numbers as they are, ``neutral`` (no
    guild) translated, anything else made readable."""
    text = str(key)
    if kind == "number":
        return text
    if text == "neutral":
        return str(pgettext("deck builder", "neutral"))
    return _fallback(text)
