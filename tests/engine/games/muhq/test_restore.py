"""A muhq match restored from the database plays on as the live one would: PostgreSQL's jsonb hands
a stored state back with its keys sorted, and much of the game walks the permanents in the order
they came onto the map (found when the same match replayed differently on PostgreSQL)."""

from __future__ import annotations

import json

from engine.games.muhq.engine import MuhqMatch
from engine.games.muhq.state import top_perms
from tests.engine.conformance import digest, jsonb_order
from tests.engine.games.muhq.table import ENGINE, act, find, table

# P1's Fischer on the Acker next to P2's Soldat: its full action (a harvest) aims at nothing, while
# the permanents around it are looked at as attack targets first.
FISCHER = {
    "players": [{"resources": 6}, {}],
    "permanents": [
        {"card": "soldat", "owner": 1, "x": 3, "y": 2},
        {"card": "fischer", "owner": 0, "x": 2, "y": 1},
        {"card": "soldat", "owner": 0, "x": 1, "y": 2},
    ],
}


def test_a_full_action_without_an_aim_carries_no_target() -> None:
    match = table(FISCHER)
    act(match, "activate:m1")
    full = find(match, "full:m1")
    assert full.params["target"] is None, "the full action took the last attack target as its own"


def test_a_state_in_jsonb_key_order_walks_the_permanents_in_arrival_order() -> None:
    match = table(FISCHER)
    arrival = top_perms(match.state)
    restored = ENGINE.from_json(jsonb_order(match.to_json()))
    assert top_perms(restored.state) == arrival
    assert [match.state["perms"][p]["since"] for p in arrival] == sorted(
        match.state["perms"][p]["since"] for p in arrival
    )


def test_a_match_restored_in_jsonb_key_order_plays_on_identically() -> None:
    match = table(FISCHER)
    act(match, "activate:m1")
    restored = ENGINE.from_json(jsonb_order(match.to_json()))
    for copy in (match, restored):
        act(copy, "full:m1")
        act(copy, "end")
    assert digest(restored) == digest(match)


def test_a_state_stored_before_the_arrival_stamps_restores_in_its_stored_order() -> None:
    data = table(FISCHER).to_json()
    order = list(data["perms"])
    del data["arrivals"]
    for perm in data["perms"].values():
        del perm["since"]
    old = MuhqMatch.from_json(json.loads(json.dumps(data)))
    assert list(old.state["perms"]) == order
    assert [old.state["perms"][p]["since"] for p in order] == list(range(len(order)))
    assert old.state["arrivals"] == len(order)


def test_m29_m31_a_state_stored_before_the_hidden_draft_and_dropping_restores_and_plays_on() -> None:
    """Matches stored by the engine before M26, M29 and M31 kept a draft's picks in the stores, a
    carried artifact on its carrier's field (pending ``setdown``), and knew no seat out."""
    drafting = ENGINE.from_setup({"deal": "draft", "seats": 2}, variant="zwei-doerfer", seed=1)
    drafting.apply(0, drafting.legal_actions(0)[0])
    data = drafting.to_json()
    data["players"][0]["store"] = data["draft"].pop("picks")[0]
    del data["dropping"], data["eliminated"]
    old = MuhqMatch.from_json(data)
    assert old.view(1)["players"][0]["store"] == [] and len(old.state["draft"]["picks"][0]) == 1
    carrying = table({"permanents": [{"card": "soldat", "owner": 0, "x": 2, "y": 6},
                                     {"card": "palisade", "owner": 0, "x": 3, "y": 6}]}, variant="zwei-doerfer")  # fmt: skip
    act(carrying, "activate:m0")
    act(carrying, "carry:m0:m1:1,6")
    data = carrying.to_json()
    entry = data.pop("dropping")[0]
    data["perms"]["m1"] = {**entry["perms"]["m1"], "x": 1, "y": 6}
    data["pending"] = {"kind": "setdown", "player": 0, "artifact": "m1", "unit": "m0"}
    old = MuhqMatch.from_json(data)
    assert [e["card"] for e in old.state["dropping"]] == ["m1"] and old.state["pending"] is None
    old.apply(0, "setdown:m1:0,6")
    assert (old.state["perms"]["m1"]["x"], old.state["perms"]["m1"]["y"]) == (0, 6)
