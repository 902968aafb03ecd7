"""Realmon TCG card schema (R1-R3).

Monsters have a stage (1 Symbiont .. 6 Kaiju), a Realm value and one value per
category Dominanz, Echo, Chaos, Crunch, Glitch, Stability (die faces 1..6 in that
order), and an orientation (offensiv, defensiv, ausgeglichen: a combat card of the
same orientation may try a critical hit, seed "wenn der Typ passt"). A Broken Kaiju
is a stage-6 monster with ``broken: true``. Combat cards have a stage and cost
10 x stage Realm energy, a unique combat card 60 (R3). Action cards have a kind:
Vorteil, Meta, Risiko, Gefahr. ``effects`` follow :mod:`engine.games.realmon.effects`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.cards import Attr, CardSchema, FieldError
from engine.games.realmon.effects import ACTION_ONLY, VOCABULARY

STAGES = {1: "Symbiont", 2: "Raider", 3: "Fighter", 4: "Predator", 5: "Collos", 6: "Kaiju"}
CATEGORIES = ("dominanz", "echo", "chaos", "crunch", "glitch", "stability")
ACTION_KINDS = ("vorteil", "meta", "risiko", "gefahr")
ORIENTATIONS = ("offensiv", "defensiv", "ausgeglichen")
UNIQUE_COMBAT_COST = 60
MONSTER = frozenset({"monster"})


def combat_cost(stage: int, unique: bool) -> int:
    """R3: what a combat card costs in Realm energy."""
    return UNIQUE_COMBAT_COST if unique else 10 * stage


def check_combat_cost(card: Mapping[str, Any]) -> list[FieldError]:
    """R3: a combat card costs 10 x stage, or 60 when unique (either, when ``unique`` is not given)."""
    stage = (card.get("attributes") or {}).get("stage")
    if card.get("type") != "combat" or not isinstance(stage, int) or not 1 <= stage <= 6:
        return []
    allowed = (
        {combat_cost(stage, card["unique"] is True)}
        if "unique" in card
        else {combat_cost(stage, u) for u in (False, True)}
    )
    if card.get("cost") in allowed:
        return []
    expected = " or ".join(str(c) for c in sorted(allowed))
    return [FieldError("cost", f"a stage {stage} combat card costs {expected} (R3), not {card.get('cost')!r}")]


def check_broken(card: Mapping[str, Any]) -> list[FieldError]:
    """Only a Kaiju (stage 6 monster) can be a Broken Kaiju."""
    attributes = card.get("attributes") or {}
    if attributes.get("broken") is True and (card.get("type") != "monster" or attributes.get("stage") != 6):
        return [FieldError("attributes.broken", "only a stage 6 monster can be a Broken Kaiju")]
    return []


def check_action_only(card: Mapping[str, Any]) -> list[FieldError]:
    """R17: taking a monster back from the Abyss and "1 gegen 2" are the announcer's field card's
    to do; on a monster or a combat card they would have no one to choose for."""
    effects = card.get("effects")
    if card.get("type") == "action" or not isinstance(effects, list):
        return []
    verbs = sorted({verb for e in effects if isinstance(e, Mapping) for verb in e if verb in ACTION_ONLY})
    return [FieldError("effects", f"{verb} belongs on an action card (R17)") for verb in verbs]


SCHEMA = CardSchema(
    game="realmon",
    types=("monster", "action", "combat"),
    attributes=(
        Attr("stage", "int", 1, 6, required_for=frozenset({"monster", "combat"})),
        Attr("realm", "int", 0, 100, required_for=MONSTER),
        *(Attr(key, "int", 0, 20, required_for=MONSTER) for key in CATEGORIES),
        Attr("kind", "str", choices=ACTION_KINDS, required_for=frozenset({"action"})),
        Attr("orientation", "str", choices=ORIENTATIONS),
        Attr("bonus", "int", 0, 20),
        Attr("broken", "bool"),
    ),
    cost_min=0,
    cost_max=60,
    extra_checks=(check_combat_cost, check_broken, check_action_only, VOCABULARY.field_errors),
)
