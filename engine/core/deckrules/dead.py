"""Dead cards: legal, but the deck can never use them, so they earn a warning (``dead_card``).

What makes a card dead is the game's own rule, handed in as a ``finder`` (Eredan's E5 in
``engine.games.eredan.deckrules``, Ka-Mel-Oh!'s K8 in ``engine.games.kamelo.deckrules``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.core.deckrules.common import card_name
from engine.core.deckrules.types import Deck, DeckEntry, Violation, entry_problem

Finder = Callable[[Deck], Iterable[tuple[DeckEntry, str]]]


@dataclass(frozen=True)
class DeadCards:
    """Warn about cards the deck can never use: ``finder`` yields each with the reason, ``what``
    says what it looks for (the help text), ``decision`` names the rule (E5, K8)."""

    decision: str
    finder: Finder
    what: str
    code: str = "dead_card"

    def check(self, deck: Deck) -> Iterable[Violation]:
        seen: set[str] = set()
        for entry, why in self.finder(deck):
            if entry.slug not in seen:
                seen.add(entry.slug)
                yield entry_problem(self.code, f"{card_name(entry)} is a dead card: {why}.", entry, severity="warning")

    def help_text(self) -> str:
        return f"Warns about {self.what} ({self.decision})."
