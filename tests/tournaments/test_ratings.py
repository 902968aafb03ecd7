"""Elo ratings (api.md): a rated match between two people's seats moves both once it finishes (the
adapter's ``match_finished``, which the tournaments app listens to); a match against the computer
or one not rated moves nothing; each game keeps both ratings as they stood before it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db.models import F
from django.test import Client

from engine.live.models import LiveMatch
from engine.models import Match
from tests.matches.conftest import inline_deck
from tests.tournaments.conftest import Players
from tournaments.models import PlayedGame, Rating

pytestmark = pytest.mark.django_db


def _finish_by_time(players: Players, match_id: int, capture: Any) -> dict[str, Any]:
    """Run the seat to act out of time (its clock moved an hour back; no test waits)."""
    LiveMatch.objects.filter(match_id=match_id).update(since=F("since") - datetime.timedelta(hours=1))
    with capture(execute=True):
        return dict(players["p1"].get(f"/api/matches/{match_id}/").json())


def _match(players: Players, capture: Any, *, rated: bool, opponent: dict[str, Any]) -> dict[str, Any]:
    body = {
        "game": "kamelo", "variant": "dufo", "decks": [inline_deck(), inline_deck(number=1)], "seed": 5,
        "players": [{"kind": "human"}, opponent], "rated": rated, "clock": {"seconds": 60, "increment": 0},
        "options": {"first_player": 0},
    }  # fmt: skip
    with capture(execute=True):
        created = players.post("p1", "matches/", body)
        assert created.status_code == 201, created.json()
        for row in players["p2"].get("/api/invitations/").json()["results"]:
            players.post("p2", f"invitations/{row['id']}/accept/")
    return _finish_by_time(players, created.json()["id"], capture)


def test_a_rated_match_between_two_people_moves_both_ratings(
    players: Players, bundled_cards: None, django_capture_on_commit_callbacks: Any
) -> None:
    players.user("p2")
    finished = _match(players, django_capture_on_commit_callbacks, rated=True, opponent={"kind": "human", "user": "p2"})
    assert finished["result"]["winner"] == 1  # p1 (seat 0, to act) ran out of time
    assert dict(Rating.objects.values_list("user__username", "rating")) == {"p1": 1484, "p2": 1516}
    game = PlayedGame.objects.get()
    assert (game.rating_a, game.rating_b, game.change_a, game.winner, game.rated) == (1500, 1500, -16, 1, True)
    ratings = players["p1"].get("/api/ratings/?game=kamelo").json()
    assert ratings == [{"user": "p2", "rating": 1516, "games": 1}, {"user": "p1", "rating": 1484, "games": 1}]


@pytest.mark.parametrize("case", ["not rated", "against the computer"])
def test_other_matches_move_no_rating(
    case: str, players: Players, bundled_cards: None, django_capture_on_commit_callbacks: Any
) -> None:
    players.user("p2")
    opponent = {"kind": "ai", "behaviour": "random"} if case == "against the computer" else {"kind": "human", "user": "p2"}  # fmt: skip
    finished = _match(players, django_capture_on_commit_callbacks, rated=case != "not rated", opponent=opponent)
    assert finished["finished"]
    assert not PlayedGame.objects.exists() and not Rating.objects.exists()


def test_the_new_match_page_makes_a_rated_match(players: Players, bundled_cards: None) -> None:
    page = Client()
    page.force_login(players.user("p1"))
    players.user("p2")
    form = {"seat_0": "me", "deck_0": "sample:kamelo/dufo:1", "seat_1": "user", "user_1": "p2",
            "deck_1": "sample:kamelo/dufo:2", "rated": "on"}  # fmt: skip
    answer = page.post("/matches/new/?game=kamelo&variant=dufo", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Match.objects.get().rated is True
