"""Ka-Mel-Oh!'s own deck rules: K8's dead violet cards and the genus summary (K2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.deckrules.format import type_counts
from engine.core.deckrules.types import Deck, DeckEntry, attributes, main_entries


def recipe_parts(card: Mapping[str, object]) -> list[str]:
    """K8: the slugs a violet card is made from: its recipe's ``item``/``items`` and
    ``components``/``monsters``."""
    recipe = attributes(card).get("recipe")
    if not isinstance(recipe, Mapping):
        return []
    parts: list[str] = []
    for key in ("item", "items", "components", "monsters"):
        value = recipe.get(key)
        values = value if isinstance(value, list | tuple) else [value]
        parts += [str(v) for v in values if isinstance(v, str) and v]
    return parts


def recipe_dead_cards(deck: Deck) -> Iterable[tuple[DeckEntry, str]]:
    """K8: violet cards whose item or component monsters are not in the deck."""
    entries = main_entries(deck)
    present = {e.slug for e in entries}
    for entry in entries:
        missing = [p for p in recipe_parts(entry.card) if p not in present]
        if entry.type == "special_monster" and missing:
            yield entry, f"its recipe needs {', '.join(dict.fromkeys(missing))}, not in the deck (K8)"


def genus_summary(deck: Deck) -> dict[str, Any]:
    """Ka-Mel-Oh!'s figures: cards per genus (K2) in the deck proper."""
    return {"genera": type_counts(deck)}
