"""What the API documents of Eredan's matches and calculators (engine.core.shape)."""

from __future__ import annotations

from engine.core.shape import BOOL, INT, CalculatorShape, Card, Flag, Int, ListOf, Obj, StateShape, ints, obj

CHARACTER = Obj("Character", {"card": Card(), "health": Int(), "dead": Flag(), "weakened": Flag()})
STATE = StateShape(
    state={"round": Int()},
    player={"characters": ListOf(CHARACTER), "discard_count": Int(min=0)},
)

FIGHTER = obj(ints("attack", "defense", "health", "spirit"))
CALCULATORS = {
    "confrontation": CalculatorShape(
        obj({"a": FIGHTER, "b": FIGHTER,
             "spell_damage": obj({side: {**INT, "nullable": True} for side in "ab"},
                                 description="keyed by the caster; null or absent: 0", nullable=True),
             "keeps_attack": obj({side: BOOL for side in "ab"}, nullable=True,
                                 description="E14: a side's spell replaces its attack unless marked here "
                                             "(Magier/Kämpfer, Magier/Marodeur; theurgy)")}, ["a", "b"]),
        obj({side: obj({"health": INT, "dead": BOOL, "damage": INT}, ["health", "dead", "damage"]) for side in "ab"},
            ["a", "b"]),
    ),
}  # fmt: skip
