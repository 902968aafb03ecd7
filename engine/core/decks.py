"""Deck rules as small objects, formats as lists of configured rules (Django's password_validation
and Showdown's team validator are the models): every rule runs, every problem is reported at once.

The service resolves a deck list's names to cards (API shape dicts) and hands the rules a ``Deck``;
the rules know nothing of the database. A format may need context that lives elsewhere: it
arrives in ``Deck.context``: ``charges`` (slug -> charge in force at ``as_of``, E6), ``banned``
(slugs banned for the format), ``evolves_from`` (slug -> parent slug of cards outside the deck, so
that evolution lines through absent cards still join, E2).

This module is the public face of the generic rules; the code lives in ``engine.core.deckrules``
(split by sub-domain) and ``engine.core.decklist`` (the list syntax and name resolution). A game's
own rules live in its package (``engine.games.eredan.deckrules``: E1-E6; ``engine.games.kamelo.
deckrules``: K8).
"""

from __future__ import annotations

from engine.core.decklist import (
    CardIndex,
    ListLine,
    ParsedList,
    ambiguous_card,
    bad_line,
    fold,
    parse_deck_list,
    unknown_card,
)
from engine.core.deckrules.common import (
    Banned,
    CardBounds,
    DeckSize,
    MaxCopies,
    SectionSize,
    StageDistribution,
    Unique,
    copy_groups,
    line_roots,
    stage_counts,
)
from engine.core.deckrules.dead import DeadCards
from engine.core.deckrules.format import DeckFormat, Summarizer, type_counts, type_summary
from engine.core.deckrules.types import (
    Deck,
    DeckEntry,
    DeckRule,
    Format,
    Severity,
    ValidationResult,
    Violation,
)

__all__ = [
    "Banned",
    "CardBounds",
    "CardIndex",
    "DeadCards",
    "Deck",
    "DeckEntry",
    "DeckFormat",
    "DeckRule",
    "DeckSize",
    "Format",
    "ListLine",
    "MaxCopies",
    "ParsedList",
    "SectionSize",
    "Severity",
    "StageDistribution",
    "Summarizer",
    "Unique",
    "ValidationResult",
    "Violation",
    "ambiguous_card",
    "bad_line",
    "copy_groups",
    "fold",
    "line_roots",
    "parse_deck_list",
    "stage_counts",
    "type_counts",
    "type_summary",
    "unknown_card",
]
