"""A duel match through the API: to its end against either AI and between two signed-in users, a
face-down trap hidden from the other seat, and the finished log replaying it bit for bit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.core.samples import sample_decks
from engine.games import get_game
from engine.models import Match
from engine.services import deck_cards
from tests.matches.conftest import accept_invitations

pytestmark = pytest.mark.django_db
MAX_REQUESTS = 400


def duel_deck(number: int) -> dict[str, str]:
    return {"format": "duel/standard", "list": sample_decks("duel/standard")[number]["list"]}


def create(client: APIClient, players: list[dict[str, Any]], seed: int = 5) -> dict[str, Any]:
    body = {
        "game": "duel",
        "variant": "standard",
        "decks": [duel_deck(0), duel_deck(1)],
        "seed": seed,
        "players": players,
    }
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    data: dict[str, Any] = response.json()
    return data


def step(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    """Play the seat's preferred action: set a trap when it can, else the last legal action."""
    ids = [a["id"] for a in state["legal_actions"]]
    chosen = next((i for i in ids if i.startswith("set:")), ids[-1])
    body = {"player": state["player"], "action": chosen, "version": state["version"]}
    response = client.post(f"/api/matches/{state['id']}/actions/", body, format="json")
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def replayed(log: dict[str, Any]) -> Any:
    engine = get_game("duel").engine
    live = engine.new_match(
        [deck_cards(d) for d in log["decks"]], variant="standard", seed=log["seed"], options=log["options"]
    )
    for row in log["actions"]:
        live.apply(row["player"], row["action"]["id"])
    return live


@pytest.mark.parametrize("behaviour", ["random", "greedy"])
def test_a_duel_against_the_ai_plays_to_its_end_and_replays_from_its_log(
    user_client: APIClient, bundled_cards: None, behaviour: str
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": behaviour}])
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            break
        state = step(user_client, state)
    assert state["finished"] and state["result"]["termination"] in get_game("duel").engine.terminations
    log = user_client.get(f"/api/matches/{state['id']}/log/").json()
    stored = Match.objects.get(pk=state["id"]).state
    assert json.dumps(replayed(log).to_json(), sort_keys=True) == json.dumps(stored, sort_keys=True)


def test_a_duel_between_two_users_hides_each_ones_face_down_traps_from_the_other(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "human", "user": other_user.username}])
    accept_invitations(other_client)  # bob takes the seat: the duel starts
    state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    clients = {0: user_client, 1: other_client}
    hidden_seen = 0
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            break
        to_act = state["to_act"]
        state = clients[to_act].get(f"/api/matches/{state['id']}/?player={to_act}").json()
        state = step(clients[to_act], state)
        other = 1 - state["player"]
        theirs = clients[other].get(f"/api/matches/{state['id']}/?player={other}").json()
        for entry in theirs["players"][state["player"]]["support"]:
            if entry.get("face_down"):
                assert entry == {"card": None, "face_down": True}
                hidden_seen += 1
        assert theirs["players"][state["player"]]["hand"] is None
    assert state["finished"] and hidden_seen > 0


def board_html(state: dict[str, Any], viewer: int | None) -> str:
    """The duel board template as the play page renders it for ``viewer``."""
    from django.template.loader import render_to_string
    from django.utils import translation

    board = get_game("duel").engine.presentation.present(state, viewer)
    context = {"state": state, "player": viewer, "seat_names": ["alice", "bob"], "board": board, "match": None}
    with translation.override("en"):
        return render_to_string("matches/duel/board.html", context)


def test_the_board_shows_both_fields_and_keeps_a_face_down_trap_from_the_opponent() -> None:
    from tests.engine.games.duel.helpers import act, match, side

    m = match(
        side(["fallgrube", "feuerball"], [{"slug": "wachhund", "weapons": ["speer"]}], graveyard=["bergtroll"]),
        side([], [{"slug": "turmwache", "position": "defense"}], discard=["sturmwind"]),
    )
    act(m, "set:p0c0")
    mine, theirs, watching = board_html(m.view(0), 0), board_html(m.view(1), 1), board_html(m.view(None), None)
    assert "Fallgrube" in mine and "only you see it" in mine and "Feuerball" in mine
    for html in (theirs, watching):
        assert "Fallgrube" not in html and "Feuerball" not in html and "Face-down card" in html
    assert "equips Wachhund" in theirs and "defence position" in theirs and "Bergtroll" in theirs
    assert "Sturmwind" in theirs and "Your hand" in theirs and "Your hand" not in watching
    assert theirs.index('data-player="0"') < theirs.index('data-player="1"')
    assert mine.index('data-player="1"') < mine.index('data-player="0"')
