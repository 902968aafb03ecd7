"""Where an effect runs and whether its conditions hold: one check per modifier of the vocabulary
(``effects.MODIFIERS``), shared by the effects that happen (``resolve``) and the changes that last
(``rules.stat``: rage, Marodeur bonuses, objects' per-class bonuses).

``target`` is no condition (``resolve.targets`` finds the targets); ``rune`` is the own
character's (``self``): it must carry the rune, which ``resolve.run`` spends (E18).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from engine.games.eredan.effects import MODIFIERS
from engine.games.eredan.state import Entry, State, card_of, char_at, fighter_index

Ref = tuple[int, int]  # (player, character index)
Effect = dict[str, Any]


@dataclass
class Ctx:
    """Where an effect runs: its player, its card, who ``self`` is (the player's fighter, an
    object's bearer, a character for its own abilities), the chosen dead character of a revive,
    and whether ``round`` conditions are waived (a round bonus being given, E8)."""

    s: State
    player: int
    card: Entry
    self_ref: Ref | None
    revive: int | None = None
    any_round: bool = False


def _round(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    return ctx.any_round or effect["round"] == ctx.s["round"]


def _vs_class(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    """The player's opposing fighter has the class (Marodeur)."""
    foe = fighter_index(ctx.s, 1 - ctx.player)
    return (
        foe is not None and effect["vs_class"] in card_of(ctx.s, char_at(ctx.s, 1 - ctx.player, foe)["card"])["classes"]
    )


def _rune(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    """E18: the own character (``self``) carries the rune, whoever the target is."""
    return ctx.self_ref is not None and effect["rune"] in char_at(ctx.s, *ctx.self_ref)["runes"]


def _while_raging(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    return bool(char_at(ctx.s, *ref)["raging"])


def _for_class(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    return effect["for_class"] in card_of(ctx.s, char_at(ctx.s, *ref)["card"])["classes"]


def _target(ctx: Ctx, effect: Effect, ref: Ref) -> bool:
    return True  # found by resolve.targets()


CONDITIONS: dict[str, Callable[[Ctx, Effect, Ref], bool]] = {
    "target": _target,
    "round": _round,
    "vs_class": _vs_class,
    "while_raging": _while_raging,
    "for_class": _for_class,
    "rune": _rune,
}
assert set(CONDITIONS) == set(MODIFIERS), "every modifier of the vocabulary has a check"


def conditions_hold(ctx: Ctx, effect: Effect, ref: Ref, skip: Collection[str] = ()) -> bool:
    """Every modifier of ``effect`` (but those in ``skip``) holds for the target ``ref``."""
    return all(CONDITIONS[key](ctx, effect, ref) for key in effect if key in CONDITIONS and key not in skip)
