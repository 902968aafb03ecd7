"""The duel game's card schema (A1-A3): six card types, attack and defence, checked effects."""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema
from engine.games.duel.effects import validate_effects

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
    # The seed knows no summoning cost: duel cards carry cost null.
    cost_min=0,
    cost_max=10,
    # Effects are run by the engine: a card whose effects are outside the vocabulary is refused.
    extra_checks=(validate_effects,),
)
