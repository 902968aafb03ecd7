"""The toy game's effect vocabulary: one effect, ``{"score": n}`` (the card counts n)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

TEXTS = {"de": "Zählt {n}.", "en": "Counts {n}."}


def render_text(effects: Sequence[Mapping[str, Any]], lang: str = "de") -> str:
    """The rules text of ``effects`` in ``lang``, as the bundled cards print it."""
    return " ".join(TEXTS[lang].format(n=effect["score"]) for effect in effects)
