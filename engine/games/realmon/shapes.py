"""What the API documents of Realmon's matches and calculators (engine.core.shape)."""

from __future__ import annotations

from engine.core.shape import INT, CalculatorShape, Cards, Int, StateShape, Text, obj

STATE = StateShape(
    state={
        "announcer": Int(nullable=True, help="the announcing seat"),
        "category": Text(nullable=True, help="null until set"),
    },
    player={"abyss": Cards(), "monsters_in_hand": Int(min=0), "combat_cost_spent": Int(min=0)},
)

CALCULATORS = {"realm_bonus": CalculatorShape(obj({"realm": INT}, ["realm"]), obj({"bonus": INT}, ["bonus"]))}
