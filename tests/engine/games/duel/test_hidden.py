"""Hidden information: the opponent never sees the hand, the deck order or a face-down trap, in the
state, the log or what the table saw of an action (api.md "Matches of every game")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.games.duel.engine import DuelMatch
from engine.games.duel.view import FACE_DOWN
from tests.engine.games.duel.helpers import ENGINE, act, match, sample_decks, side


def hidden_from(m: DuelMatch, viewer: int | None) -> set[str]:
    """The ids ``viewer`` may not see: both decks, other hands, others' face-down support cards."""
    hidden: set[str] = set()
    for p, player in enumerate(m.state["players"]):
        hidden |= set(player["deck"])
        if p != viewer:
            hidden |= set(player["hand"])
            hidden |= {e["card"] for e in player["support"] if e["face_down"]}
    return hidden


def shown_strings(data: Any) -> str:
    return json.dumps(data)


@pytest.mark.parametrize("seed", [3, 8])
def test_no_view_and_no_public_action_shows_a_hidden_card_through_a_whole_match(seed: int) -> None:
    m = ENGINE.new_match(sample_decks(), variant="standard", seed=seed, options={})
    steps, face_down_seen = 0, 0
    while m.to_act is not None:
        player = m.to_act
        for viewer in (None, 0, 1):
            text = shown_strings(m.view(viewer))
            assert not [cid for cid in hidden_from(m, viewer) if f'"{cid}"' in text], (seed, steps, viewer)
            for p, side_view in enumerate(m.view(viewer)["players"]):
                if p != viewer:
                    assert side_view["hand"] is None
                    downs = [e for e in side_view["support"] if e.get("face_down")]
                    assert all(e == FACE_DOWN for e in downs)
                    face_down_seen += len(downs)
        legal = m.legal_actions(player)
        action = ENGINE.choose_action(("greedy", "random")[steps % 2], m.view(player), legal, seed + steps)
        public = shown_strings(m.public_action(player, action))
        # What the action itself plays or springs becomes public with it; nothing else may show.
        sprung = {action.id.split(":", 1)[1]} if action.id.startswith("spring:") else set()
        others = hidden_from(m, 1 - player) - set(m.state["players"][player]["hand"]) - sprung
        assert not [cid for cid in others if f"{cid}" in public], (seed, steps, action.id)
        m.apply(player, action)
        steps += 1
    assert face_down_seen > 0, "the match never had a face-down trap to hide"


def test_setting_a_trap_shows_the_table_only_that_a_trap_went_face_down() -> None:
    m = match(side(["spiegelschild"]), side())
    action = next(a for a in m.legal_actions(0) if a.id.startswith("set:"))
    assert m.public_action(0, action)["id"] == "hidden:set"
    act(m, action.id)
    for viewer in (None, 1):
        assert "spiegelschild" not in shown_strings(m.view(viewer)).lower()
    assert m.view(None)["log"][-1]["text"] == "P1 sets a trap face down"


def test_a_trap_window_is_opened_for_any_face_down_card_so_it_tells_nothing() -> None:
    fitting = match(side(["wachhund"]), side(support=[{"slug": "seelenfalle"}]))
    unfitting = match(side(["wachhund"]), side(support=[{"slug": "fallgrube"}]))
    for m in (fitting, unfitting):
        act(m, "summon:p0c0:attack")
    assert fitting.view(0) == unfitting.view(0) and fitting.to_act == unfitting.to_act == 1


def test_a_sprung_trap_is_shown_to_everyone() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "spiegelschild"}]))
    act(m, "attack:p0c10:p1c10", "spring:p1c11")
    assert [c["slug"] for c in m.view(0)["players"][1]["graveyard"]] == ["spiegelschild"]
    assert "springs Spiegelschild" in m.view(0)["log"][-3]["text"]


def test_reshuffling_what_a_player_cannot_see_keeps_face_down_slots_holding_traps() -> None:
    m = match(side(["wachhund"] * 3), side(["feuerball", "spiegelschild"], support=[{"slug": "fallgrube"}]))
    held = set()
    for seed in range(10):
        other = m.reshuffle_hidden(0, seed)
        assert other.view(0) == m.view(0) and other.legal_actions(0) == m.legal_actions(0)
        entry = other.state["players"][1]["support"][0]
        assert entry["face_down"]
        held.add(other.state["cards"][entry["card"]])
    assert held == {"fallgrube", "spiegelschild"}


def test_a_determinized_copy_keeps_the_seats_view_and_legal_actions() -> None:
    m = ENGINE.new_match(sample_decks(), variant="standard", seed=12, options={})
    seat = m.to_act
    copy = m.determinize(seat, 99)
    assert copy.view(seat) == m.view(seat) and copy.legal_actions(seat) == m.legal_actions(seat)
    assert copy.state["players"][1 - seat]["hand"] != m.state["players"][1 - seat]["hand"]
