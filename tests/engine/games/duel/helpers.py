"""Positions for duel tests: a match from a short description, and reading it back."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.match import DeckCard
from engine.core.samples import sample_match_decks
from engine.games.duel import GAME
from engine.games.duel.engine import DuelMatch

ENGINE = GAME.engine
FILLER = "grubenratte"


def side(
    hand: list[str] | None = None,
    creatures: list[Any] | None = None,
    *,
    deck: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One player's part of a setup; creatures as slugs (attack position) or full entries."""
    shown = [c if isinstance(c, dict) else {"slug": c, "position": "attack"} for c in creatures or []]
    return {"hand": hand or [], "deck": [FILLER] * 10 if deck is None else deck, "creatures": shown, **extra}


def match(p0: dict[str, Any], p1: dict[str, Any], *, seed: int = 1, **setup: Any) -> DuelMatch:
    """A match at turn 3 (unless given), player 0 in the main step."""
    options = setup.pop("options", {})
    return ENGINE.from_setup(
        {"turn": 3, "current": 0, "players": [p0, p1], **setup}, variant="standard", seed=seed, options=options
    )


def ids(m: DuelMatch) -> set[str]:
    """The legal action ids of the player to act."""
    return {a.id for a in m.legal_actions(m.to_act)} if m.to_act is not None else set()


def act(m: DuelMatch, *actions: str) -> DuelMatch:
    """Apply actions, each by the player to act."""
    for action in actions:
        assert m.to_act is not None, f"the match is over before {action}"
        m.apply(m.to_act, action)
    return m


def slugs(cards: list[dict[str, Any]]) -> list[str]:
    """The slugs of cards as a view shows them."""
    return [c["slug"] for c in cards]


def creature_slugs(m: DuelMatch, p: int) -> list[str]:
    """The slugs of player ``p``'s creatures (spectator's view)."""
    return [c["card"]["slug"] for c in m.view(None)["players"][p]["creatures"]]


def creature(m: DuelMatch, p: int, slug: str) -> dict[str, Any]:
    """Player ``p``'s creature ``slug`` as the spectator sees it."""
    found: dict[str, Any] = next(c for c in m.view(None)["players"][p]["creatures"] if c["card"]["slug"] == slug)
    return found


def cid(m: DuelMatch, p: int, slug: str, zone: str = "hand") -> str:
    """The id of player ``p``'s first card ``slug`` in a zone."""
    player = m.state["players"][p]
    cards = [c["card"] for c in player[zone]] if zone in ("creatures", "support") else player[zone]
    return next(c for c in cards if m.state["cards"][c] == slug)


@cache
def sample_decks() -> list[list[DeckCard]]:
    """The two bundled sample decks (Heer des Königs, Fürsten des Friedhofs)."""
    return sample_match_decks(GAME.bundled_cards(), "duel/standard", 2)


def play_out(m: DuelMatch, behaviours: tuple[str, str], seed: int) -> DuelMatch:
    """Let two AIs play ``m`` to its end."""
    steps = 0
    while m.to_act is not None:
        p = m.to_act
        m.apply(p, ENGINE.choose_action(behaviours[p], m.view(p), m.legal_actions(p), seed * 7919 + steps))
        steps += 1
    return m
