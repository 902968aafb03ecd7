"""Rules any game's format may use: sizes, copy limits with evolution lines, unique cards, bans,
stage proportions (R1) and per-card bounds (K3).

Each rule is a small frozen dataclass with ``code``, ``check(deck)`` and ``help_text()``; its
settings are fields, so a format is data (``DeckFormat(rules=(DeckSize(60, 60), ...))``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.cards import FieldError
from engine.core.deckrules.types import (
    Deck,
    DeckEntry,
    Violation,
    attributes,
    derive,
    entry_problem,
    group_problem,
    main_entries,
)


def card_name(entry: DeckEntry) -> str:
    """The name a player reads (falls back to the slug)."""
    return str(entry.card.get("name") or entry.slug)


def _names(entries: Sequence[DeckEntry]) -> str:
    return ", ".join(dict.fromkeys(card_name(e) for e in entries))


def _slugs(entries: Sequence[DeckEntry]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.slug for e in entries))


def _bounds_text(minimum: int | None, maximum: int | None) -> str:
    """'exactly 60', 'at least 20', 'at most 50' or 'between 20 and 50'."""
    if minimum is not None and minimum == maximum:
        return f"exactly {minimum}"
    if maximum is None:
        return f"at least {minimum or 0}"
    if not minimum:
        return f"at most {maximum}"
    return f"between {minimum} and {maximum}"


def _size_problem(count: int, minimum: int | None, maximum: int | None, what: str, decision: str) -> Violation | None:
    """A ``deck_size`` violation when ``count`` is outside [minimum, maximum]."""
    if (minimum is None or count >= minimum) and (maximum is None or count <= maximum):
        return None
    bounds = _bounds_text(minimum, maximum)
    return Violation(
        "deck_size",
        "error",
        f"{what} has {count} cards; {bounds} are required ({decision}).",
        params={"count": count, "min": minimum, "max": maximum},
    )


@dataclass(frozen=True)
class DeckSize:
    """The deck (every section but the sideboard, or one ``section``) holds ``min``..``max`` cards.

    ``exclude_types`` leaves card types out of the count (Eredan's characters, E1)."""

    min: int | None
    max: int | None
    section: str | None = None
    exclude_types: frozenset[str] = frozenset()
    decision: str = "deck size"
    code: str = "deck_size"

    def check(self, deck: Deck) -> Iterable[Violation]:
        entries = [
            e
            for e in main_entries(deck)
            if (self.section is None or e.section == self.section) and e.type not in self.exclude_types
        ]
        what = f"The {self.section} section" if self.section else "The deck"
        problem = _size_problem(sum(e.count for e in entries), self.min, self.max, what, self.decision)
        return [problem] if problem else []

    def help_text(self) -> str:
        what = f"the {self.section} section" if self.section else "the deck"
        others = f" besides {', '.join(sorted(self.exclude_types))} cards" if self.exclude_types else ""
        return f"{what.capitalize()} holds {_bounds_text(self.min, self.max)} cards{others} ({self.decision})."


@dataclass(frozen=True)
class SectionSize:
    """A named section (the sideboard, usually) holds ``min``..``max`` cards."""

    section: str
    max: int | None
    min: int | None = None
    decision: str = "section size"
    code: str = "deck_size"

    def check(self, deck: Deck) -> Iterable[Violation]:
        count = sum(e.count for e in deck.entries if e.section == self.section)
        problem = _size_problem(count, self.min, self.max, f"The {self.section} section", self.decision)
        return [problem] if problem else []

    def help_text(self) -> str:
        return f"The {self.section} section holds {_bounds_text(self.min, self.max)} cards ({self.decision})."


def line_roots(deck: Deck) -> dict[str, str]:
    """Each card slug of the deck -> the first card of its evolution line (E2).

    A card's ``evolves_from`` names its parent. ``deck.context["evolves_from"]`` (slug -> parent
    slug) may add cards that are not in the deck, so that a line whose middle card is absent still
    joins. A broken chain or a cycle ends the walk where it stands. Computed once per deck.
    """
    return derive(deck, "line_roots", _line_roots)


def _line_roots(deck: Deck) -> dict[str, str]:
    # The deck's own cards override the context's parents; a lookup in both beats copying the
    # context's map (every evolving card of the game) for each deck.
    context: Mapping[str, str | None] = deck.context.get("evolves_from") or {}
    own: dict[str, str | None] = {entry.slug: entry.card.get("evolves_from") or None for entry in deck.entries}
    roots: dict[str, str] = {}
    for slug, parent in own.items():
        if not parent:  # most cards start their line
            roots[slug] = slug
            continue
        root, seen = slug, {slug}
        while parent and parent not in seen:
            seen.add(parent)
            root = parent
            parent = own[root] if root in own else context.get(root)
        roots[slug] = root
    return roots


def copy_groups(deck: Deck, *, lines: bool) -> list[tuple[list[DeckEntry], int]]:
    """The deck's entries grouped as copies of one another (by slug, or by evolution line), each
    with its number of copies. Computed once per deck (shared: never change the answer)."""
    return derive(deck, ("copy_groups", lines), lambda d: _copy_groups(d, lines))


def _copy_groups(deck: Deck, lines: bool) -> list[tuple[list[DeckEntry], int]]:
    roots = line_roots(deck) if lines else {}
    groups: dict[str, list[DeckEntry]] = {}
    for entry in deck.entries:
        key = roots.get(entry.slug, entry.slug)
        if key in groups:
            groups[key].append(entry)
        else:
            groups[key] = [entry]
    # Most groups are one line of the list: their count needs no sum.
    return [(g, g[0].count if len(g) == 1 else sum([e.count for e in g])) for g in groups.values()]


def _copies_text(entries: Sequence[DeckEntry]) -> str:
    """'Katana' or 'Iro, Iro Meister (one evolution line)'."""
    names = _names(entries)
    return names if len(_slugs(entries)) == 1 else f"{names} (one evolution line)"


@dataclass(frozen=True)
class MaxCopies:
    """At most ``limit`` copies of a card; with ``lines`` a card and every card on its evolution
    line count as copies of one another (E2). Copies are counted over every section."""

    limit: int
    lines: bool = True
    decision: str = "E2"
    code: str = "too_many_copies"

    def check(self, deck: Deck) -> Iterable[Violation]:
        for group, count in copy_groups(deck, lines=self.lines):
            if count > self.limit:
                message = f"{_copies_text(group)}: {count} copies, at most {self.limit} are allowed ({self.decision})."
                yield group_problem(self.code, message, group, {"count": count, "limit": self.limit})

    def help_text(self) -> str:
        lines = "; an evolution line shares the limit" if self.lines else ""
        return f"At most {self.limit} copies of a card{lines} ({self.decision})."


@dataclass(frozen=True)
class Unique:
    """A card marked ``unique`` appears once; on an evolution line with a unique card the whole
    line appears once (E2: the line shares the limit, and the unique card's limit is 1)."""

    lines: bool = True
    decision: str = "E2"
    code: str = "unique_card"

    def check(self, deck: Deck) -> Iterable[Violation]:
        for group, count in copy_groups(deck, lines=self.lines):
            if count > 1 and (unique := [e for e in group if e.card.get("unique")]):
                message = (
                    f"{_names(unique)} is unique: {_copies_text(group)} has {count} copies, "
                    f"at most 1 is allowed ({self.decision})."
                )
                yield group_problem(self.code, message, group, {"count": count, "limit": 1})

    def help_text(self) -> str:
        return f"A unique card (and its evolution line) at most once ({self.decision})."


@dataclass(frozen=True)
class Banned:
    """No card of the format's ban list nor of ``deck.context["banned"]`` (slugs)."""

    banned: frozenset[str] = frozenset()
    decision: str = "ban list"
    code: str = "banned_card"

    def check(self, deck: Deck) -> Iterable[Violation]:
        banned = self.banned | frozenset(deck.context.get("banned") or ())
        for entry in deck.entries:
            if entry.slug in banned:
                yield entry_problem(self.code, f"{card_name(entry)} is banned in this format ({self.decision}).", entry)

    def help_text(self) -> str:
        return f"No banned card ({self.decision})."


def _stage(entry: DeckEntry) -> int | None:
    value = attributes(entry.card).get("stage")
    return value if isinstance(value, int) else None


@dataclass(frozen=True)
class StageDistribution:
    """R1: the monster pile holds monsters of stages 1..6 in ``proportions``; exactly one set of
    them (``multiple=False``, format ``basis``) or any whole number of sets (``lang``)."""

    proportions: tuple[int, ...] = (6, 5, 4, 3, 2, 2)
    multiple: bool = False
    monster_type: str = "monster"
    decision: str = "R1"
    code: str = "stage_distribution"

    def check(self, deck: Deck) -> Iterable[Violation]:
        counts = stage_counts(deck, len(self.proportions), self.monster_type)
        total, unit = sum(counts.values()), sum(self.proportions)
        sets = total // unit if self.multiple else 1
        if self.multiple and (total == 0 or total % unit):
            return [self._problem(counts, f"{total} monsters is not a multiple of {unit}")]
        expected = {stage: sets * n for stage, n in enumerate(self.proportions, start=1)}
        wrong = [f"stage {s}: {counts[s]} instead of {n}" for s, n in expected.items() if counts[s] != n]
        return [self._problem(counts, "; ".join(wrong), expected)] if wrong else []

    def _problem(self, counts: Mapping[int, int], why: str, expected: Mapping[int, int] | None = None) -> Violation:
        shape = "/".join(map(str, self.proportions))
        return Violation(
            self.code,
            "error",
            f"Monster pile: {why}; stages 1-6 must come {shape}{' (times k)' if self.multiple else ''} ({self.decision}).",
            params={
                "counts": {str(s): n for s, n in counts.items()},
                "expected": {str(s): n for s, n in (expected or {}).items()},
            },
        )

    def help_text(self) -> str:
        shape = "/".join(map(str, self.proportions))
        many = f"any multiple of {sum(self.proportions)}" if self.multiple else f"exactly {sum(self.proportions)}"
        return f"The monster pile is {many} monsters, stages 1-6 in the proportions {shape} ({self.decision})."


def stage_counts(deck: Deck, stages: int = 6, monster_type: str = "monster") -> dict[int, int]:
    """Monsters per stage 1..``stages`` in the deck proper (R1)."""
    counts = dict.fromkeys(range(1, stages + 1), 0)
    for entry in main_entries(deck):
        stage = _stage(entry)
        if entry.type == monster_type and stage in counts:
            counts[stage] += entry.count
    return counts


CardCheck = Callable[[Mapping[str, object]], Sequence[FieldError]]


@dataclass(frozen=True)
class CardBounds:
    """Every card lies inside bounds that depend on the format (K3: the violet bounds of a
    variant); ``bounds`` returns one FieldError per field out of bounds."""

    bounds: CardCheck
    decision: str = "K3"
    code: str = "card_bounds"

    def check(self, deck: Deck) -> Iterable[Violation]:
        seen: set[str] = set()
        for entry in deck.entries:
            errors = [] if entry.slug in seen else self.bounds(entry.card)
            seen.add(entry.slug)
            if errors:
                text = "; ".join(map(str, errors))
                cite = "" if f"({self.decision})" in text else f" ({self.decision})"
                fields = {e.field: e.message for e in errors}
                yield entry_problem(self.code, f"{card_name(entry)}: {text}{cite}.", entry, params={"fields": fields})

    def help_text(self) -> str:
        return f"Every card's stats lie inside this format's bounds ({self.decision})."
