"""`GET matches/{id}/log/`: the seed and every action; replaying them gives the same states."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

from engine.games import get_game
from engine.models import AppendOnly, Match, MatchAction
from engine.services import deck_cards
from tests.matches.conftest import act, create

pytestmark = pytest.mark.django_db


def play(client: APIClient, state: dict[str, Any], requests: int) -> list[dict[str, Any]]:
    """Play ``requests`` actions (the last legal one each time); the answers, in order."""
    answers = []
    for _ in range(requests):
        if state["finished"]:
            break
        state = act(client, state, state["legal_actions"][-1]).json()
        answers.append(state)
    return answers


def replay(log: dict[str, Any]) -> tuple[Any, dict[int, Any]]:
    """A new engine match from the log, with the player-0 view after every version."""
    engine = get_game(log["game"]).engine
    decks = [deck_cards(deck) for deck in log["decks"]]
    live = engine.new_match(decks, variant=log["variant"], seed=log["seed"], options=log["options"])
    views = {0: live.view(0)}
    for row in log["actions"]:
        live.apply(row["player"], row["action"]["id"])
        views[row["seq"]] = live.view(0)
    return live, views


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def test_the_log_replays_to_the_same_states_bit_for_bit(user_client: APIClient, bundled_cards: None) -> None:
    state = create(user_client, behaviour="greedy", options={"first_player": 1})
    answers = play(user_client, state, 25)
    log = user_client.get(f"/api/matches/{state['id']}/log/").json()
    assert log["seed"] == 42 and [row["seq"] for row in log["actions"]] == list(range(1, answers[-1]["version"] + 1))
    live, views = replay(log)
    assert canonical(live.to_json()) == canonical(Match.objects.get(pk=state["id"]).state)
    for answer in [state, *answers]:
        assert canonical(views[answer["version"]]["players"]) == canonical(answer["players"])


def test_a_running_matchs_log_is_for_its_players(
    user_client: APIClient, other_client: APIClient, api_client: APIClient, match: dict[str, Any]
) -> None:
    assert user_client.get(f"/api/matches/{match['id']}/log/").status_code == 200
    assert other_client.get(f"/api/matches/{match['id']}/log/").status_code == 403
    assert api_client.get(f"/api/matches/{match['id']}/log/").status_code in (401, 403)


def test_a_finished_matchs_log_is_public(user_client: APIClient, api_client: APIClient, bundled_cards: None) -> None:
    players = [{"kind": "ai", "behaviour": "random"}, {"kind": "ai", "behaviour": "greedy"}]
    state = create(user_client, players=players, options={"max_turns": 2})
    log = api_client.get(f"/api/matches/{state['id']}/log/").json()
    assert len(log["actions"]) == state["version"] > 0


def test_the_action_log_is_unique_on_match_and_seq(user_client: APIClient, match: dict[str, Any]) -> None:
    act(user_client, match)
    row = MatchAction.objects.filter(match_id=match["id"]).first()
    assert row is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchAction.objects.create(match_id=match["id"], seq=row.seq, player=0, action={"id": "end"})


def test_the_action_log_is_append_only(user_client: APIClient, match: dict[str, Any]) -> None:
    act(user_client, match)
    row = MatchAction.objects.filter(match_id=match["id"]).first()
    assert row is not None
    row.action = {"id": "forged"}
    with pytest.raises(AppendOnly):
        row.save()
    with pytest.raises(AppendOnly):
        row.delete()
