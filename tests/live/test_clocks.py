"""Clocks (issue 20 item 5): a budget per seat with an increment per turn; the seat to act whose
time runs out loses (``termination: "time"``), enforced by the server on an action, on a page
read and by an open socket's timer. Time passing is simulated by moving the clock's start back."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from engine.live import clocks
from engine.live.models import LiveMatch
from engine.models import Match
from tests.live.conftest import between, frame, socket
from tests.matches.conftest import act


def _clocked(alice: APIClient, bob: APIClient, seconds: int = 60, increment: int = 0) -> int:
    match_id = between(alice, bob, variant="dufo")
    clocks.clock_setup(match=Match.objects.get(pk=match_id), seconds=seconds, increment=increment)
    return match_id


def _age(match_id: int, seconds: float) -> None:
    """As if the running clock had started ``seconds`` earlier."""
    clock = LiveMatch.objects.get(match_id=match_id)
    assert clock.since is not None
    clock.since -= datetime.timedelta(seconds=seconds)
    clock.save()


def _state(client: APIClient, match_id: int, seat: int) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/matches/{match_id}/?player={seat}").json()
    return data


@pytest.mark.django_db(transaction=True)
def test_the_clock_of_the_seat_to_act_runs_and_the_turn_passing_adds_the_increment(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = _clocked(user_client, other_client, seconds=60, increment=50)
    clock = LiveMatch.objects.get(match_id=match_id)
    assert clock.running == 0 and clock.remaining == [60_000, 60_000]
    _age(match_id, 10)
    state = _state(user_client, match_id, 0)
    end = next(a for a in state["legal_actions"] if a["id"].startswith("end"))
    assert act(user_client, state, end).status_code == 200
    clock.refresh_from_db()
    assert clock.running == 1
    # 60 s - the 10 s (and however long the action took) + 50 s: above the budget only with the
    # increment, at most 100 s since at least 10 s were charged
    assert 60_000 < clock.remaining[0] <= 100_000
    assert clock.remaining[1] == 60_000


@pytest.mark.django_db(transaction=True)
def test_an_action_of_a_seat_out_of_time_ends_the_match_by_time(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = _clocked(user_client, other_client)
    state = _state(user_client, match_id, 0)  # read in time; the action comes after the deadline
    _age(match_id, 61)
    answer = act(user_client, state)
    assert answer.status_code == 409 and answer.json()["code"] == "match_over"
    after = _state(other_client, match_id, 1)
    assert after["finished"] and after["result"]["termination"] == "time" and after["result"]["winner"] == 1
    assert after["version"] == state["version"]  # the refused action was not applied
    assert LiveMatch.objects.get(match_id=match_id).running is None


@pytest.mark.django_db(transaction=True)
def test_reading_the_page_after_the_deadline_ends_the_match(
    user_client: APIClient, other_client: APIClient, other_user: User, bundled_cards: None
) -> None:
    match_id = _clocked(user_client, other_client)
    _age(match_id, 61)
    browser = Client()
    browser.force_login(other_user)
    page = browser.get(f"/matches/{match_id}/").content.decode()
    assert "result-banner" in page
    assert Match.objects.get(pk=match_id).result["termination"] == "time"


@pytest.mark.django_db(transaction=True)
def test_a_match_within_its_time_goes_on(user_client: APIClient, other_client: APIClient, bundled_cards: None) -> None:
    match_id = _clocked(user_client, other_client)
    _age(match_id, 30)
    assert not clocks.clock_check(match_id=match_id)
    assert act(user_client, _state(user_client, match_id, 0)).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_an_open_socket_ends_the_match_when_the_running_clock_runs_out(
    user: User, user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = _clocked(user_client, other_client, seconds=1)

    async def scenario() -> dict[str, Any]:
        sock = socket(match_id, user)
        await sock.connect()
        got = await frame(sock)
        while not got["finished"]:  # nobody acts: the socket's timer asks the server to end it
            got = await frame(sock)
        await sock.disconnect()
        return got

    last = async_to_sync(scenario)()
    assert "result-banner" in last["html"]
    assert Match.objects.get(pk=match_id).result["termination"] == "time"


@pytest.mark.django_db
def test_a_clock_needs_two_seats_and_a_budget_within_bounds(user: User, bundled_cards: None) -> None:
    browser = Client()
    browser.force_login(user)
    form = {"seat_0": "me", "deck_0": "sample:kamelo/dufo:1", "seat_1": "ai:random", "deck_1": "sample:kamelo/dufo:2"}
    bad = browser.post("/matches/new/?game=kamelo&variant=dufo", {**form, "clock_minutes": "0"})
    assert bad.status_code == 400
    good = browser.post(
        "/matches/new/?game=kamelo&variant=dufo", {**form, "clock_minutes": "5", "clock_increment": "3"}
    )
    assert good.status_code == 302
    clock = LiveMatch.objects.get()
    assert clock.clock_ms == 300_000 and clock.increment_ms == 3000
    with pytest.raises(clocks.BadClock):
        clocks.clock_setup(match=clock.match, seconds=0)


@pytest.mark.django_db
def test_every_game_with_an_engine_declares_the_time_termination(api_client: APIClient) -> None:
    games = api_client.get("/api/games/").json()
    games = games["results"] if isinstance(games, dict) else games
    engines = [g for g in games if g["variants"]]
    assert engines and all("time" in g["terminations"] for g in engines)
    assert not any("time" in g["terminations"] for g in games if not g["variants"])


@pytest.mark.django_db(transaction=True)
def test_the_page_shows_both_clocks_and_which_runs(
    user_client: APIClient, other_client: APIClient, user: User, bundled_cards: None
) -> None:
    match_id = _clocked(user_client, other_client, seconds=90)
    browser = Client()
    browser.force_login(user)
    page = browser.get(f"/matches/{match_id}/").content.decode()
    assert page.count("data-clock-left=") == 2
    assert 'data-clock-running="true"' in page and 'data-clock-running="false"' in page


# -- the clock through the API (POST matches/ takes it, every state shows it) ----------------------


@pytest.mark.django_db(transaction=True)
def test_post_matches_takes_a_clock_and_every_state_shows_it(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo", clock={"seconds": 90, "increment": 5})
    shown = _state(other_client, match_id, 1)["clock"]
    assert shown["budget_ms"] == 90_000 and shown["increment_ms"] == 5_000
    assert shown["running"] == 0 and [s["running"] for s in shown["seats"]] == [True, False]
    assert shown["seats"][1] == {"index": 1, "left_ms": 90_000, "running": False, "text": "1:30"}
    state = _state(user_client, match_id, 0)
    end = next(a for a in state["legal_actions"] if a["id"].startswith("end"))
    answer = act(user_client, state, end)
    assert answer.status_code == 200 and answer.json()["clock"]["running"] == 1


@pytest.mark.django_db(transaction=True)
def test_a_match_without_a_clock_shows_null(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo")
    assert _state(user_client, match_id, 0)["clock"] is None


@pytest.mark.django_db(transaction=True)
def test_reading_a_match_through_the_api_after_the_deadline_ends_it(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo", clock={"seconds": 60})
    _age(match_id, 61)
    state = _state(other_client, match_id, 1)
    assert state["finished"] and state["result"]["termination"] == "time" and state["result"]["winner"] == 1


@pytest.mark.parametrize(
    ("clock", "players"),
    [
        ({"seconds": 0}, 2),
        ({"seconds": clocks.MAX_SECONDS + 1}, 2),
        ({"seconds": 60, "increment": -1}, 2),
        ({"seconds": 60, "increment": clocks.MAX_INCREMENT + 1}, 2),
        ({"seconds": "soon"}, 2),
        ({}, 2),
        ("60", 2),
        ({"seconds": 60}, 3),
        ({"seconds": 60}, 1),
    ],
)
def test_a_bad_clock_is_a_400_naming_it_and_creates_nothing(
    user_client: APIClient, bundled_cards: None, clock: Any, players: int
) -> None:
    deck = {"format": "kamelo/dufo", "list": "1 Dromedar\n"}
    seats = [{"kind": "human"}] + [{"kind": "ai", "behaviour": "random"}] * (players - 1)
    body = {"game": "kamelo", "variant": "dufo", "decks": [deck] * players, "players": seats, "clock": clock}
    answer = user_client.post("/api/matches/", body, format="json")
    assert answer.status_code == 400, answer.json()
    assert "clock" in answer.json()["errors"], answer.json()
    assert not Match.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_post_matches_with_public_lists_the_match_for_everyone(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo", public=True)
    assert LiveMatch.objects.get(match_id=match_id).public
    private = between(user_client, other_client, variant="dufo")
    assert not LiveMatch.objects.filter(match_id=private, public=True).exists()
