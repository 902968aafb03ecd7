"""muhq's card schema: units, spells, artifacts and equipment (rules.md, M1-M5).

Every card has a buy cost (rules.md "Alle Karten haben ... Kaufkosten"). Units carry their base
stats as attributes; their rules keywords (Crew X, Solid X, swimming, the AI behaviours) are
effects in the vocabulary of ``effects.py``, checked here so a bad effect is refused on import.
"""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema
from engine.games.muhq.effects import validate_effects

UNIT = frozenset({"unit"})
TYPES = ("unit", "spell", "artifact", "equipment")

SCHEMA = CardSchema(
    game="muhq",
    types=TYPES,
    attributes=(
        Attr("attack", "int", 0, 20, required_for=UNIT),
        Attr("range", "int", 0, 10, required_for=UNIT),
        Attr("health", "int", 0, 30, required_for=UNIT),
        Attr("movement", "int", 0, 10, required_for=UNIT),
        Attr("upkeep", "int", 0, 10, required_for=UNIT),
        Attr("durability", "int", 1, 20, required_for=frozenset({"equipment"})),
    ),
    cost_min=0,
    cost_max=30,
    cost_required_for=frozenset(TYPES),
    extra_checks=(validate_effects,),
)
