"""`GET matches/{id}/`: what each viewer may see (hidden information) and who may ask."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.matches.conftest import create, play_out

pytestmark = pytest.mark.django_db


def get(client: APIClient, match_id: int, player: int | None = None) -> Any:
    query = "" if player is None else f"?player={player}"
    return client.get(f"/api/matches/{match_id}/{query}")


def test_player_0_sees_their_hand_but_never_the_opponents(user_client: APIClient, match: dict[str, Any]) -> None:
    state = get(user_client, match["id"], 0).json()
    mine, theirs = state["players"]
    assert isinstance(mine["hand"], list) and len(mine["hand"]) == mine["hand_count"] > 0
    assert theirs["hand"] is None and theirs["hand_count"] > 0
    assert all(isinstance(p["deck_count"], int) for p in state["players"])


def test_the_opponents_hand_is_nowhere_in_player_0s_view(user_client: APIClient, match: dict[str, Any]) -> None:
    from engine.models import Match

    row = Match.objects.get(pk=match["id"])
    hidden = [cid for cid in row.state["players"][1]["hand"]]
    text = get(user_client, match["id"], 0).content.decode()
    assert hidden and not any(f'"{cid}"' in text for cid in hidden)


def test_a_spectator_sees_no_hand_and_no_legal_actions(api_client: APIClient, match: dict[str, Any]) -> None:
    state = get(api_client, match["id"]).json()
    assert [p["hand"] for p in state["players"]] == [None, None]
    assert state["player"] is None and state["legal_actions"] == []
    assert {"id", "version", "to_act", "finished", "result"} <= state.keys()


def test_the_state_carries_the_contract_fields(user_client: APIClient, match: dict[str, Any]) -> None:
    state = get(user_client, match["id"], 0).json()
    assert state["id"] == match["id"] and state["version"] == 0 and state["to_act"] == 0
    assert state["finished"] is False and state["result"] is None
    assert all(isinstance(a["id"], str) for a in state["legal_actions"])


def test_another_user_may_not_see_a_human_seats_view(other_client: APIClient, match: dict[str, Any]) -> None:
    assert get(other_client, match["id"], 0).status_code == 403


def test_anonymous_may_not_see_a_human_seats_view(api_client: APIClient, match: dict[str, Any]) -> None:
    assert get(api_client, match["id"], 0).status_code in (401, 403)


def test_no_one_reads_the_ai_seats_hand_in_a_match_with_a_human(user_client: APIClient, match: dict[str, Any]) -> None:
    assert get(user_client, match["id"], 1).status_code == 403


def test_a_seat_that_is_not_there_or_a_bad_number_is_400(user_client: APIClient, match: dict[str, Any]) -> None:
    assert get(user_client, match["id"], 5).status_code == 400
    assert user_client.get(f"/api/matches/{match['id']}/?player=x").status_code == 400
    empty = user_client.get(f"/api/matches/{match['id']}/?player=")  # found by schemathesis: was a spectator's 200
    assert empty.status_code == 400 and "player" in str(empty.json())


def test_an_unknown_match_is_404(user_client: APIClient, db: Any) -> None:
    assert get(user_client, 999).status_code == 404


def test_the_creator_of_an_ai_only_match_may_watch_each_ai(user_client: APIClient, bundled_cards: None) -> None:
    players = [{"kind": "ai", "behaviour": "random"}, {"kind": "ai", "behaviour": "greedy"}]
    created = create(user_client, players=players, options={"max_turns": 4})
    assert created["version"] == 0 and not created["finished"]  # it answers at once and plays itself
    state = play_out(user_client, created)
    assert state["finished"] and state["player"] is None
    view = get(user_client, state["id"], 0).json()
    assert view["players"][0]["hand"] is not None and view["players"][1]["hand"] is None
