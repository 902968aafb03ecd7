"""Case- and accent-folding, the same on SQLite and PostgreSQL because it happens in Python.

`fold("Kamel-hame-ha! Größe")` -> `"kamel-hame-ha! grosse"`; names, texts and queries all pass
through it, so `"kamelhameha"`-style typing differences aside, "é" matches "e" and "ß" matches "ss".
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[0-9a-z]+")


def fold(text: str) -> str:
    """Lower-case, strip accents and umlaut dots, and spell ß as ss."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> set[str]:
    """The distinct folded words (letters and digits) of `text`, at most 80 characters each."""
    return {w[:80] for w in _WORD.findall(fold(text))}
