"""`POST matches/{id}/actions/`: the seat's user only, legality, versions, idempotency, the AI."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.models import IdempotencyRecord, Match, MatchAction
from tests.matches.conftest import act, create

pytestmark = pytest.mark.django_db


def snapshot(match_id: int) -> tuple[Any, ...]:
    row = Match.objects.get(pk=match_id)
    return row.version, row.state, MatchAction.objects.filter(match=row).count()


def test_the_seats_user_acts_and_the_ai_answers_before_the_reply(user_client: APIClient, match: dict[str, Any]) -> None:
    end = next(a for a in match["legal_actions"] if a["id"] == "end")
    response = act(user_client, match, end)
    body = response.json()
    assert response.status_code == 200
    players = [row["player"] for row in body["applied"]]
    assert players[0] == 0 and 1 in players
    assert body["version"] == len(body["applied"]) == MatchAction.objects.count()
    assert body["to_act"] == 0 or body["finished"]
    assert body["player"] == 0 and body["players"][1]["hand"] is None


def test_the_answer_shows_the_ais_actions_as_the_table_saw_them(user_client: APIClient, match: dict[str, Any]) -> None:
    applied = act(user_client, match, "end").json()["applied"]
    assert applied[0]["action"]["id"] == "end"
    rows = {row.seq: row for row in MatchAction.objects.filter(match_id=match["id"])}
    for shown in applied[1:]:
        row = rows[shown["seq"]]
        assert shown["action"] == (row.public or row.action)  # public: what the table saw (dufo hides nothing)


def test_an_action_may_be_given_by_its_id(user_client: APIClient, match: dict[str, Any]) -> None:
    response = act(user_client, match, match["legal_actions"][-1]["id"])
    assert response.status_code == 200
    assert response.json()["applied"][0]["action"]["id"] == match["legal_actions"][-1]["id"]


def test_the_engines_parameters_win_over_the_callers(user_client: APIClient, match: dict[str, Any]) -> None:
    chosen = {**match["legal_actions"][-1], "params": {"cost": -100}}
    logged = act(user_client, match, chosen).json()["applied"][0]["action"]
    assert logged == match["legal_actions"][-1]


def test_an_illegal_action_answers_400_with_the_reason(user_client: APIClient, match: dict[str, Any]) -> None:
    before = snapshot(match["id"])
    response = act(user_client, match, "attack:nonsense")
    assert response.status_code == 400
    assert response.json()["code"] == "illegal_action" and "attack:nonsense" in response.json()["detail"]
    assert snapshot(match["id"]) == before


def test_a_stale_version_answers_409_and_changes_nothing(user_client: APIClient, match: dict[str, Any]) -> None:
    fresh = act(user_client, match).json()
    before = snapshot(match["id"])
    stale = {**fresh, "version": match["version"]}
    response = act(user_client, stale, fresh["legal_actions"][0])
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    assert snapshot(match["id"]) == before


def test_another_user_may_not_act(other_client: APIClient, match: dict[str, Any]) -> None:
    before = snapshot(match["id"])
    assert act(other_client, match).status_code in (403, 404)
    assert snapshot(match["id"]) == before


def test_anonymous_may_not_act(api_client: APIClient, match: dict[str, Any]) -> None:
    assert act(api_client, match).status_code in (401, 403)


def test_no_one_acts_for_the_ai(user_client: APIClient, match: dict[str, Any]) -> None:
    assert act(user_client, {**match, "player": 1}).status_code == 403


def test_a_bad_body_is_400(user_client: APIClient, match: dict[str, Any]) -> None:
    response = user_client.post(f"/api/matches/{match['id']}/actions/", {"player": 0}, format="json")
    assert response.status_code == 400 and set(response.json()["errors"]) == {"action", "version"}


def test_a_repeated_idempotency_key_replays_the_first_answer(user_client: APIClient, match: dict[str, Any]) -> None:
    first = act(user_client, match, None, **{"Idempotency-Key": "k1"})
    after = snapshot(match["id"])
    again = act(user_client, match, None, **{"Idempotency-Key": "k1"})
    assert (again.status_code, again.json()) == (first.status_code, first.json()) == (200, first.json())
    assert again.headers["Idempotent-Replayed"] == "true"
    assert snapshot(match["id"]) == after


def test_the_same_key_with_another_body_answers_422(user_client: APIClient, match: dict[str, Any]) -> None:
    act(user_client, match, None, **{"Idempotency-Key": "k2"})
    after = snapshot(match["id"])
    response = act(user_client, match, match["legal_actions"][-1], **{"Idempotency-Key": "k2"})
    assert response.status_code == 422 and response.json()["code"] == "idempotency_key_reused"
    assert snapshot(match["id"]) == after


def test_a_refused_request_is_not_remembered_under_its_key(user_client: APIClient, match: dict[str, Any]) -> None:
    assert act(user_client, match, "nonsense", **{"Idempotency-Key": "k3"}).status_code == 400
    assert not IdempotencyRecord.objects.exists()
    assert act(user_client, match, None, **{"Idempotency-Key": "k3"}).status_code == 200


def test_a_finished_match_takes_no_more_actions(user_client: APIClient, bundled_cards: None) -> None:
    state = create(user_client, options={"max_turns": 2, "first_player": 0})
    for _ in range(200):
        if state["finished"]:
            break
        state = act(user_client, state).json()
    assert state["finished"] and state["to_act"] is None and len(state["result"]["points"]) == 2
    assert Match.objects.get(pk=state["id"]).finished
    response = act(user_client, state, "end")
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"


def test_a_change_is_announced_once_committed_with_the_new_version(
    user_client: APIClient, match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    from engine.signals import match_changed

    heard: list[tuple[int, int]] = []

    def receiver(sender: Any, match_id: int, version: int, **kwargs: Any) -> None:
        heard.append((match_id, version))

    match_changed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            body = act(user_client, match, "end").json()
    finally:
        match_changed.disconnect(receiver)
    assert heard and heard[0] == (match["id"], 1) and heard[-1] == (match["id"], body["version"])
