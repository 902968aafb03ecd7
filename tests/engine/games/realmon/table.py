"""Small helpers for Realmon rule tests: a position from slugs, the ids of cards, playing a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.realmon import GAME
from engine.games.realmon.engine import RealmonMatch

ENGINE = GAME.engine
FILLER = ["moosling", "glimmwurm", "tauperle", "nebelmaus"]  # monsters left in the piles


def side(hand: Sequence[str], **zones: Any) -> dict[str, Any]:
    """A player's part of a setup: the hand and (by default) a monster pile, so the match goes on."""
    return {"hand": list(hand), "monsters": list(zones.pop("monsters", FILLER)), **zones}


def table(
    p0: dict[str, Any] | Sequence[str],
    p1: dict[str, Any] | Sequence[str],
    *,
    dice: Sequence[int] = (),
    announcer: int = 0,
    variant: str = "basis",
    seed: int = 0,
) -> RealmonMatch:
    """A match at the start of a round, P``announcer`` to announce, the first dice loaded."""
    players = [p if isinstance(p, dict) else side(p) for p in (p0, p1)]
    setup = {"announcer": announcer, "turn": 0, "dice": list(dice), "players": players}
    return ENGINE.from_setup(setup, variant=variant, seed=seed)


def cid(match: RealmonMatch, p: int, slug: str, zone: str = "hand") -> str:
    """The id of player ``p``'s first card ``slug`` in ``zone``."""
    s = match.state
    return next(c for c in s["players"][p][zone] if s["cards"][c] == slug)


def slugs(match: RealmonMatch, cids: Sequence[str]) -> list[str]:
    """The slugs of some card ids."""
    return [match.state["cards"][c] for c in cids]


def lay(match: RealmonMatch, p: int, monster: str, *others: str) -> None:
    """Player ``p`` lays ``monster`` (a slug) with the combat cards named (slugs), and a second
    monster when one is named (R17 "1 gegen 2")."""
    kinds = {slug: match.state["catalog"][slug]["type"] for slug in (monster, *others)}
    team = sorted(cid(match, p, m) for m in (monster, *others) if kinds[m] == "monster")
    ids = [*team, *sorted(cid(match, p, c) for c in others if kinds[c] != "monster")]
    match.apply(p, "lay:" + "+".join(ids))


def fight(
    match: RealmonMatch, category: str | None, first: tuple[str, ...], second: tuple[str, ...], field: str | None = None
) -> dict[str, Any]:
    """Play a round: the attacker's optional field card, the category (None: by dice), both lays
    (attacker first); returns the spectator's view of the fight."""
    attacker = match.to_act
    assert attacker is not None
    if field is not None:
        match.apply(attacker, f"field:{cid(match, attacker, field)}")
    match.apply(match.to_act, "dice" if category is None else f"announce:{category}")
    layer = match.to_act
    lay(match, layer, *first)
    lay(match, 1 - layer, *second)
    shown: dict[str, Any] = match.view(None)["fight"]
    return shown


def ids(match: RealmonMatch) -> set[str]:
    """The legal action ids of the seat to act."""
    return {a.id for a in match.legal_actions(match.to_act)} if match.to_act is not None else set()
