"""The search player ``mcts`` at the table (issue 21): a seat's budget through the API, the page and
``simulate``; bounded by the server; deterministic for a seed and a playout budget, so a match's
log replays."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from engine.core.mcts import MAX_MS, STRENGTHS
from engine.models import Match, MatchAction, Seat
from tests.matches.conftest import create_body

pytestmark = pytest.mark.django_db


def mcts_body(seed: int = 42, **budget: Any) -> dict[str, Any]:
    body = create_body(seed=seed, options={"first_player": 1})
    body["players"] = [{"kind": "human"}, {"kind": "ai", "behaviour": "mcts", **budget}]
    return body


def post(client: APIClient, body: dict[str, Any]) -> Any:
    return client.post("/api/matches/", body, format="json")


def test_an_mcts_seat_with_a_playout_budget_plays_and_shows_its_budget(
    user_client: APIClient, bundled_cards: None
) -> None:
    response = post(user_client, mcts_body(playouts=3))
    assert response.status_code == 201, response.json()
    state = response.json()
    seat = Seat.objects.get(match_id=state["id"], index=1)
    assert (seat.behaviour, seat.playouts, seat.budget_ms) == ("mcts", 3, None)
    assert state["seats"][1] == {
        "index": 1, "kind": "ai", "behaviour": "mcts", "budget_ms": None, "playouts": 3, "user": None
    }  # fmt: skip
    assert state["version"] > 0 and state["to_act"] == 0  # the search player moved first


def test_a_playout_budget_replays_the_same_actions_for_the_same_seed(
    user_client: APIClient, bundled_cards: None
) -> None:
    first = post(user_client, mcts_body(seed=7, playouts=4)).json()
    second = post(user_client, mcts_body(seed=7, playouts=4)).json()

    def logged(state: dict[str, Any]) -> list[Any]:
        return list(MatchAction.objects.filter(match_id=state["id"]).order_by("seq").values_list("action", flat=True))

    assert logged(first) == logged(second) and logged(first)


@pytest.mark.parametrize(
    ("budget", "code"),
    [
        ({"budget_ms": MAX_MS + 1}, "invalid"),
        ({"playouts": 0}, "invalid"),
        ({"budget_ms": "soon"}, "invalid"),
        ({"budget_ms": 200, "playouts": 10}, "bad_budget"),
    ],
)
def test_a_budget_out_of_bounds_is_refused(
    user_client: APIClient, bundled_cards: None, budget: dict[str, Any], code: str
) -> None:
    response = post(user_client, mcts_body(**budget))
    assert response.status_code == 400 and response.json()["code"] == code, response.json()
    assert not Match.objects.exists()


def test_a_budget_for_a_player_that_does_not_search_is_refused(user_client: APIClient, bundled_cards: None) -> None:
    body = create_body()
    body["players"][1] = {"kind": "ai", "behaviour": "greedy", "budget_ms": 200}
    response = post(user_client, body)
    assert response.status_code == 400 and response.json()["code"] == "bad_budget"
    assert "mcts" in response.json()["detail"]


def test_every_engine_declares_mcts(api_client: APIClient, bundled_cards: None) -> None:
    engines = [g for g in api_client.get("/api/games/").json() if g["variants"]]
    assert len(engines) >= 4 and all("mcts" in g["ai_behaviours"] for g in engines)


@pytest.fixture
def alice(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_new_match_page_offers_mcts_in_three_strengths(alice: Client, bundled_cards: None) -> None:
    html = alice.get("/matches/new/?game=kamelo&variant=dufo").content.decode()
    assert all(f'value="ai:mcts:{name}"' in html for name in ("quick", "normal", "strong"))
    form = {
        "seat_0": "me",
        "deck_0": "sample:kamelo/dufo:1",
        "seat_1": "ai:mcts:quick",
        "deck_1": "sample:kamelo/dufo:2",
    }
    response = alice.post("/matches/new/?game=kamelo&variant=dufo", {**form, "seed": "5", "option_first_player": "0"})
    assert response.status_code == 302
    seat = Match.objects.get().seats.get(index=1)
    assert (seat.behaviour, seat.budget_ms) == ("mcts", STRENGTHS["quick"])


def simulate(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", *args, "--no-progress", stdout=out)
    return out.getvalue()


@pytest.mark.django_db(False)
def test_simulate_takes_mcts_with_a_playout_budget() -> None:
    args = ("--format", "duel/standard", "--games", "1", "--ai", "mcts", "greedy", "--playouts", "2")
    text = simulate(*args)
    assert "mcts" in text and "1 matches" in text
    assert simulate(*args) == text  # deterministic for the seed


@pytest.mark.django_db(False)
@pytest.mark.parametrize("extra", [("--playouts", "0"), ("--playouts", "2", "--budget-ms", "100")])
def test_simulate_refuses_a_bad_budget(extra: tuple[str, ...]) -> None:
    with pytest.raises(CommandError):
        simulate("--format", "duel/standard", "--games", "1", "--ai", "mcts", *extra)


def test_a_long_ai_turn_in_a_request_stops_after_its_time_and_goes_on_in_the_background(
    user_client: APIClient, bundled_cards: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.services import autoplay

    scheduled: list[int] = []
    monkeypatch.setattr(autoplay, "AI_SECONDS_PER_REQUEST", 0.0)  # one action, then the time is up
    monkeypatch.setattr(autoplay, "schedule_autoplay", scheduled.append)
    state = post(user_client, mcts_body(playouts=1)).json()
    assert state["version"] == 1 and state["to_act"] == 1  # the AI's turn goes on ...
    assert scheduled == [state["id"]]  # ... in the background
    autoplay.match_autoplay(match_id=state["id"])
    assert user_client.get(f"/api/matches/{state['id']}/").json()["to_act"] == 0
