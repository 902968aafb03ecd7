"""The duel game's card schema (A1-A3): six card types, attack and defence."""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema

CREATURES = frozenset({"creature", "elite"})

SCHEMA = CardSchema(
    game="duel",
    types=("creature", "elite", "trap", "weapon", "spell", "reinforcement"),
    attributes=(
        Attr("attack", "int", 0, 20, required_for=CREATURES),
        Attr("defense", "int", 0, 20, required_for=CREATURES),
        Attr("damage", "int", 0, 20),
        Attr("heal", "int", 0, 20),
    ),
    cost_min=0,
    cost_max=10,
)
