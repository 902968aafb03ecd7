"""Deck formats of Ka-Mel-Oh!: each a list of configured deck rules (engine.core.decks).

One format per rule proposal (K1): ``kamelo/dufo`` (proposal 1), ``kamelo/wimu`` (proposal 2),
``kamelo/koenig`` (proposal 3). Each: exactly 60 cards, no copy limit (the seed states none);
every violet card inside its variant's bounds (K3: ``dufo`` AP <= 60, DP <= 50, LP <= 300,
GW <= 400; ``wimu``/``koenig`` AP <= 70, DP <= 60, LP <= 350, GW <= 500); a violet card
whose item or component monsters are not in the deck is a warning, the seed's "tote Karte" (K8).

Choices where the seed is silent: a ``side`` section may hold up to 15 cards and does not count
toward the 60; banned slugs arrive in ``deck.context["banned"]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from engine.core.cards import FieldError
from engine.core.decks import Banned, CardBounds, DeadCards, DeckFormat, DeckSize, SectionSize
from engine.games.kamelo.deckrules import genus_summary, recipe_dead_cards
from engine.games.kamelo.schema import violet_problems

VARIANTS = {"dufo": "Dufo (Vorschlag 1)", "wimu": "WiMu (Vorschlag 2)", "koenig": "Kamelkönig (Vorschlag 3)"}
DECK_SIZE = 60  # K1
SIDEBOARD_MAX = 15


def violet_bounds(variant: str, card: Mapping[str, object]) -> Sequence[FieldError]:
    """K3: where a violet card exceeds the bounds of ``variant`` (other genera: nothing here;
    the card schema holds their bounds for every variant)."""
    attributes = card.get("attributes")
    if card.get("type") != "special_monster" or not isinstance(attributes, Mapping):
        return []
    return violet_problems(attributes, variant)


def _variant(variant: str, name: str) -> DeckFormat:
    return DeckFormat(
        slug=f"kamelo/{variant}",
        name=name,
        game="kamelo",
        sections=("deck", "side"),
        rules=(
            DeckSize(DECK_SIZE, DECK_SIZE, decision="K1"),
            SectionSize("side", SIDEBOARD_MAX, decision="sideboard"),
            CardBounds(partial(violet_bounds, variant), decision="K3"),
            DeadCards("K8", recipe_dead_cards, "violet cards without their parts"),
            Banned(),
        ),
        summarizer=genus_summary,
        description=f"Exactly {DECK_SIZE} cards, no copy limit, violet bounds of {variant} (K1, K3, K8).",
    )


FORMATS: dict[str, DeckFormat] = {f"kamelo/{v}": _variant(v, name) for v, name in VARIANTS.items()}
