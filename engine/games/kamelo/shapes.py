"""What the API documents of Ka-Mel-Oh!'s matches and calculators (engine.core.shape)."""

from __future__ import annotations

from engine.core.shape import BOOL, INT, CalculatorShape, Cards, Int, StateShape, Text, array, ints, obj

STATE = StateShape(
    state={"phase": Text()},
    player={"dates": Int(), "arena": Cards(), "desert": Cards(), "oases": Cards()},
)

VARIANT = {"type": "string", "enum": ["dufo", "wimu", "koenig"]}
MONSTERS = array(obj(ints("ap", "dp", "lp", "hk")), minItems=1, maxItems=2)

CALCULATORS = {
    "combat": CalculatorShape(
        obj({"variant": VARIANT, "attackers": MONSTERS, "defenders": MONSTERS}),
        obj({"defenders": array(obj({"lp": INT, "defeated": BOOL}, ["lp", "defeated"])), "points": INT},
            ["defenders", "points"]),
    ),
    "dates": CalculatorShape(
        obj({"dates": {**INT, "minimum": 0, "maximum": 20}}, ["dates"]), obj({"dates": INT}, ["dates"])
    ),
    "fusion": CalculatorShape(
        obj({"variant": VARIANT, "components": array(obj(ints("ap", "dp", "lp")), minItems=2)}),
        obj(ints("ap", "dp", "lp"), ["ap", "dp", "lp"]),
    ),
}  # fmt: skip
