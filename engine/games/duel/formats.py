"""Deck formats of The Duel: each a list of configured deck rules (engine.core.decks).

A3: ``duel/standard`` is exactly 40 cards with at most 3 copies of a card. The seed is silent on
both numbers; they are the service's defaults and settings of the format (``DECK_SIZE``,
``COPY_LIMIT``; :func:`standard` builds the format for other numbers).

Choices where the seed is silent: a ``side`` section may hold up to 15 cards; it does not count
toward the 40, but its copies count toward the copy limit. Banned slugs arrive in
``deck.context["banned"]``.
"""

from __future__ import annotations

from engine.core.decks import Banned, DeckFormat, DeckSize, MaxCopies, SectionSize, type_summary

DECK_SIZE = 40  # A3
COPY_LIMIT = 3  # A3
SIDEBOARD_MAX = 15


def standard(deck_size: int = DECK_SIZE, copy_limit: int = COPY_LIMIT) -> DeckFormat:
    """The ``duel/standard`` format with its two settings (A3)."""
    return DeckFormat(
        slug="duel/standard",
        name="Standard",
        game="duel",
        sections=("deck", "side"),
        rules=(
            DeckSize(deck_size, deck_size, decision="A3"),
            SectionSize("side", SIDEBOARD_MAX, decision="sideboard"),
            MaxCopies(copy_limit, lines=False, decision="A3"),
            Banned(),
        ),
        summarizer=type_summary,
        description=f"Exactly {deck_size} cards, at most {copy_limit} copies of a card (A3).",
    )


FORMATS: dict[str, DeckFormat] = {"duel/standard": standard()}
