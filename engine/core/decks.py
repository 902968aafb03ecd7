"""Deck rules as small objects, formats as lists of configured rules (Django's password_validation
and Showdown's team validator are the models): every rule runs, every problem is reported at once.

The service resolves a deck list's names to cards (API shape dicts) and hands the rules a ``Deck``;
the rules know nothing of the database. A format may need context that lives elsewhere (Eredan's
charge list in force at ``as_of``): it arrives in ``Deck.context``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Violation:
    """One problem with a deck: a stable ``code`` (api.md), its severity, a message naming the rule
    or decision that raised it, the parameters, the card slugs concerned and the list line."""

    code: str
    severity: Severity
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[str, ...] = ()
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "params": dict(self.params),
            "cards": list(self.cards),
            "line": self.line,
        }


@dataclass(frozen=True)
class DeckEntry:
    """One resolved line of a deck: the card (API shape), how many, which section, which line."""

    card: Mapping[str, Any]
    count: int
    section: str = "deck"
    line: int | None = None

    @property
    def slug(self) -> str:
        return str(self.card["slug"])


@dataclass(frozen=True)
class Deck:
    """A resolved deck, ready for the rules; ``context`` carries e.g. ``charges`` (slug -> charge)."""

    entries: tuple[DeckEntry, ...]
    context: Mapping[str, Any] = field(default_factory=dict)


class DeckRule(Protocol):
    """A rule: ``check`` yields every violation it finds; ``help_text`` says what it demands."""

    code: str

    def check(self, deck: Deck) -> Iterable[Violation]: ...

    def help_text(self) -> str: ...


@dataclass(frozen=True)
class ValidationResult:
    """The verdict: legal exactly when no problem has severity ``error``."""

    format: str
    problems: tuple[Violation, ...]
    summary: Mapping[str, Any]

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "format": self.format,
            "problems": [p.to_json() for p in self.problems],
            "summary": dict(self.summary),
        }


class Format(Protocol):
    """A deck format (``eredan/standard``): its rules, sections and a summary of a deck."""

    slug: str
    name: str
    game: str
    sections: Sequence[str]

    def validate(self, deck: Deck) -> ValidationResult: ...
