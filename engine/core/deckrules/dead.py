"""Dead cards: legal, but the deck can never use them, so they earn a warning (``dead_card``).

- E5 (Eredan): a card that requires classes (``attributes.classes``) none of the deck's
  characters has. A Golem character takes item cards without restriction (the seed's race rule),
  so items, weapons and armour are never dead beside a Golem.
- K8 (Ka-Mel-Oh!): a violet card (``special_monster``) whose recipe (``attributes.recipe``:
  its ``item`` and its ``components``) names cards that are not in the deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from engine.core.deckrules.common import card_name
from engine.core.deckrules.types import Deck, DeckEntry, Violation, attributes, entry_problem, main_entries

ITEM_TYPES = frozenset({"item", "weapon", "armor"})


NO_CLASSES: frozenset[str] = frozenset()


def _classes(card: Mapping[str, object]) -> frozenset[str]:
    if not card.get("attributes"):  # most cards have none
        return NO_CLASSES
    value = attributes(card).get("classes")
    return frozenset(map(str, value)) if value and isinstance(value, list | tuple) else NO_CLASSES


def class_dead_cards(deck: Deck) -> Iterable[tuple[DeckEntry, str]]:
    """E5: cards whose required classes no character of the deck has, with the reason."""
    entries = main_entries(deck)
    chars = [e for e in entries if e.type == "character"]
    classes = frozenset().union(*(_classes(e.card) for e in chars))
    golem = any(str(attributes(e.card).get("race", "")).lower() == "golem" for e in chars)
    for entry in entries:
        if entry.type == "character" or not (needed := _classes(entry.card)) or needed & classes:
            continue
        if golem and entry.type in ITEM_TYPES:
            continue
        yield entry, f"needs a {' or '.join(sorted(needed))}; no character of the deck is one (E5)"


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


FINDERS: dict[str, Callable[[Deck], Iterable[tuple[DeckEntry, str]]]] = {
    "E5": class_dead_cards,
    "K8": recipe_dead_cards,
}


@dataclass(frozen=True)
class DeadCards:
    """Warn about cards the deck can never use; ``decision`` picks the test: ``E5`` or ``K8``."""

    decision: str
    code: str = "dead_card"

    def check(self, deck: Deck) -> Iterable[Violation]:
        seen: set[str] = set()
        for entry, why in FINDERS[self.decision](deck):
            if entry.slug not in seen:
                seen.add(entry.slug)
                yield entry_problem(self.code, f"{card_name(entry)} is a dead card: {why}.", entry, severity="warning")

    def help_text(self) -> str:
        what = {"E5": "class-restricted cards no character can use", "K8": "violet cards without their parts"}
        return f"Warns about {what[self.decision]} ({self.decision})."
