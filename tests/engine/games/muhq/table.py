"""Helpers for muhq's rule tests: a match at a described position, actions by id prefix."""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.muhq import GAME
from engine.games.muhq.engine import MuhqMatch

ENGINE = GAME.engine


def table(setup: dict[str, Any], variant: str = "hafenbucht", seed: int = 1, **options: Any) -> MuhqMatch:
    """A match at ``setup`` (engine.games.muhq.setup), two seats unless the setup lists more."""
    setup = {"players": [{}, {}], **setup}
    match: MuhqMatch = ENGINE.from_setup(setup, variant=variant, seed=seed, options=options)
    return match


def placed(card: str, owner: object, x: int, y: int, **kw: object) -> dict[str, object]:
    """A permanent of a setup: ``card`` of ``owner`` on the field (x, y), with the setup's other keys."""
    return {"card": card, "owner": owner, "x": x, "y": y, **kw}


def legal_ids(match: MuhqMatch) -> list[str]:
    return [a.id for a in match.legal_actions(match.to_act)] if match.to_act is not None else []


def find(match: MuhqMatch, prefix: str) -> Action:
    """The first legal action whose id starts with ``prefix``; AssertionError naming the legal ones."""
    for action in match.legal_actions(match.to_act):
        if action.id.startswith(prefix):
            return action
    raise AssertionError(f"no legal action {prefix!r}; legal: {legal_ids(match)}")


def act(match: MuhqMatch, prefix: str) -> Action:
    """Apply the first legal action starting with ``prefix``, then let open windows pass."""
    action = find(match, prefix)
    match.apply(match.to_act, action)
    settle(match)
    return action


def settle(match: MuhqMatch) -> None:
    """Every seat asked to respond passes."""
    while match.state["window"]:
        match.apply(match.to_act, "pass")


def perm(match: MuhqMatch, cid: str) -> dict[str, Any]:
    """The view of a permanent (top-level or stacked) by its id."""
    for shown in match.view(None)["permanents"]:
        if shown["card"]["id"] == cid:
            return shown
        for member in shown["stack"]:
            if member["card"]["id"] == cid:
                return member
    raise AssertionError(f"{cid} is not on the map")


def on_map(match: MuhqMatch, cid: str) -> bool:
    return cid in match.state["perms"]
