"""`GET matches/{id}/log/`: while the match runs, each reader sees only what their seats may (no seed,
no other seat's deck, other seats' hiding actions as the table saw them); once it is finished, the
seed and every action, which replay it bit for bit (api.md "Matches of every game")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

from engine.core.samples import sample_decks
from engine.games import get_game
from engine.models import AppendOnly, Match, MatchAction
from engine.services import deck_cards
from tests.engine.conformance import hidden_cards
from tests.matches.conftest import accept_invitations, act, create, play_out

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


def wimu_between(alice: APIClient, seed: int = 3, bob: APIClient | None = None) -> dict[str, Any]:
    """A wimu match of alice (seat 0, begins) against bob (seat 1), both human, bob having accepted."""
    decks = [{"format": "kamelo/wimu", "list": d["list"]} for d in sample_decks("kamelo/wimu")[:2]]
    players = [{"kind": "human"}, {"kind": "human", "user": "bob"}]
    body = {"game": "kamelo", "variant": "wimu", "decks": decks, "seed": seed, "players": players}
    response = alice.post("/api/matches/", {**body, "options": {"first_player": 0}}, format="json")
    assert response.status_code == 201, response.json()
    if bob is None:
        return dict(response.json())
    accept_invitations(bob)
    return seat_state(alice, response.json()["id"], 0)


def seat_state(client: APIClient, match_id: int, player: int) -> dict[str, Any]:
    return dict(client.get(f"/api/matches/{match_id}/?player={player}").json())


def test_the_replay_attack_on_a_running_match_finds_nothing(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    """Once, alice could read the seed, both decks and every action of a running match from its log,
    replay them in a match of her own and read bob's hand there. Now her log has no seed and no
    deck of bob's, bob's buried card shows as the table saw it, and no id of a card hidden from her
    appears anywhere in what she can fetch."""
    state = wimu_between(user_client, bob=other_client)
    state = act(user_client, state, "end").json()  # alice's turn ends: bob's turn
    bob = seat_state(other_client, state["id"], 1)
    bury = next(a for a in bob["legal_actions"] if a["id"].startswith("bury:"))
    bob = act(other_client, bob, bury).json()
    log = user_client.get(f"/api/matches/{state['id']}/log/").json()
    assert log["seed"] is None and log["decks"][1] is None and log["decks"][0] is not None
    bobs = [row["action"] for row in log["actions"] if row["player"] == 1]
    assert bobs[0] == {"id": "hidden:bury", "label": "P2 buries a card under an oasis", "params": {}}
    with pytest.raises(TypeError):
        replay(log)  # nothing to replay with: no seed and no deck of bob's
    live = get_game("kamelo").engine.from_json(Match.objects.get(pk=state["id"]).state)
    cards = {cid for ids in live.card_zones().values() for cid in ids}
    hidden = hidden_cards(live, 0, cards)
    assert hidden and bury["params"]["card"] in hidden
    fetched = canonical(
        [log, seat_state(user_client, state["id"], 0), user_client.get(f"/api/matches/{state['id']}/").json()]
    )
    assert not [cid for cid in hidden if cid in fetched]


def test_a_seat_sees_its_own_hiding_actions_in_full(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    state = wimu_between(user_client, bob=other_client)
    bury = next(a for a in state["legal_actions"] if a["id"].startswith("bury:"))
    answer = act(user_client, state, bury).json()
    assert answer["applied"][0]["action"] == bury
    mine = user_client.get(f"/api/matches/{state['id']}/log/").json()["actions"]
    theirs = other_client.get(f"/api/matches/{state['id']}/log/").json()["actions"]
    assert mine[0]["action"] == bury and theirs[0]["action"]["id"] == "hidden:bury"
    row = MatchAction.objects.get(match_id=state["id"], seq=1)
    assert row.action == bury and row.public["id"] == "hidden:bury"


def test_a_spectator_gets_the_tables_log_of_a_running_match(
    user_client: APIClient, api_client: APIClient, match: dict[str, Any]
) -> None:
    act(user_client, match, "end")
    log = api_client.get(f"/api/matches/{match['id']}/log/").json()
    assert log["seed"] is None and log["decks"] == [None, None] and not log["finished"]
    assert [row["seq"] for row in log["actions"]] == list(range(1, log["version"] + 1))


def test_the_log_replays_to_the_same_states_bit_for_bit(user_client: APIClient, bundled_cards: None) -> None:
    state = create(user_client, behaviour="greedy", options={"first_player": 1, "max_turns": 6})
    answers = play(user_client, state, 400)
    assert answers[-1]["finished"]
    log = user_client.get(f"/api/matches/{state['id']}/log/").json()
    assert log["seed"] == 42 and [row["seq"] for row in log["actions"]] == list(range(1, answers[-1]["version"] + 1))
    live, views = replay(log)
    assert canonical(live.to_json()) == canonical(Match.objects.get(pk=state["id"]).state)
    for answer in [state, *answers]:
        assert canonical(views[answer["version"]]["players"]) == canonical(answer["players"])


def test_a_finished_matchs_log_is_whole_for_everyone(
    user_client: APIClient, api_client: APIClient, bundled_cards: None
) -> None:
    players = [{"kind": "ai", "behaviour": "random"}, {"kind": "ai", "behaviour": "greedy"}]
    state = play_out(
        user_client, create(user_client, players=players, variant="wimu", decks=None, options={"max_turns": 6})
    )
    assert state["finished"]
    log = api_client.get(f"/api/matches/{state['id']}/log/").json()
    assert log["seed"] == 42 and all(deck for deck in log["decks"]) and len(log["actions"]) == state["version"] > 0
    assert not [row for row in log["actions"] if row["action"]["id"].startswith("hidden:")]
    live, _ = replay(log)
    assert canonical(live.to_json()) == canonical(Match.objects.get(pk=state["id"]).state)


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
