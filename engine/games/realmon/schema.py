"""Realmon TCG card schema (R1-R3).

Monsters have a stage (1 Symbiont .. 6 Kaiju), a Realm value and one value per
category Dominanz, Echo, Chaos, Crunch, Glitch, Stability (die faces 1..6 in that
order). Combat cards have a stage (cost 10 x stage; unique 60). Action cards have
a kind: Vorteil, Meta, Risiko, Gefahr.
"""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema

STAGES = {1: "Symbiont", 2: "Raider", 3: "Fighter", 4: "Predator", 5: "Collos", 6: "Kaiju"}
CATEGORIES = ("dominanz", "echo", "chaos", "crunch", "glitch", "stability")
MONSTER = frozenset({"monster"})

SCHEMA = CardSchema(
    game="realmon",
    types=("monster", "action", "combat"),
    attributes=(
        Attr("stage", "int", 1, 6, required_for=frozenset({"monster", "combat"})),
        Attr("realm", "int", 0, 100, required_for=MONSTER),
        *(Attr(key, "int", 0, 20, required_for=MONSTER) for key in CATEGORIES),
        Attr("kind", "str", choices=("vorteil", "meta", "risiko", "gefahr"), required_for=frozenset({"action"})),
        Attr("orientation", "str", choices=("offensiv", "defensiv", "ausgeglichen")),
        Attr("bonus", "int", 0, 20),
        Attr("broken", "bool"),
    ),
    cost_min=0,
    cost_max=60,
)
