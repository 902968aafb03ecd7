"""The victories the seed names and games.md decides anew: VIP "wie König im Schach" (M26) and the
capture points held by the most regions (M27)."""

from __future__ import annotations

from tests.engine.games.muhq.table import act, table
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
