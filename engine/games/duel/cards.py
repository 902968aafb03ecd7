"""How the engine reads a duel card: its effects sorted by the moment they act, checked to be runnable.

``compile_card`` turns a card (API shape) into the catalog entry a match keeps: printed attack and
defence, the static keywords (``direct_attack``, ``piercing``, ``graveyard_attack`` and the summon
conditions), the lasting boosts (``continuous``) and, per moment, the effects that then resolve
(``on``). The moments (effects.py's triggers plus ``play``):

- ``play``: a spell when cast; a weapon or reinforcement when it enters its zone (its effects
  without ``when`` other than boosts); a creature's effects without ``when`` act as ``summoned``;
- ``summoned``, ``dies``: a creature's own; ``turn_start``: a card in play at its owner's turn;
- ``attacked``, ``opponent_summons``: a trap's, when its owner springs it (A9); any other card in
  play with these triggers acts by itself when the opponent attacks or summons.

Boosts without ``when`` on a weapon, reinforcement or creature last while the card is in play
(``equipped``: the weapon's creature, or the creature itself); every other boost lasts until the
end of the turn (A10's ``one_turn``: one own creature).

``runnable_problems`` names what the engine cannot carry out (a spell with a later trigger, a
cancelled attack outside an attack, a boost of an ``equipped`` creature on a reinforcement ...):
such a card is refused when a match is dealt, never played as a silent no-op.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.duel.effects import STATIC_TERMS, TRAP_TRIGGERS, VOCABULARY

FIGHTER_TYPES = frozenset({"creature", "elite"})
LASTING = frozenset({"weapon", "reinforcement", "creature", "elite"})
MOMENTS = ("play", "summoned", "dies", "turn_start", "attacked", "opponent_summons")
OPPONENTS_TURN = frozenset({"attacked", "opponent_summons"})


def term_of(effect: Mapping[str, Any]) -> str:
    """The one term (verb) of a validated effect."""
    return VOCABULARY.first_verb(effect)


def moment_of(card_type: str, effect: Mapping[str, Any]) -> str:
    """When an effect without a lasting boost acts (see the module docstring)."""
    if "when" in effect:
        return str(effect["when"])
    return "summoned" if card_type in FIGHTER_TYPES else "play"


def is_lasting(card_type: str, effect: Mapping[str, Any]) -> bool:
    """A boost without ``when`` on a card that stays in play lasts while it does."""
    return "boost" in effect and "when" not in effect and card_type in LASTING


def compile_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog entry of a card (run ``runnable_problems`` first)."""
    attrs = card.get("attributes") or {}
    kind = str(card["type"])
    effects = [dict(e) for e in card.get("effects") or []]
    entry: dict[str, Any] = {
        "slug": card["slug"],
        "name": card.get("name", card["slug"]),
        "type": kind,
        "attack": int(attrs.get("attack", 0)),
        "defense": int(attrs.get("defense", 0)),
        "text": card.get("text", ""),
        "effects": effects,
        "direct": False,
        "piercing": False,
        "graveyard_attack": 0,
        "sacrifice": 0,
        "graveyard_needed": 0,
        "continuous": [],
        "on": {moment: [] for moment in MOMENTS},
    }
    for effect in effects:
        term = term_of(effect)
        if term in STATIC_TERMS:
            _static(entry, term, effect[term])
        elif is_lasting(kind, effect):
            boost = effect["boost"]
            entry["continuous"].append(
                {
                    "target": effect["target"],
                    "attack": int(boost.get("attack", 0)),
                    "defense": int(boost.get("defense", 0)),
                }
            )
        else:
            entry["on"][moment_of(kind, effect)].append(effect)
    return entry


def _static(entry: dict[str, Any], term: str, value: Any) -> None:
    if term == "direct_attack":
        entry["direct"] = True
    elif term == "piercing":
        entry["piercing"] = True
    elif term == "graveyard_attack":
        entry["graveyard_attack"] += int(value)
    else:  # summon_condition (A12)
        (kind, n), *_ = value.items()
        key = "sacrifice" if kind == "sacrifice" else "graveyard_needed"
        entry[key] = max(entry[key], int(n))


def runnable_problems(card: Mapping[str, Any]) -> list[str]:
    """Why the engine cannot carry out a card's effects (empty: it can)."""
    kind = str(card.get("type"))
    effects = card.get("effects") or []
    problems = [f"effects: {p}" for p in VOCABULARY.effect_problems(effects)] if isinstance(effects, list) else []
    if problems or not isinstance(effects, list):
        return problems or ["effects must be a list"]
    for i, effect in enumerate(effects):
        problem = _effect_problem(kind, effect)
        if problem:
            problems.append(f"effects[{i}]: {problem}")
    return problems


def _effect_problem(kind: str, effect: Mapping[str, Any]) -> str | None:
    term = term_of(effect)
    if term in STATIC_TERMS:
        return None if kind in FIGHTER_TYPES else f"{term} belongs to a creature or elite"
    when = effect.get("when")
    if kind == "spell" and when is not None:
        return "a spell resolves when cast and has no later trigger"
    if kind == "trap" and when not in TRAP_TRIGGERS:
        return "a trap's effects act when it is sprung: 'attacked' or 'opponent_summons'"
    if when in ("summoned", "dies") and kind not in FIGHTER_TYPES:
        return f"only a creature is {when}"
    if (term == "negate_attack" or effect.get(term) == "attacker") and when != "attacked":
        return f"{term} needs an attack: when 'attacked'"
    if term == "extra_summon" and (kind == "trap" or when in OPPONENTS_TURN):
        return "extra_summon acts on its owner's own turn"
    if term == "boost":
        return _boost_problem(kind, effect)
    return None


def _boost_problem(kind: str, effect: Mapping[str, Any]) -> str | None:
    target = effect["target"]
    if is_lasting(kind, effect) and target == "one_turn":
        return "a one_turn boost belongs to a spell, trap or trigger"
    if target == "equipped" and kind not in ("weapon", "creature", "elite"):
        return "only a weapon or a creature has an equipped creature"
    return None
