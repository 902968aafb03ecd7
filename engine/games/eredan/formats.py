"""Deck formats of Eredan iTCG: each a list of configured deck rules (engine.core.decks).

- ``eredan/standard`` applies E1-E5: 3 characters from 3 different evolution lines plus 20-50
  other cards; at most 2 copies per evolution line, unique cards once; guilds (E3, E4); dead
  class-restricted cards are warnings (E5).
- ``eredan/quilingo`` is standard plus E6: the deck's charge (copies x charge over every card,
  characters included, a charge below 5 counting 0) is at most 500. The charge list in force at
  the request's ``as_of`` date arrives in ``deck.context["charges"]``.

Choices where the seed is silent: a ``side`` section (sideboard) may hold up to 15 cards; it does
not count toward the deck's size, but its copies count toward the copy limits. Banned slugs
arrive in ``deck.context["banned"]`` (an administrator's ban for the format, E7).
"""

from __future__ import annotations

from engine.core.decks import Banned, DeadCards, DeckFormat, DeckRule, DeckSize, MaxCopies, SectionSize, Unique
from engine.games.eredan.deckrules import (
    CHARGE_FLOOR,
    CHARGE_LIMIT,
    CharacterCount,
    ChargeLimit,
    DistinctCharacterLines,
    GuildRule,
    OffGuildCards,
    class_dead_cards,
    eredan_summary,
)

SECTIONS = ("characters", "deck", "side")
SIDEBOARD_MAX = 15
COPY_LIMIT = 2  # E2

STANDARD_RULES: tuple[DeckRule, ...] = (
    CharacterCount(3, decision="E1"),
    DeckSize(20, 50, exclude_types=frozenset({"character"}), decision="E1"),
    SectionSize("side", SIDEBOARD_MAX, decision="sideboard"),
    MaxCopies(COPY_LIMIT, lines=True, decision="E2"),
    Unique(decision="E2"),
    DistinctCharacterLines(decision="E2"),
    GuildRule(decision="E3"),
    OffGuildCards(decision="E4"),
    DeadCards("E5", class_dead_cards, "class-restricted cards no character can use"),
    Banned(),
)

FORMATS: dict[str, DeckFormat] = {
    "eredan/standard": DeckFormat(
        slug="eredan/standard",
        name="Standard",
        game="eredan",
        sections=SECTIONS,
        rules=STANDARD_RULES,
        summarizer=eredan_summary,
        description="3 characters and 20-50 cards, guild rules (E1-E5).",
    ),
    "eredan/quilingo": DeckFormat(
        slug="eredan/quilingo",
        name="Quilingo",
        game="eredan",
        sections=SECTIONS,
        rules=(*STANDARD_RULES, ChargeLimit(CHARGE_LIMIT, floor=CHARGE_FLOOR, decision="E6")),
        summarizer=eredan_summary,
        description="Standard plus the charge limit: at most 500 (E6).",
    ),
}
