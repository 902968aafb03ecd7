"""muhq's game card schema: units, spells, artifacts and equipment (M1-M5)."""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema

UNIT = frozenset({"unit"})

SCHEMA = CardSchema(
    game="muhq",
    types=("unit", "spell", "artifact", "equipment"),
    attributes=(
        Attr("attack", "int", 0, 20, required_for=UNIT),
        Attr("range", "int", 0, 10, required_for=UNIT),
        Attr("health", "int", 0, 30, required_for=UNIT),
        Attr("movement", "int", 0, 10, required_for=UNIT),
        Attr("upkeep", "int", 0, 10, required_for=UNIT),
        Attr("durability", "int", 0, 20, required_for=frozenset({"equipment"})),
        Attr("solid", "int", 0, 20),
        Attr("crew", "int", 0, 10),
        Attr("ai", "str"),
        Attr("swimming", "bool"),
    ),
    cost_min=0,
    cost_max=30,
)
