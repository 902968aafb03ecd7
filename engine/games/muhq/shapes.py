"""What the API documents of muhq's matches and calculators (engine.core.shape)."""

from __future__ import annotations

from engine.core.shape import (
    INT,
    Anything,
    CalculatorShape,
    Card,
    Cards,
    Dict,
    Flag,
    Int,
    ListOf,
    Obj,
    SeatOr,
    StateShape,
    Text,
    array,
    ints,
    obj,
)

MAP = Obj(
    "Map",
    {
        "slug": Text(),
        "width": Int(min=1),
        "height": Int(min=1),
        "tiles": ListOf(ListOf(Anything()), help="rows of tile codes"),
    },
)
OWNER = SeatOr(("kraken",))
PERMANENT = Obj(
    "Permanent",
    {
        "card": Card(),
        "owner": OWNER,
        "controller": OWNER,
        "x": Int(),
        "y": Int(),
        "life": Int(),
        "tapped": Flag(),
        "stack": Cards(),
    },
)
STATE = StateShape(
    state={
        "map": MAP,
        "permanents": ListOf(PERMANENT),
        "dropping": ListOf(Dict(), help="permanents waiting to be set down, on no field, with `fields` (M31)"),
        "kraken": Anything(nullable=True, help="its resources and deck_count; null outside that mode"),
    },
    player={"resources": Anything(), "store": Cards(), "discard": Cards(help="open to all")},
)

POINT = array(INT, minItems=2, maxItems=2, description="[x, y]")
CALCULATORS = {
    "distance": CalculatorShape(obj({"from": POINT, "to": POINT}, ["from", "to"]), obj({"distance": INT}, ["distance"])),
    "stack_attack": CalculatorShape(
        obj({"base": obj(ints("attack", "range"), ["attack", "range"]), "stack": array(obj(ints("attack", "range")))},
            ["base"]),
        obj({"attacks": array(obj(ints("range", "attack"), ["range", "attack"]),
                              description="highest range first")}, ["attacks"]),
    ),
}  # fmt: skip
