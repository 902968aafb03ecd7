"""Small builders for Eredan rule tests: a table from a setup, actions by id, the cards by slug."""

from __future__ import annotations

from typing import Any

from engine.games.eredan import GAME
from engine.games.eredan.engine import EredanMatch

ENGINE = GAME.engine
BY_SLUG = {c["slug"]: c for c in GAME.bundled_cards()}
DECK = ["heiltrank"] * 10
HOME = ["aku", "amaya", "iro"]  # Kotoba: Magier, Priester, Kämpfer
AWAY = ["aez", "hares-der-brutale", "zahal"]  # Marodeur (+2 against Magier), Berserker, Priester


SPARE = "heiltrank"


def side(
    characters: list[Any] | None = None, *, hand: list[str] = (), spare: bool = True, **extra: Any
) -> dict[str, Any]:  # type: ignore[assignment]
    """One player of a setup: characters, hand, deck ... The hand ends with a spare potion (so a
    round can end without losing by cards, E15) unless ``spare`` is false."""
    return {"characters": characters or HOME, "hand": [*hand, *([SPARE] if spare else [])], "deck": list(DECK), **extra}


def table(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **setup: Any) -> EredanMatch:
    """A match at phase 1 of ``round`` (1) with player ``active`` (0) to pick."""
    players = [p0 or side(), p1 or side(AWAY)]
    return ENGINE.from_setup({"round": 1, "active": 0, "players": players, **setup}, variant="standard")


def act(match: EredanMatch, *actions: str) -> EredanMatch:
    """Apply actions in turn, each by the player to act."""
    for action in actions:
        player = match.to_act
        assert player is not None, f"the match is over before {action}"
        match.apply(player, action)
    return match


def legal(match: EredanMatch) -> set[str]:
    """The ids of the legal actions of the player to act."""
    return {a.id for a in match.legal_actions(match.to_act)} if match.to_act is not None else set()


def char(match: EredanMatch, p: int, i: int) -> dict[str, Any]:
    """Character ``i`` of ``p`` as the spectator sees it."""
    found: dict[str, Any] = match.view(None)["players"][p]["characters"][i]
    return found


def to_discards(match: EredanMatch, *cards: str) -> EredanMatch:
    """Pass every phase-2 step left (after ``cards`` played in turn), up to phase 5."""
    for card in cards:
        act(match, card)
    while match.state["phase"] == "cards" and match.to_act is not None:
        act(match, "pass")
    return match


def end_round(match: EredanMatch) -> EredanMatch:
    """Keep both hands in phase 5 (the round ends)."""
    while match.state["phase"] == "discard" and match.to_act is not None:
        act(match, "keep")
    return match


def character_card(slug: str, classes: list[str], **attributes: Any) -> dict[str, Any]:
    """A made-up character for a rule no bundled card shows (setup ``cards``)."""
    stats = {"attack": 4, "defense": 1, "health": 20, "spirit": 1, "race": "mensch", "order": 9}
    return {
        "slug": slug,
        "name": slug.replace("-", " ").title(),
        "type": "character",
        "guilds": [],
        "attributes": {**stats, **attributes, "classes": classes},
        "effects": [{"attack": 1, "round": 9}],
    }
