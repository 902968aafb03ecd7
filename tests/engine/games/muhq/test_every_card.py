"""Every bundled card plays, and every effect term it carries runs (issue 16 item 4): a term the
engine cannot run fails here (rules.run_term raises UnknownTermError), never a silent no-op.

Each card is tried at a position on Hafenbucht: the card under test in P1's hand or on the Acker
(2, 1) with P2's Soldat next to it at (3, 2), P1's hurt Soldat at (1, 2), and P2's Kriegsbanner and
Schwert lying at (8, 2) and (8, 3) as targets for destroying spells.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.games.muhq import behaviours, kraken, rules, stack
from engine.games.muhq.rules import UnknownTermError, run_term
from engine.games.muhq.state import bundled
from tests.engine.games.muhq.table import act, find, settle, table

CARDS = [c for c in bundled() if c["slug"] != "burg"]
PASSIVE = {"crew", "solid", "armor", "swimming", "victory", "ai", "buff"}
UNIT_AT = {"card": "soldat", "owner": 1, "x": 3, "y": 2}
HURT = {"card": "soldat", "owner": 0, "x": 1, "y": 2, "damage": 1}
TARGETS = [
    {"card": "kriegsbanner", "owner": 1, "x": 8, "y": 2},
    {"card": "schwert", "owner": 1, "x": 8, "y": 3},
]


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The terms run_term carried out (wrapped wherever it is imported)."""
    seen: list[str] = []

    def recording(s: Any, term: str, *args: Any) -> None:
        seen.append(term)
        run_term(s, term, *args)

    for module in (rules, stack, kraken, behaviours):
        monkeypatch.setattr(module, "run_term", recording)
    yield seen


def _active_terms(card: dict[str, Any]) -> set[str]:
    return {next(k for k in e if k in rules_terms()) for e in card["effects"]} - PASSIVE


def rules_terms() -> set[str]:
    from engine.games.muhq.effects import TERMS

    return set(TERMS)


def _position(**extra: Any) -> dict[str, Any]:
    players = [{"resources": 6, **extra.pop("me", {})}, {}]
    return {"players": players, "permanents": [UNIT_AT, HURT, *TARGETS, *extra.pop("permanents", [])], **extra}


@pytest.mark.parametrize("card", CARDS, ids=[c["slug"] for c in CARDS])
def test_every_card_can_be_played_from_the_hand(card: dict[str, Any]) -> None:
    match = table(_position(me={"hand": [card["slug"]]}))
    kind = "spell" if card["type"] == "spell" else "play"
    act(match, f"{kind}:p0c0")
    assert "p0c0" not in match.state["players"][0]["hand"]
    assert "p0c0" in match.state["perms"] or "p0c0" in match.state["players"][0]["discard"]


def _trigger(card: dict[str, Any]) -> None:
    """Make each of the card's effects happen once."""
    slug = card["slug"]
    effects = card["effects"]
    if card["type"] == "spell":
        _cast_every_way(slug)
        return
    if any("ai" in e for e in effects):  # ki.md: the behaviour uses the unit's actions itself
        act(_ai_table(card), "activate:m4")
        return
    for effect in effects:
        if effect.get("full_action") or "harvest" in effect:
            match = table(_position(permanents=[{"card": slug, "owner": 0, "x": 2, "y": 1}]))
            act(match, "activate:m4")
            act(match, "full:m4")
        elif effect.get("when") == "hit":
            holder: dict[str, Any] = {"card": slug, "owner": 0, "x": 2, "y": 1}
            if card["type"] == "equipment":
                holder = {"card": "soldat", "owner": 0, "x": 2, "y": 1, "stack": [{"card": slug}]}
            match = table(_position(permanents=[holder]))
            act(match, "activate:m4")
            act(match, "attack:m4:m0")
        elif effect.get("when") == "upkeep":
            table(_position(begin=True, permanents=[{"card": slug, "owner": 0, "x": 2, "y": 1}]))
        elif effect.get("when") == "destroyed":
            match = table(
                _position(me={"hand": ["zerschmettern"]}, permanents=[{"card": slug, "owner": 0, "x": 2, "y": 1}])
            )
            act(match, "spell:p0c0:m4")
        elif "free" in effect:
            match = table(_position(permanents=[{"card": slug, "owner": 0, "x": 2, "y": 1}]))
            act(match, "free:m4")


def _ai_table(card: dict[str, Any]) -> Any:
    """An AI unit on the Acker, or a swimmer on deep water (3, 4) with P2's Soldat at (3, 3)."""
    if any(e.get("swimming") for e in card["effects"]):
        extra = [{"card": card["slug"], "owner": 0, "x": 3, "y": 4}, {"card": "soldat", "owner": 1, "x": 3, "y": 3}]
        return table(_position(permanents=extra))
    return table(_position(permanents=[{"card": card["slug"], "owner": 0, "x": 2, "y": 1}]))


def _cast_every_way(slug: str) -> None:
    match = table(_position(me={"hand": [slug]}))
    for action in match.legal_actions(0):
        if action.id.startswith("spell:p0c0"):
            copy = match.copy()
            copy.apply(0, action)
            settle(copy)


@pytest.mark.parametrize("card", CARDS, ids=[c["slug"] for c in CARDS])
def test_every_effect_term_of_every_card_runs(card: dict[str, Any], ran: list[str]) -> None:
    _trigger(card)
    missing = _active_terms(card) - set(ran)
    assert not missing, f"{card['slug']}: the terms {sorted(missing)} never ran"


def test_an_unknown_term_is_an_error_not_a_silent_no_op() -> None:
    match = table(_position())
    with pytest.raises(UnknownTermError):
        run_term(match.state, "levitate", {"levitate": 1}, 0, None, None)


def test_every_ai_unit_runs_its_behaviour_when_activated() -> None:
    for card in CARDS:
        if not any("ai" in e for e in card["effects"]) or card["type"] != "unit":
            continue
        match = _ai_table(card)
        before = match.to_json()["perms"]
        act(match, "activate:m4")
        assert match.state["activation"] is None, card["slug"]
        if "m4" in match.state["perms"]:
            assert match.state["perms"]["m4"]["tapped"], card["slug"]
        assert match.to_json()["perms"] != before or card["slug"] in {"hirsch", "schlicklaeufer"}, card["slug"]
        find(match, "end:actions")
