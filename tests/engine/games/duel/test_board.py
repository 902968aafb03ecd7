"""The duel board's presentation (``engine.games.duel.board``): the slots of the play mat, the turn's
choices placed on the cards they act on, the event a trap decision waits for, and nothing that
names the opponent's face-down trap."""

from __future__ import annotations

import json
from typing import Any

from engine.games.duel.board import present
from engine.games.duel.engine import DuelMatch
from tests.engine.games.duel.helpers import act, cid, match, side


def board(m: DuelMatch, viewer: int | None) -> dict[str, Any]:
    """What the board template gets: the viewer's state with its legal actions, as the page has it."""
    legal = m.legal_actions(viewer) if viewer is not None else []
    return present({**m.view(viewer), "legal_actions": [a.to_json() for a in legal]}, viewer)


def placed(field: dict[str, Any], zone: str) -> dict[str, list[str]]:
    """Action ids placed on each card of a zone of a field, by card slug."""
    found: dict[str, list[str]] = {}
    for entry in field[zone]:
        card = entry["card"]
        found.setdefault(card["slug"], []).extend(a["id"] for a in entry["actions"])
    return found


def test_each_field_has_three_creature_and_three_support_slots_empty_ones_included() -> None:
    m = match(side([], ["wachhund"], support=[{"slug": "fallgrube"}]), side([], ["bergtroll", "turmwache"]))
    theirs, mine = board(m, 0)["fields"]
    assert (len(mine["creatures"]), len(mine["creature_free"])) == (1, 2)
    assert (len(mine["support"]), len(mine["support_free"])) == (1, 2)
    assert (len(theirs["creatures"]), len(theirs["creature_free"]), len(theirs["support_free"])) == (2, 1, 3)


def test_attacks_are_placed_on_the_attacking_creature_with_their_target() -> None:
    m = match(side([], ["bergtroll", "nachtfalke"]), side([], ["wachhund"]))
    mine = board(m, 0)["fields"][1]
    attacks = {c["card"]["slug"]: [(a["kind"], a["name"]) for a in c["actions"]] for c in mine["creatures"]}
    assert attacks["bergtroll"] == [("attack", "Wachhund")]
    assert attacks["nachtfalke"] == [("attack", "Wachhund"), ("attack", "")]  # "" : directly (direct_attack)


def test_plays_from_the_hand_are_placed_on_the_hand_card() -> None:
    m = match(
        side(
            ["wachhund", "fallgrube", "feuerball", "speer", "banner-des-heeres", "drachenfuerst"],
            ["bergtroll", "turmwache"],
        ),
        side(),
    )
    mine = board(m, 0)["fields"][1]
    on_hand = placed(mine, "hand")
    assert on_hand["wachhund"] == [f"summon:{cid(m, 0, 'wachhund')}:attack", f"summon:{cid(m, 0, 'wachhund')}:defense"]
    assert [a.split(":")[0] for a in on_hand["fallgrube"]] == ["set"]
    assert [a.split(":")[0] for a in on_hand["feuerball"]] == ["cast"]
    assert [a.split(":")[0] for a in on_hand["speer"]] == ["equip", "equip"]
    assert [a.split(":")[0] for a in on_hand["banner-des-heeres"]] == ["reinforce"]
    elite = next(h for h in mine["hand"] if h["card"]["slug"] == "drachenfuerst")
    assert {tuple(a["sacrifice"]) for a in elite["actions"]} == {("Bergtroll", "Turmwache")}
    spear = next(h for h in mine["hand"] if h["card"]["slug"] == "speer")
    assert {a["name"] for a in spear["actions"]} == {"Bergtroll", "Turmwache"}


def test_position_switches_and_discards_are_placed_on_their_cards() -> None:
    switch = match(side([], ["bergtroll"]), side(), phase="positions")
    creature = board(switch, 0)["fields"][1]["creatures"][0]
    assert [a["kind"] for a in creature["actions"]] == ["switch"]
    discard = match(side(["wachhund"] * 8), side())
    act(discard, "end")
    hand = board(discard, 0)["fields"][1]["hand"]
    assert all(h["actions"] for h in hand[:1]) and {a["kind"] for h in hand for a in h["actions"]} == {"discard"}


def test_a_trap_is_sprung_from_its_face_down_card_and_the_attack_is_shown() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(m, f"attack:{cid(m, 0, 'bergtroll', 'creatures')}:{cid(m, 1, 'wachhund', 'creatures')}")
    shown = board(m, 1)
    mine = shown["fields"][1]
    assert [a["id"].split(":")[0] for a in mine["support"][0]["actions"]] == ["spring"]
    assert shown["event"] == {"kind": "attack", "player": 0, "attacker": "Bergtroll", "target": "Wachhund"}
    assert shown["fields"][0]["creatures"][0]["attacking"] and mine["creatures"][0]["attacked_now"]


def test_targets_are_placed_on_the_creature_support_card_or_pile_card_chosen() -> None:
    blitz = match(side(["blitzschlag"]), side([], ["wachhund", "bergtroll"]))
    act(blitz, f"cast:{cid(blitz, 0, 'blitzschlag')}")
    theirs = board(blitz, 0)["fields"][0]
    assert all([a["kind"] for a in c["actions"]] == ["target"] for c in theirs["creatures"])
    wind = match(side(["sturmwind"]), side(support=[{"slug": "fallgrube"}, {"slug": "speer"}]))
    act(wind, f"cast:{cid(wind, 0, 'sturmwind')}")
    theirs = board(wind, 0)["fields"][0]
    assert [[a["id"] for a in e["actions"]] for e in theirs["support"]] == [["target:support.0"], ["target:support.1"]]
    assert theirs["support"][0]["card"] is None  # the face-down trap stays unnamed
    revive = match(side(["totengraeber"], discard=["bergtroll", "wachhund"]), side())
    act(revive, f"summon:{cid(revive, 0, 'totengraeber')}:attack")
    mine = board(revive, 0)["fields"][1]
    assert mine["discard_open"] and not mine["graveyard_open"]
    assert {a["position"] for e in mine["discard"] for a in e["actions"]} == {"attack", "defense"}


def test_nothing_is_placed_for_a_spectator_or_the_seat_not_to_act() -> None:
    m = match(side(["wachhund"], ["bergtroll"]), side([], ["turmwache"]))
    for viewer in (None, 1):
        shown = board(m, viewer)
        for field in shown["fields"]:
            for zone in ("creatures", "support", "graveyard", "discard"):
                assert not any(entry["actions"] for entry in field[zone])
            assert not any(h["actions"] for h in field["hand"] or [])


def test_the_opponents_face_down_trap_is_never_named_on_the_board() -> None:
    m = match(side([], ["bergtroll"]), side(["seelenfalle"], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(m, f"attack:{cid(m, 0, 'bergtroll', 'creatures')}:{cid(m, 1, 'wachhund', 'creatures')}")
    for viewer in (0, None):
        text = json.dumps(board(m, viewer))
        assert "allgrube" not in text and "eelenfalle" not in text
        theirs = next(f for f in board(m, viewer)["fields"] if f["seat"] == 1)
        assert theirs["support"] == [{"card": None, "face_down": True, "equips_name": "", "actions": []}]
        assert theirs["hand"] is None and len(theirs["hand_backs"]) == 1


def test_the_turns_steps_and_the_summons_left() -> None:
    m = match(side(["wachhund"]), side())
    shown = board(m, 0)
    assert [s["name"] for s in shown["phases"] if s["current"]] == ["main"] and shown["summons_left"] == 1
    act(m, f"summon:{cid(m, 0, 'wachhund')}:attack")
    assert board(m, 0)["summons_left"] == 0
