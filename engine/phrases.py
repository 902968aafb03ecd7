"""The engine's English texts in the page's language (``Presentation.phrases``).

A pure engine writes its action labels and log texts in English. Each game lists those texts as
msgids with ``%(name)s`` placeholders; here each msgid becomes a pattern (its words literal, each
placeholder any text, but ``%(seat)s``, ``%(seat1)s``... a seat's number), a label or text is matched against the game's patterns (the one with the
most literal text first: "Cast %(card)s on %(target)s" before "Cast %(card)s"), and the match is
written again from the msgid's translation, each placeholder's value translated the same way (so
"P1: %(what)s" translates what follows it too). A text no phrase matches stays as the engine
wrote it: never lost, and ``tests/engine/test_phrases.py`` fails for it.

``translated(data, shown)`` does this for every ``label`` and ``text`` in a state, a log or a
list of actions (but a card's own ``text``: a dict with a ``slug``), and returns new data (the
state may be cached elsewhere).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext

from engine.core.presentation import Presentation

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
KEYS = ("label", "text")
SEAT = re.compile(r"seat\d*")
MAX_DEPTH = 4  # placeholders within placeholders: no engine text nests deeper
SEAT_NAME = re.compile(r"P(\d+)")  # how every engine names a seat in its texts: P1, P2, ...


def _group(name: str) -> str:
    """A placeholder's pattern: a seat number (``seat``, ``seat1``...) is digits, so that
    "P%(seat)s attacks" cannot read a card named "Pferd" as seat "ferd"; anything else any text."""
    return rf"(?P<{name}>\d+)" if SEAT.fullmatch(name) else f"(?P<{name}>.+?)"


@lru_cache(maxsize=16)
def _patterns(phrases: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each msgid as a whole-text pattern, the most specific (most literal text) first."""
    compiled = []
    for msgid in phrases:
        parts = PLACEHOLDER.split(msgid)  # literal, name, literal, name, ...
        regex = "".join(re.escape(part) if i % 2 == 0 else _group(part) for i, part in enumerate(parts))
        literal = sum(len(part) for part in parts[::2])
        compiled.append((literal, re.compile(regex + r"\Z", re.DOTALL), msgid))
    compiled.sort(key=lambda item: -item[0])
    return tuple((pattern, msgid) for _, pattern, msgid in compiled)


def matching_phrase(text: str, phrases: tuple[str, ...]) -> tuple[str, dict[str, str]] | None:
    """The msgid that ``text`` is an instance of, with the placeholders' values; None if none is."""
    for pattern, msgid in _patterns(phrases):
        found = pattern.match(text)
        if found:
            return msgid, found.groupdict()
    return None


def seat_label(index: int) -> str:
    """A seat's short name on the pages: "P1" in English, "S1" (Spieler) in German."""
    return gettext("P%(n)s") % {"n": index + 1}


def page_text(text: str, shown: Presentation, depth: int = 0) -> str:
    """``text`` in the active language (as the engine wrote it when no phrase matches)."""
    if depth > MAX_DEPTH or not shown.phrases:
        return text
    seat = SEAT_NAME.fullmatch(text)
    if seat:  # a placeholder's value that is a seat's name ("%(thief)s"): the pages' seat label
        return seat_label(int(seat.group(1)) - 1)
    found = matching_phrase(text, shown.phrases)
    if found is None:
        return text
    msgid, values = found
    return gettext(msgid) % {name: page_text(value, shown, depth + 1) for name, value in values.items()}


def _english() -> bool:
    return (get_language() or "en").startswith("en")


def translated(data: Any, shown: Presentation) -> Any:
    """``data`` with every string under a ``label`` or ``text`` key in the active language."""
    if _english() or not shown.phrases:
        return data
    return _walk(data, shown)


def _walk(data: Any, shown: Presentation) -> Any:
    if isinstance(data, dict):
        card = "slug" in data  # a card's own text is the card data's, not the engine's
        return {
            key: page_text(value, shown)
            if key in KEYS and isinstance(value, str) and not (card and key == "text")
            else _walk(value, shown)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [_walk(item, shown) for item in data]
    return data
