"""The victories the seed names and games.md decides anew: VIP "wie König im Schach" (M26) and the
capture points held by the most regions (M27)."""

from __future__ import annotations

from engine.games.muhq.rules import remove
from tests.engine.games.muhq.table import act, on_map, table
from tests.engine.games.muhq.table import placed as _p

# --- M27 ----------------------------------------------------------------------------------------


def test_m27_one_region_against_none_wins_at_the_end_of_the_opponents_turn() -> None:
    match = table({"phase": "buy", "permanents": [_p("soldat", 1, 1, 3)]}, variant="drei-gebiete")
    act(match, "end:turn")
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.termination == "capture_points"


def test_m27_holding_as_many_regions_as_another_seat_wins_nothing() -> None:
    setup = {"phase": "buy", "permanents": [_p("soldat", 1, 1, 3), _p("soldat", 0, 9, 3)]}
    match = table(setup, variant="drei-gebiete")
    act(match, "end:turn")
    assert match.outcome() is None


# --- M26 ----------------------------------------------------------------------------------------


def vips(seats: int, hand: list[str]) -> dict[str, object]:
    """Hafenbucht with a VIP Ritter per seat, P2's and P3's hurt (life 1); P1 holds ``hand``."""
    fields = [(4, 0), (4, 9), (0, 4), (9, 4)]
    return {
        "players": [{"hand": hand}] + [{} for _ in range(seats - 1)],
        "permanents": [_p("ritter", p, *fields[p], vip=True, damage=0 if p == 0 else 4) for p in range(seats)]
        + [_p("soldat", 2, 1, 4)] * (seats > 2),
    }


def test_m26_a_seat_whose_vip_falls_is_out_and_its_turns_are_skipped() -> None:
    match = table(vips(3, ["feuerball"]), variant="hafenbucht")
    act(match, "spell:p0c0:m2")
    assert match.outcome() is None and match.view(None)["players"][2]["out"] is True
    assert not on_map(match, "m2") and not on_map(match, "m3")  # its permanents leave the map
    assert set(match.state["players"][2]["discard"]) == {"m2", "m3"}
    act(match, "end:actions")
    act(match, "end:turn")
    assert match.state["active"] == 1
    act(match, "pay")
    act(match, "end:actions")
    act(match, "end:turn")
    assert match.state["active"] == 0 and match.state["round"] == 2  # P3's turn is skipped


def test_m26_the_last_seat_with_its_vip_wins() -> None:
    match = table(vips(3, ["feuerball", "feuerball"]), variant="hafenbucht")
    act(match, "spell:p0c0:m2")
    assert match.outcome() is None
    act(match, "spell:p0c1:m1")
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.termination == "vip"


def test_m26_with_two_seats_the_other_seat_wins() -> None:
    match = table(vips(2, ["feuerball"]), variant="hafenbucht")
    act(match, "spell:p0c0:m1")
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_m26_what_a_seat_out_of_the_match_had_waiting_to_be_set_down_leaves_too() -> None:
    setup = vips(3, ["feuerball"])
    setup["permanents"] += [_p("streitwagen", 2, 1, 5, damage=3, stack=[{"card": "soldat"}])]  # type: ignore[operator]
    match = table(setup, variant="hafenbucht")
    act(match, "spell:p0c0:m4")  # P3's Streitwagen falls: its crew waits for P3 to set it down
    assert [e["card"] for e in match.state["dropping"]] == ["m5"] and match.to_act == 2
    remove(match.state, "m2", "defeated")  # and P3's VIP falls before it does (as in one combat)
    assert match.state["dropping"] == [] and "m5" in match.state["players"][2]["discard"]
