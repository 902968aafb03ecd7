"""What the API documents of the duel's matches and calculators (engine.core.shape)."""

from __future__ import annotations

from engine.core.shape import BOOL, INT, CalculatorShape, Card, Cards, Choice, Int, ListOf, Obj, StateShape, ints, obj

CREATURE = Obj(
    "Creature", {"card": Card(), "position": Choice(("attack", "defense")), "attack": Int(), "defense": Int()}
)
STATE = StateShape(
    player={
        "life": Int(),
        "creatures": ListOf(CREATURE, max_length=3),
        "support": Cards(help='at most 3; a face-down trap is {"card": null, "face_down": true} to all but its owner'),
        "reinforcement": Card(nullable=True),
        "graveyard": Cards(),
        "discard": Cards(),
    },
)

CALCULATORS = {
    "combat": CalculatorShape(
        obj({"attacker": obj(ints("attack"), ["attack"]),
             "defender": {**obj({**ints("attack", "defense"), "position": {"type": "string", "enum": ["attack", "defense"]}}),
                          "nullable": True}}, ["attacker"]),
        obj({"attacker_dies": BOOL, "defender_dies": BOOL, "player_damage": INT},
            ["attacker_dies", "defender_dies", "player_damage"]),
    ),
}  # fmt: skip
