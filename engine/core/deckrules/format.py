"""A concrete deck format: sections, a tuple of configured rules and a summarizer, all data.

``DeckFormat.validate`` runs every rule and reports every problem at once (Showdown's team
validator, Django's ``validate_password``), then sums the deck up for the response.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.deckrules.types import Deck, DeckRule, ValidationResult, Violation, main_entries

Summarizer = Callable[[Deck], Mapping[str, Any]]


@dataclass(frozen=True)
class DeckFormat:
    """A format such as ``eredan/standard``: which sections a list may have, which rules apply,
    and which per-game figures the summary adds (``summarizer``)."""

    slug: str
    name: str
    game: str
    sections: tuple[str, ...]
    rules: tuple[DeckRule, ...]
    summarizer: Summarizer | None = None
    description: str = ""
    # The limit of the format's ChargeLimit rule (E6) for the summary, if it has one.
    charge_limit: int | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        limit = next((getattr(r, "limit", None) for r in self.rules if r.code == "charge_limit"), None)
        object.__setattr__(self, "charge_limit", limit if isinstance(limit, int) else None)

    def validate(self, deck: Deck) -> ValidationResult:
        """Every problem of ``deck`` in this format, and its summary."""
        deck.derived.clear()  # shared figures live for one validation (the context may have changed)
        problems = [*self._section_problems(deck)]
        for rule in self.rules:
            problems.extend(rule.check(deck))
        return ValidationResult(format=self.slug, problems=tuple(problems), summary=self.summary(deck))

    def summary(self, deck: Deck) -> dict[str, Any]:
        """``count`` (every card), ``sections`` (cards per section) and the game's figures."""
        sections: dict[str, int] = {}
        for entry in deck.entries:
            sections[entry.section] = sections.get(entry.section, 0) + entry.count
        summary: dict[str, Any] = {"count": sum(sections.values()), "sections": sections}
        if self.summarizer is not None:
            summary.update(self.summarizer(deck))
        limit = self.charge_limit
        if limit is not None and isinstance(summary.get("charge"), int):
            # E6: the deck builder shows the total against the cap and what is left under it.
            summary["charge_limit"] = limit
            summary["charge_headroom"] = limit - summary["charge"]
        return summary

    def help_texts(self) -> list[str]:
        """What the format demands, one sentence per rule."""
        return [rule.help_text() for rule in self.rules]

    def _section_problems(self, deck: Deck) -> Iterable[Violation]:
        for section in dict.fromkeys(e.section for e in deck.entries if e.section not in self.sections):
            lines = [e.line for e in deck.entries if e.section == section and e.line is not None]
            yield Violation(
                "unknown_section",
                "error",
                f"The section {section!r} is not part of {self.slug}; its sections are {', '.join(self.sections)}.",
                params={"section": section, "sections": list(self.sections)},
                line=min(lines, default=None),
            )


def type_summary(deck: Deck) -> dict[str, Any]:
    """Cards per type in the deck proper (duel, muhq)."""
    return {"types": type_counts(deck)}


def type_counts(deck: Deck) -> dict[str, int]:
    """Cards per type in the deck proper, sorted by type."""
    counts: Counter[str] = Counter()
    for entry in main_entries(deck):
        counts[entry.type] += entry.count
    return dict(sorted(counts.items()))
