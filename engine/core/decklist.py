"""Deck lists as text (api.md): parse them, and resolve their names to cards.

Syntax: section headers ``Characters``/``Charaktere``, ``Deck``, ``Side``/``Sideboard`` (any case,
optional trailing colon); card lines ``N Name``, ``Nx Name`` or ``N x Name`` with 1 <= N <= 999;
blank lines and lines starting with ``#`` or ``//`` are ignored; lines before any header belong
to ``default_section`` (``deck``). A line that cannot be read becomes a ``bad_line`` problem
with its 1-based number; parsing goes on, so every problem is reported at once.

Names are matched case- and accent-insensitively (:func:`fold`, the same folding as
``cards.folding``) against each card's name, its ``names`` and its slug: one match resolves, none
is ``unknown_card`` (with the nearest names), several are ``ambiguous_card``: never a guess.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core.deckrules.types import DeckEntry, Violation

MAX_COUNT = 999
SECTION_HEADERS: Mapping[str, str] = {
    "characters": "characters",
    "charaktere": "characters",
    "deck": "deck",
    "side": "side",
    "sideboard": "side",
}
# ListLine(count, name, section, line) without the named tuple's Python-level __new__ (half the cost).
_new_line = tuple.__new__
_CARD_LINE = re.compile(r"^0*(?P<count>[^\D0]\d*|0)(?:\s*[xX])?\s+(?P<name>\S.*)$")  # leading zeros apart, linearly


class ListLine(NamedTuple):
    """One card line of a list: how many, the name as written, its section and line number.
    (A named tuple: a list makes dozens per request, and tuples are built fastest.)"""

    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose: the list says "count"
    name: str
    section: str = "deck"
    line: int | None = None


@dataclass(frozen=True)
class ParsedList:
    """The card lines that could be read and a ``bad_line`` problem for each that could not."""

    lines: list[ListLine] = field(default_factory=list)
    problems: list[Violation] = field(default_factory=list)


def bad_line(text: str, number: int, why: str) -> Violation:
    """The ``bad_line`` problem: the message quotes the line; ``line`` is its 1-based number."""
    return Violation(
        "bad_line",
        "error",
        f'Line {number}: cannot read "{text}": {why}.',
        params={"text": text},
        line=number,
    )


def section_header(text: str) -> str | None:
    """The section a header line opens (``"Sideboard:"`` -> ``"side"``), or None."""
    return SECTION_HEADERS.get(text.rstrip(":").strip().casefold())


def parse_deck_list(text: str, *, default_section: str = "deck") -> ParsedList:
    """Read a deck list (syntax in the module docstring); never raises on bad input."""
    parsed = ParsedList()
    lines, section, card_line = parsed.lines, default_section, _CARD_LINE.match
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        # Card lines come first: most lines are one. The name starts with a non-blank and the line
        # is stripped, so the name needs no strip of its own.
        match = card_line(stripped)
        # The pattern leaves leading zeros out of the count: more than three digits are out of range
        # without int() (which refuses 4,300 of them).
        if match is not None and len(match[1]) <= 3 and 1 <= (count := int(match[1])) <= MAX_COUNT:
            lines.append(_new_line(ListLine, (count, match[2], section, number)))
        elif match is not None:
            parsed.problems.append(bad_line(stripped, number, f"the count must be 1 to {MAX_COUNT}"))
        elif stripped.startswith(("#", "//")):
            continue
        elif (header := section_header(stripped)) is not None:
            section = header
        else:
            parsed.problems.append(bad_line(stripped, number, 'expected "N Name", "Nx Name" or a section header'))
    return parsed


def fold(text: str) -> str:
    """Lower-case, strip accents and umlaut dots, spell ß as ss (as ``cards.folding.fold``) and
    collapse runs of blanks, so a pasted name with doubled spaces still matches."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def unknown_card(name: str, suggestions: Sequence[str], line: int | None = None) -> Violation:
    """The ``unknown_card`` problem for a name that matches no card, naming the nearest names."""
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else "."
    return Violation(
        "unknown_card",
        "error",
        f'No card is named "{name}"{hint}',
        params={"name": name, "suggestions": list(suggestions)},
        line=line,
    )


def ambiguous_card(name: str, slugs: Sequence[str], line: int | None = None) -> Violation:
    """The ``ambiguous_card`` problem for a name several cards share; ``cards`` lists them."""
    return Violation(
        "ambiguous_card",
        "error",
        f'"{name}" names {len(slugs)} cards ({", ".join(slugs)}); list it by slug instead.',
        params={"name": name},
        cards=tuple(slugs),
        line=line,
    )


class CardIndex:
    """The cards of one game by folded name, ``names`` and slug, for resolving deck lists."""

    def __init__(self, cards: Iterable[Mapping[str, Any]]) -> None:
        self._by_key: dict[str, dict[str, Mapping[str, Any]]] = {}
        self._display: dict[str, str] = {}
        for card in cards:
            for key in self._keys(card):
                self._by_key.setdefault(fold(key), {})[str(card["slug"])] = card
                self._display.setdefault(fold(key), str(card.get("name") or card["slug"]))

    @staticmethod
    def _keys(card: Mapping[str, Any]) -> list[str]:
        names = card.get("names")
        others = [str(v) for v in names.values() if v] if isinstance(names, Mapping) else []
        return [str(card["slug"]), str(card.get("name") or ""), *others]

    def lookup(self, name: str) -> list[Mapping[str, Any]]:
        """Every card whose name, translated name or slug folds to ``fold(name)``."""
        return list(self._by_key.get(fold(name), {}).values())

    def suggestions(self, name: str, n: int = 3) -> list[str]:
        """The nearest card names to ``name`` (for ``unknown_card``)."""
        close = difflib.get_close_matches(fold(name), list(self._by_key), n=n, cutoff=0.6)
        return list(dict.fromkeys(self._display[key] for key in close))

    def resolve(self, parsed: ParsedList) -> tuple[list[DeckEntry], list[Violation]]:
        """The list's entries and every problem: its bad lines, unknown and ambiguous names."""
        entries: list[DeckEntry] = []
        problems = list(parsed.problems)
        for item in parsed.lines:
            found = self.lookup(item.name)
            if len(found) == 1:
                entries.append(DeckEntry(card=found[0], count=item.count, section=item.section, line=item.line))
            elif found:
                problems.append(ambiguous_card(item.name, [str(c["slug"]) for c in found], item.line))
            else:
                problems.append(unknown_card(item.name, self.suggestions(item.name), item.line))
        return entries, problems
