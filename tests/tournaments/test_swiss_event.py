"""A 9-player Swiss tournament of 4 rounds, best of 3, run through the API (issue 38's "done when"):
a bye, a drop, a disputed result the organiser decides, a pairing played as matches in the service
(each game ended by a clock running out), and the pairings (no rematch), standings and tiebreakers
checked against figures worked by hand below (MTR Appendix C, the 0.33 floor)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest
from django.db.models import F as Col

from engine.live.models import LiveMatch
from tests.tournaments.conftest import Players, sample_list

pytestmark = pytest.mark.django_db

# Seed 2027 draws the nine positions of the registration order so that round 1 is p1-p2, p3-p4,
# p5-p6, p7-p8 and p9 (last in the draw) has the bye: registering in this order makes the names
# the draw's order (swiss.draw_order(range(9), 2027) == [8, 5, 4, 3, 2, 6, 0, 7, 1]).
REGISTRATION = ["p7", "p9", "p5", "p4", "p3", "p2", "p6", "p8", "p1"]


class Event:
    """The tournament as seen through the API by its organiser and its players."""

    def __init__(self, players: Players, tournament_id: int, run_on_commit: Callable[..., Any]) -> None:
        self.players, self.id, self.run_on_commit = players, tournament_id, run_on_commit

    def state(self) -> dict[str, Any]:
        return dict(self.players["orga"].get(f"/api/tournaments/{self.id}/").json())

    def post(self, who: str, action: str, body: Any = None, expect: int = 200) -> dict[str, Any]:
        response = self.players.post(who, f"tournaments/{self.id}/{action}", body)
        assert response.status_code == expect, response.json()
        return dict(response.json())

    def pairing(self, round_: int, a: str) -> dict[str, Any]:
        return next(p for p in self.state()["pairings"] if p["round"] == round_ and p["players"][0] == a)

    def result(self, who: str, round_: int, a: str, games: list[int], expect: int = 200) -> dict[str, Any]:
        pairing = self.pairing(round_, a)
        return self.post(who, f"pairings/{pairing['id']}/result/", {"games": games}, expect)

    def agreed(self, round_: int, a: str, b: str, games: list[int]) -> None:
        """One player reports, the other confirms with the same games."""
        self.result(a, round_, a, games)
        assert self.pairing(round_, a)["result"]["confirmed"] is False
        self.result(b, round_, a, games)

    def pairs(self, round_: int) -> list[tuple[int | None, list[str | None]]]:
        return [(p["table"], p["players"]) for p in self.state()["pairings"] if p["round"] == round_]

    def play_game(self, round_: int, a: str, starter: str, loser: str) -> dict[str, Any]:
        """``starter`` starts the pairing's next game as a match; the players pass their turns
        until ``loser`` is to act, then ``loser``'s clock runs out (moved an hour back: no test
        waits for a clock). The finished match's result counts by itself."""
        pairing = self.pairing(round_, a)
        state = self.post(starter, f"pairings/{pairing['id']}/match/", expect=201)
        match_id = state["id"]
        for _ in range(50):
            seat = next(s for s in state["seats"] if s["index"] == state["to_act"])
            if seat["user"] == loser:
                break
            client = self.players[seat["user"]]
            view = client.get(f"/api/matches/{match_id}/?player={seat['index']}").json()
            end = next((x for x in view["legal_actions"] if x["id"] == "end"), view["legal_actions"][0])
            body = {"player": seat["index"], "action": end, "version": view["version"]}
            with self.run_on_commit(execute=True):
                state = client.post(f"/api/matches/{match_id}/actions/", body, format="json").json()
        LiveMatch.objects.filter(match_id=match_id).update(since=Col("since") - datetime.timedelta(hours=1))
        with self.run_on_commit(execute=True):
            finished = self.players["orga"].get(f"/api/matches/{match_id}/").json()
        assert finished["finished"] and finished["result"]["termination"] == "time"
        return finished


@pytest.fixture
def event(players: Players, bundled_cards: None, django_capture_on_commit_callbacks: Any) -> Event:
    created = players.post(
        "orga",
        "tournaments/",
        {"name": "Swiss 9", "format": "kamelo/dufo", "date": "2027-01-16", "best_of": 3, "seed": 2027,
         "clock": {"seconds": 600, "increment": 5}},
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    event = Event(players, created.json()["id"], django_capture_on_commit_callbacks)
    for name in REGISTRATION:
        event.post(name, "register/", {"deck": {"list": sample_list()}})
    return event


def test_a_nine_player_swiss_of_four_rounds(event: Event) -> None:
    started = event.post("orga", "start/")
    assert started["rounds"] == 4  # ceil(log2(9))
    # Round 1: the seeded draw, neighbours paired, the last of the draw gets the bye (2-0).
    assert event.pairs(1) == [(1, ["p1", "p2"]), (2, ["p3", "p4"]), (3, ["p5", "p6"]), (4, ["p7", "p8"]), (None, ["p9", None])]  # fmt: skip
    event.agreed(1, "p1", "p2", [2, 0, 0])
    event.agreed(1, "p3", "p4", [2, 1, 0])
    event.result("p5", 1, "p5", [2, 1, 0])
    event.result("p6", 1, "p5", [1, 2, 0])  # p6 disputes: the organiser decides
    disputed = event.pairing(1, "p5")["result"]
    assert disputed == {"games": [2, 1, 0], "confirmed": False, "reported_by": "p5", "disputed": [1, 2, 0]}
    event.post("orga", "next-round/", expect=409)  # table 4 has no result yet
    event.result("orga", 1, "p5", [1, 2, 0])
    event.result("orga", 1, "p7", [1, 1, 1])  # a draw, entered by the organiser
    event.post("p2", "drop/")
    event.post("orga", "next-round/")
    # Round 2 by points: 3 (p1 p3 p6 p9, in this order by OMW and the draw), 1 (p7 p8, who met:
    # each floats down), 0 (p4 p5); p2 dropped. Neighbours meet: p1-p3, p6-p9, p7-p4, p8-p5.
    assert event.pairs(2) == [(1, ["p1", "p3"]), (2, ["p6", "p9"]), (3, ["p7", "p4"]), (4, ["p8", "p5"])]
    # Table 1 is played in the service: p1 wins game 1, p3 game 2 (seats swapped), p1 game 3: 2-1.
    event.play_game(2, "p1", starter="p1", loser="p3")
    assert event.pairing(2, "p1")["result"] is None  # best of 3: one game is no result yet
    event.result("p1", 2, "p1", [2, 0, 0], expect=409)  # its matches decide, not a report
    event.play_game(2, "p1", starter="p3", loser="p1")
    event.play_game(2, "p1", starter="p1", loser="p3")
    played = event.pairing(2, "p1")
    assert played["result"] == {"games": [2, 1, 0], "confirmed": True, "decided_by": "match"}
    assert len(played["matches"]) == 3 and played["match"] == played["matches"][-1]
    event.agreed(2, "p6", "p9", [0, 2, 0])
    event.agreed(2, "p7", "p4", [2, 0, 0])
    event.agreed(2, "p8", "p5", [0, 2, 1])
    event.post("orga", "next-round/")
    # Points: p1 p9 6; p7 4; p6 p3 p5 3; p8 1; p4 0. p1 and p9 meet; p7 floats to p6.
    assert event.pairs(3) == [(1, ["p9", "p1"]), (2, ["p7", "p6"]), (3, ["p3", "p5"]), (4, ["p8", "p4"])]
    event.agreed(3, "p9", "p1", [0, 2, 0])
    event.agreed(3, "p7", "p6", [1, 1, 0])  # time was called at one game each: a draw
    event.result("orga", 3, "p3", [2, 0, 0])
    event.agreed(3, "p8", "p4", [0, 2, 0])
    event.post("orga", "drop/", {"user": "p8"})  # the organiser drops p8: seven left, a bye again
    event.post("orga", "next-round/")
    # p1 (9) has met p9 and p3 (6): p1 floats down to p7 (5); the bye goes to p5, the lowest-ranked
    # player without one (p9 had round 1's).
    assert event.pairs(4) == [(1, ["p1", "p7"]), (2, ["p9", "p3"]), (3, ["p6", "p4"]), (None, ["p5", None])]
    event.agreed(4, "p1", "p7", [2, 1, 0])
    event.agreed(4, "p9", "p3", [1, 2, 0])
    event.result("orga", 4, "p6", [2, 0, 0])
    event.post("orga", "next-round/", expect=409)  # all four rounds are played
    finished = event.post("orga", "finish/")

    met = [frozenset(p["players"]) for p in finished["pairings"] if p["players"][1] is not None]
    assert len(met) == len(set(met)) == 15  # no pair met twice
    assert finished["standings"] == HAND_WORKED
    assert all("deck" in p for p in finished["players"])  # the lists are open once finished
    # Every game moved both players' Elo (rated by default); byes are no games.
    ratings = event.players["p1"].get("/api/ratings/?game=kamelo").json()
    assert {r["user"]: r["games"] for r in ratings} == {
        "p1": 10, "p2": 2, "p3": 11, "p4": 9, "p5": 8, "p6": 9, "p7": 10, "p8": 8, "p9": 7,
    }  # fmt: skip
    assert ratings[0]["user"] == "p1" and sum(r["rating"] for r in ratings) == pytest.approx(9 * 1500, abs=5)


def pct(value: F | float) -> float:
    return round(float(value), 4)


# Worked by hand from the results above (MW = points / 3 x rounds; GW = game points / 3 x games;
# each at least 0.33; O.. = the average over the opponents, byes not counting):
#   MW: p1 12/12 = 1, p3 9/12 = 3/4, p6 7/12, p5 6/12 and p9 6/12 = 1/2, p7 5/12,
#       p4 3/12 -> 0.33, p8 1/9 -> 0.33, p2 0/3 -> 0.33
#   GW: p1 24/30 = 4/5, p3 21/33 = 7/11, p6 15/27 = 5/9, p9 15/27 = 5/9, p5 16/30 = 8/15,
#       p7 16/30 = 8/15, p4 9/27 = 1/3, p8 5/24 -> 0.33, p2 0/6 -> 0.33
#   p1 met p2 p3 p9 p7: OMW (0.33 + 3/4 + 1/2 + 5/12) / 4 = 599/1200; OGW (0.33 + 7/11 + 5/9 + 8/15) / 4 = 20347/39600
#   p3 met p4 p1 p5 p9: OMW (0.33 + 1 + 1/2 + 1/2) / 4 = 233/400; OGW (1/3 + 4/5 + 8/15 + 5/9) / 4 = 5/9
#   p6 met p5 p9 p7 p4: OMW (1/2 + 1/2 + 5/12 + 0.33) / 4 = 131/300; OGW (8/15 + 5/9 + 8/15 + 1/3) / 4 = 22/45
#   p9 met p6 p1 p3 (and had a bye): OMW (7/12 + 1 + 3/4) / 3 = 7/9; OGW (5/9 + 4/5 + 7/11) / 3 = 986/1485
#   p5 met p6 p8 p3 (and had a bye): OMW (7/12 + 0.33 + 3/4) / 3 = 499/900; OGW (5/9 + 0.33 + 7/11) / 3 = 15067/29700
#   p7 met p8 p4 p6 p1: OMW (0.33 + 0.33 + 7/12 + 1) / 4 = 673/1200; OGW (0.33 + 1/3 + 5/9 + 4/5) / 4 = 19987/39600
#   p4 met p3 p7 p8 p6: OMW (3/4 + 5/12 + 0.33 + 7/12) / 4 = 13/25; OGW (7/11 + 8/15 + 0.33 + 5/9) / 4 = 20347/39600
#   p8 met p7 p5 p4: OMW (5/12 + 1/2 + 0.33) / 3 = 187/450; OGW (8/15 + 8/15 + 1/3) / 3 = 7/15
#   p2 met p1: OMW 1, OGW 4/5
# p9 and p5 both have 6 points: OMW 7/9 puts p9 first.
HAND_WORKED = [
    {"rank": r, "user": u, "points": p, "omw": pct(o), "gw": pct(g), "ogw": pct(og), "rounds": n, "dropped": d}
    for r, (u, p, o, g, og, n, d) in enumerate(
        [
            ("p1", 12, F(599, 1200), F(4, 5), F(20347, 39600), 4, False),
            ("p3", 9, F(233, 400), F(7, 11), F(5, 9), 4, False),
            ("p6", 7, F(131, 300), F(5, 9), F(22, 45), 4, False),
            ("p9", 6, F(7, 9), F(5, 9), F(986, 1485), 4, False),
            ("p5", 6, F(499, 900), F(8, 15), F(15067, 29700), 4, False),
            ("p7", 5, F(673, 1200), F(8, 15), F(19987, 39600), 4, False),
            ("p4", 3, F(13, 25), F(1, 3), F(20347, 39600), 4, False),
            ("p8", 1, F(187, 450), 0.33, F(7, 15), 3, True),
            ("p2", 0, 1, 0.33, F(4, 5), 1, True),
        ],
        start=1,
    )
]
