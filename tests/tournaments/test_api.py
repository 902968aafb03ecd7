"""The tournaments API's refusals and other users' data: every bad input is a clear error in the
API's one shape and changes nothing (issue 38)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from decks.services import deck_create, deck_update
from tests.tournaments.conftest import FORMAT, Players, sample_list
from tournaments.models import Pairing, Player, Tournament

pytestmark = pytest.mark.django_db
Event = Callable[..., Tournament]


def test_creating_needs_a_user_and_a_known_format(players: Players, api_client: Any) -> None:
    body = {"name": "Cup", "format": FORMAT, "date": "2027-01-16"}
    assert api_client.post("/api/tournaments/", body, format="json").status_code == 401
    bad = players.post("orga", "tournaments/", {**body, "format": "nope/nothing"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid" and "format" in bad.json()["errors"]
    assert players.post("orga", "tournaments/", {**body, "best_of": 2}).status_code == 400
    created = players.post("orga", "tournaments/", body).json()
    assert created["organiser"] == "orga" and created["status"] == "registering" and created["best_of"] == 1


def test_an_illegal_deck_is_refused_with_every_problem(players: Players, event: Event) -> None:
    tournament = event()
    text = "Deck\n9 Dromedar\n1 Gibtsnicht\nkein Kamel"
    answer = players.post("p1", f"tournaments/{tournament.pk}/register/", {"deck": {"list": text}})
    body = answer.json()
    assert answer.status_code == 400 and body["code"] == "illegal_deck"
    assert {"bad_line", "unknown_card", "deck_size"} <= {p["code"] for p in body["problems"]}
    assert not Player.objects.exists()


def test_registering_twice_or_after_the_start_is_a_conflict(players: Players, event: Event) -> None:
    tournament = event("p1", "p2")
    again = players.post("p1", f"tournaments/{tournament.pk}/register/", {"deck": {"list": sample_list()}})
    assert again.status_code == 409 and again.json()["code"] == "already_registered"
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    late = players.post("p3", f"tournaments/{tournament.pk}/register/", {"deck": {"list": sample_list()}})
    assert late.status_code == 409 and late.json()["code"] == "tournament_running"
    assert Player.objects.count() == 2


def test_a_saved_deck_is_locked_as_a_copy(players: Players, event: Event) -> None:
    tournament = event()
    deck = deck_create(owner=players.user("p1"), name="Mine", format=FORMAT, list=sample_list())
    players.post("p1", f"tournaments/{tournament.pk}/register/", {"deck": deck.pk})
    deck_update(deck=deck, data={"list": "Deck\n1 Dromedar"})
    player = Player.objects.get()
    assert player.deck_list == sample_list() and player.deck_name == "Mine"
    other = deck_create(owner=players.user("p2"), name="Theirs", format=FORMAT, list=sample_list())
    stolen = players.post("p3", f"tournaments/{tournament.pk}/register/", {"deck": other.pk})
    assert stolen.status_code == 400 and stolen.json()["code"] == "unknown_deck"


def test_only_the_organiser_starts_pairs_and_finishes(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", "p3")
    for action in ("start/", "next-round/", "finish/"):
        answer = players.post("p1", f"tournaments/{tournament.pk}/{action}")
        assert answer.status_code == 403 and answer.json()["code"] == "not_organiser"
    assert Tournament.objects.get().status == "registering" and not Pairing.objects.exists()


def test_a_result_for_someone_elses_pairing_is_refused(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", "p3", "p4", seed=1)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = Pairing.objects.filter(b__isnull=False).first()
    assert pairing is not None
    outsider = next(n for n in ("p1", "p2", "p3", "p4") if n not in (pairing.a.user.username, pairing.b.user.username))
    answer = players.post(outsider, f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/", {"games": [1, 0, 0]})
    assert answer.status_code == 403 and answer.json()["code"] == "not_your_pairing"
    assert Pairing.objects.get(pk=pairing.pk).claim is None


def test_a_result_that_does_not_fit_best_of_is_refused(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", best_of=3)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = Pairing.objects.get()
    for games in ([3, 0, 0], [2, 2, 0], [0, 0, 0], [2, 1, 1]):
        answer = players.post("orga", f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/", {"games": games})
        assert answer.status_code == 400 and answer.json()["code"] in ("bad_result", "invalid"), games
    assert players.post("orga", f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/", {"games": [1, 0]}).status_code == 400  # fmt: skip
    assert Pairing.objects.get().games is None


def test_pairing_before_every_result_is_in_is_a_conflict(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", rounds=2)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    answer = players.post("orga", f"tournaments/{tournament.pk}/next-round/")
    assert answer.status_code == 409 and answer.json() | {"detail": ""} == {
        "detail": "", "code": "results_missing", "tables": [1],
    }  # fmt: skip
    assert players.post("orga", f"tournaments/{tournament.pk}/finish/").status_code == 409
    assert Tournament.objects.get().round == 1


def test_a_final_result_stands(players: Players, event: Event) -> None:
    tournament = event("p1", "p2")
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = Pairing.objects.get()
    path = f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/"
    assert players.post("orga", path, {"games": [1, 0, 0]}).status_code == 200
    answer = players.post("p1", path, {"games": [0, 1, 0]})
    assert answer.status_code == 409 and answer.json()["code"] == "result_final"


def test_a_player_may_change_their_report_until_it_is_confirmed(players: Players, event: Event) -> None:
    tournament = event("p1", "p2")
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = Pairing.objects.select_related("a__user", "b__user").get()
    a, b = pairing.a.user.username, pairing.b.user.username
    path = f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/"
    players.post(a, path, {"games": [1, 0, 0]})
    players.post(a, path, {"games": [0, 1, 0]})
    final = players.post(b, path, {"games": [0, 1, 0]}).json()
    assert final["pairings"][0]["result"] == {"games": [0, 1, 0], "confirmed": True, "decided_by": "players"}


def test_private_tournaments_are_unlisted_for_others(players: Players, event: Event, api_client: Any) -> None:
    hidden = event(public=False)
    shown = event()
    listed = [t["id"] for t in players["p1"].get("/api/tournaments/").json()["results"]]
    assert listed == [shown.pk]
    assert [t["id"] for t in api_client.get("/api/tournaments/").json()["results"]] == [shown.pk]
    assert {t["id"] for t in players["orga"].get("/api/tournaments/").json()["results"]} == {hidden.pk, shown.pk}
    assert api_client.get("/api/tournaments/?status=nope").status_code == 400


def test_the_lists_are_the_organisers_until_the_end(players: Players, event: Event, api_client: Any) -> None:
    tournament = event("p1", "p2")
    seen = {p["user"]: "deck" in p for p in players["p1"].get(f"/api/tournaments/{tournament.pk}/").json()["players"]}
    assert seen == {"p1": True, "p2": False}
    assert all("deck" in p for p in players["orga"].get(f"/api/tournaments/{tournament.pk}/").json()["players"])
    assert all("deck" not in p for p in api_client.get(f"/api/tournaments/{tournament.pk}/").json()["players"])


def test_a_drop_before_the_start_withdraws_and_twice_is_a_conflict(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", "p3")
    players.post("p3", f"tournaments/{tournament.pk}/drop/")
    assert Player.objects.count() == 2
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    assert players.post("p1", f"tournaments/{tournament.pk}/drop/").status_code == 200
    again = players.post("p1", f"tournaments/{tournament.pk}/drop/")
    assert again.status_code == 409 and again.json()["code"] == "already_dropped"
    other = players.post("p2", f"tournaments/{tournament.pk}/drop/", {"user": "p1"})
    assert other.status_code == 403


def test_exports_standings_as_csv_and_the_finished_tournament_as_an_import_file(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", rounds=1)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    assert players["p1"].get(f"/api/tournaments/{tournament.pk}/export/").status_code == 409
    pairing = Pairing.objects.select_related("a__user").get()
    players.post("orga", f"tournaments/{tournament.pk}/pairings/{pairing.pk}/result/", {"games": [1, 0, 0]})
    players.post("orga", f"tournaments/{tournament.pk}/finish/")
    csv = players["p1"].get(f"/api/tournaments/{tournament.pk}/standings.csv")
    lines = csv.content.decode().splitlines()
    assert lines[0] == "rank,user,points,omw,gw,ogw,rounds,dropped"
    assert lines[1].startswith(f"1,{pairing.a.user.username},3,")
    exported = players["p1"].get(f"/api/tournaments/{tournament.pk}/export/").json()
    (entry,) = exported["tournaments"]
    assert entry["format"] == FORMAT and entry["date"] == "2027-01-16"
    (game,) = entry["games"]
    assert game["winner"] == 0 and [p["elo"] for p in game["players"]] == [1500, 1500]
    assert game["players"][0]["name"] == pairing.a.user.username and len(game["players"][0]["deck"]) == 60


def test_ratings_need_a_known_game(api_client: Any, db: Any) -> None:
    assert api_client.get("/api/ratings/").status_code == 400
    assert api_client.get("/api/ratings/?game=nope").status_code == 400
    assert api_client.get("/api/ratings/?game=kamelo").json() == []


def test_a_pairings_match_is_for_its_players_once_at_a_time(players: Players, event: Event) -> None:
    tournament = event("p1", "p2", "p3", seed=1)
    players.post("orga", f"tournaments/{tournament.pk}/start/")
    pairing = Pairing.objects.select_related("a__user", "b__user").get(b__isnull=False)
    bye = Pairing.objects.get(b__isnull=True)
    outsider = bye.a.user.username
    path = f"tournaments/{tournament.pk}/pairings/{pairing.pk}/match/"
    assert players.post(outsider, path).json()["code"] == "not_your_pairing"
    assert players.post(outsider, f"tournaments/{tournament.pk}/pairings/{bye.pk}/match/").json()["code"] == "bye"
    state = players.post(pairing.a.user.username, path)
    assert state.status_code == 201 and {s["user"] for s in state.json()["seats"]} == {"p1", "p2", "p3"} - {outsider}
    again = players.post(pairing.b.user.username, path)
    assert again.status_code == 409 and again.json() | {"detail": ""} == {
        "detail": "", "code": "match_running", "match": state.json()["id"],
    }  # fmt: skip
    assert state.json()["clock"] is None  # the tournament set no clock


def test_unreadable_bodies_and_unknown_tournaments(players: Players, event: Event, api_client: Any) -> None:
    tournament = event()
    for body in ({"deck": {"list": "1 Dromedar\x00"}}, {"deck": True}, {"deck": {"name": "no list"}}, {}):
        answer = players.post("p1", f"tournaments/{tournament.pk}/register/", body)
        assert answer.status_code == 400 and answer.json()["code"] == "invalid", body
    assert not Player.objects.exists()
    for path in ("tournaments/999/", "tournaments/999/standings.csv", "tournaments/999/export/"):
        assert api_client.get(f"/api/{path}").status_code == 404
    assert players.post("p1", "tournaments/999/register/", {"deck": {"list": sample_list()}}).status_code == 404
