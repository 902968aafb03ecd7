"""The vocabulary of deck validation: a problem (``Violation``), a resolved deck (``Deck`` of
``DeckEntry``), a rule (``DeckRule``), a format (``Format``) and the verdict (``ValidationResult``).

Entries in the ``side`` section are a sideboard: they count toward copy limits but not toward the
deck's size or its composition rules (``main_entries``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

Severity = Literal["error", "warning"]
T = TypeVar("T")


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


@dataclass(init=False, slots=True)
class DeckEntry:
    """One resolved line of a deck: the card (API shape), how many, which section, which line;
    and the card's ``slug`` and ``type`` (``""`` when it has none), which the rules ask for
    hundreds of times per validation.

    Read-only by contract: the rules share entries (copy groups, the guild profile), so none may
    change one. It is not frozen because a deck list makes dozens per request: a frozen dataclass
    took twice as long to make (each field set through object.__setattr__), and its attributes
    a third longer to read than these slots."""

    card: Mapping[str, Any]
    count: int
    section: str
    line: int | None
    slug: str
    type: str

    def __init__(self, card: Mapping[str, Any], count: int, section: str = "deck", line: int | None = None) -> None:
        self.card, self.count, self.section, self.line = card, count, section, line
        slug, type_ = card["slug"], card.get("type") or ""
        self.slug = slug if type(slug) is str else str(slug)
        self.type = type_ if type(type_) is str else str(type_)


@dataclass(frozen=True)
class Deck:
    """A resolved deck, ready for the rules; ``context`` carries e.g. ``charges`` (slug -> charge).

    ``derived`` holds figures several rules share (the deck proper, evolution lines, the guild
    profile), computed once per deck by ``derive``; the deck is frozen, so they never go stale."""

    entries: tuple[DeckEntry, ...]
    context: Mapping[str, Any] = field(default_factory=dict)
    derived: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)


def derive(deck: Deck, key: Hashable, build: Callable[[Deck], T]) -> T:
    """``build(deck)``, computed once per deck and shared by every rule that asks for ``key``
    (the answer is shared: never change it)."""
    try:
        value: T = deck.derived[key]
    except KeyError:
        value = deck.derived[key] = build(deck)
    return value


class DeckRule(Protocol):
    """A rule: ``check`` yields every violation it finds; ``help_text`` says what it demands.
    ``code`` is the problem code it raises (read-only, so frozen dataclasses qualify)."""

    @property
    def code(self) -> str: ...

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


SIDE = "side"


def main_entries(deck: Deck) -> tuple[DeckEntry, ...]:
    """The entries that make up the deck proper: every section but the sideboard."""
    return derive(deck, "main", lambda d: tuple(e for e in d.entries if e.section != SIDE))


def card_type(entry: DeckEntry) -> str:
    """The card's ``type`` (``""`` when it has none)."""
    return entry.type


def attributes(card: Mapping[str, Any]) -> Mapping[str, Any]:
    """The card's ``attributes`` mapping (empty when absent or malformed)."""
    attrs = card.get("attributes")
    return attrs if type(attrs) is dict or isinstance(attrs, Mapping) else {}


def first_line(entries: Iterable[DeckEntry]) -> int | None:
    """The first list line among ``entries`` that has one (problems point at it)."""
    return min((e.line for e in entries if e.line is not None), default=None)


def entry_problem(
    code: str, message: str, entry: DeckEntry, *, severity: Severity = "error", params: Mapping[str, Any] | None = None
) -> Violation:
    """A problem about one entry: its card and its list line."""
    return Violation(code, severity, message, params=params or {}, cards=(entry.slug,), line=entry.line)


def group_problem(
    code: str, message: str, entries: Sequence[DeckEntry], params: Mapping[str, Any] | None = None
) -> Violation:
    """An error about several entries (copies, characters): their distinct cards, the first line."""
    slugs = tuple(dict.fromkeys(e.slug for e in entries))
    return Violation(code, "error", message, params=params or {}, cards=slugs, line=first_line(entries))
