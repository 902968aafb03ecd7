"""Deck rules as small objects, formats as lists of configured rules (Django's password_validation
and Showdown's team validator are the models): every rule runs, every problem is reported at once.

The service resolves a deck list's names to cards (API shape dicts) and hands the rules a ``Deck``;
the rules know nothing of the database. A format may need context that lives elsewhere: it
arrives in ``Deck.context``: ``charges`` (slug -> charge in force at ``as_of``, E6), ``banned``
(slugs banned for the format), ``evolves_from`` (slug -> parent slug of cards outside the deck, so
that evolution lines through absent cards still join, E2).

This module is the public face; the code lives in ``engine.core.deckrules`` (split by
sub-domain) and ``engine.core.decklist`` (the list syntax and name resolution).
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
from engine.core.deckrules.eredan import (
    CHARGE_FLOOR,
    CharacterCount,
    ChargeLimit,
    DistinctCharacterLines,
    GuildProfile,
    GuildRule,
    OffGuildCards,
    deck_charge,
    eredan_summary,
    guild_profile,
)
from engine.core.deckrules.format import DeckFormat, Summarizer, genus_summary, stage_summary, type_summary
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
    "CHARGE_FLOOR",
    "Banned",
    "CardBounds",
    "CardIndex",
    "CharacterCount",
    "ChargeLimit",
    "DeadCards",
    "Deck",
    "DeckEntry",
    "DeckFormat",
    "DeckRule",
    "DeckSize",
    "DistinctCharacterLines",
    "Format",
    "GuildProfile",
    "GuildRule",
    "ListLine",
    "MaxCopies",
    "OffGuildCards",
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
    "deck_charge",
    "eredan_summary",
    "fold",
    "genus_summary",
    "guild_profile",
    "line_roots",
    "parse_deck_list",
    "stage_counts",
    "stage_summary",
    "type_summary",
    "unknown_card",
]
