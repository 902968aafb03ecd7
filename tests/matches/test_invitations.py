"""Seat invitations (issue 19 item 4): a seat for another user is an offer they accept or decline;
until every invitation is accepted the match does not start; names that match no account answer
exactly as names that do; users are named by username only."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from engine.models import MatchAction, Seat, SeatInvitation
from tests.matches.conftest import create, create_body

HUMANS = [{"kind": "human"}, {"kind": "human", "user": "bob"}]


@pytest.fixture
def invited(user_client: APIClient, other_user: Any, bundled_cards: None) -> dict[str, Any]:
    """alice (seat 0) invites bob to seat 1; bob begins."""
    return create(user_client, players=HUMANS, options={"first_player": 1})


def invitation_id(client: APIClient) -> int:
    return int(client.get("/api/invitations/").json()["results"][0]["id"])


def test_an_invited_user_is_not_seated_until_they_accept(invited: dict, other_client: APIClient) -> None:
    assert Seat.objects.get(match_id=invited["id"], index=1).user is None
    assert other_client.get("/api/matches/").json()["results"] == []  # not in their list either
    assert invited["invitations"] == [{"seat": 1, "status": "pending"}]


def test_the_invitee_sees_the_invitation_with_who_sent_it(invited: dict, other_client: APIClient) -> None:
    (row,) = other_client.get("/api/invitations/").json()["results"]
    assert (row["match"], row["seat"], row["invited_by"], row["status"]) == (invited["id"], 1, "alice", "pending")


def test_until_then_the_match_does_not_start(invited: dict, user_client: APIClient) -> None:
    state = user_client.get(f"/api/matches/{invited['id']}/?player=0").json()
    assert state["to_act"] is None and state["legal_actions"] == []
    body = {"player": 0, "action": "anything", "version": state["version"]}
    response = user_client.post(f"/api/matches/{invited['id']}/actions/", body, format="json")
    assert response.status_code == 409 and response.json()["code"] == "waiting_for_players"


def test_accepting_takes_the_seat_and_starts_the_match(invited: dict, other_client: APIClient) -> None:
    answer = other_client.post(f"/api/invitations/{invitation_id(other_client)}/accept/")
    assert answer.status_code == 200 and answer.json()["status"] == "accepted"
    assert Seat.objects.get(match_id=invited["id"], index=1).user.username == "bob"
    state = other_client.get(f"/api/matches/{invited['id']}/?player=1").json()
    assert state["to_act"] == 1 and state["legal_actions"] and state["invitations"][0]["status"] == "accepted"
    assert [m["id"] for m in other_client.get("/api/matches/").json()["results"]] == [invited["id"]]


def test_the_ai_moves_first_only_once_the_match_starts(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    players = [{"kind": "human", "user": "bob"}, {"kind": "ai"}]
    state = create(user_client, players=players, options={"first_player": 1})
    assert state["version"] == 0 and not MatchAction.objects.exists()
    other_client.post(f"/api/invitations/{invitation_id(other_client)}/accept/")
    assert MatchAction.objects.filter(match_id=state["id"], player=1).exists()


def test_declining_leaves_the_seat_empty_and_the_match_waiting(
    invited: dict, user_client: APIClient, other_client: APIClient
) -> None:
    assert other_client.post(f"/api/invitations/{invitation_id(other_client)}/decline/").json()["status"] == "declined"
    assert Seat.objects.get(match_id=invited["id"], index=1).user is None
    state = user_client.get(f"/api/matches/{invited['id']}/").json()
    assert state["invitations"] == [{"seat": 1, "status": "declined"}] and state["to_act"] is None


def test_an_invitation_is_answered_once(invited: dict, other_client: APIClient) -> None:
    pk = invitation_id(other_client)
    other_client.post(f"/api/invitations/{pk}/decline/")
    response = other_client.post(f"/api/invitations/{pk}/accept/")
    assert response.status_code == 409 and response.json()["code"] == "invitation_answered"


def test_only_the_invitee_answers(
    invited: dict, user_client: APIClient, other_client: APIClient, api_client: APIClient
) -> None:
    pk = invitation_id(other_client)
    assert user_client.post(f"/api/invitations/{pk}/accept/").status_code == 404  # the creator cannot seat bob
    assert api_client.post(f"/api/invitations/{pk}/accept/").status_code == 401
    assert Seat.objects.get(match_id=invited["id"], index=1).user is None


def test_the_creator_sees_the_invitations_sent(invited: dict, user_client: APIClient) -> None:
    (row,) = user_client.get("/api/invitations/?sent=true").json()["results"]
    assert (row["username"], row["status"]) == ("bob", "pending")
    assert user_client.get("/api/invitations/").json()["results"] == []


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("id",)}


def test_an_unknown_name_answers_exactly_like_a_real_one(
    user_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    real = user_client.post("/api/matches/", create_body(seed=5, players=HUMANS), format="json")
    ghost = user_client.post(
        "/api/matches/",
        create_body(seed=5, players=[{"kind": "human"}, {"kind": "human", "user": "nobody"}]),
        format="json",
    )
    assert real.status_code == ghost.status_code == 201
    assert comparable(real.json()) == comparable(ghost.json())
    sent = user_client.get("/api/invitations/?sent=true").json()["results"]
    assert sorted((r["username"], r["status"]) for r in sent) == [("bob", "pending"), ("nobody", "pending")]


def test_an_unanswered_invitation_lapses_into_a_decline(
    invited: dict, user_client: APIClient, other_client: APIClient
) -> None:
    SeatInvitation.objects.update(expires=timezone.now() - datetime.timedelta(seconds=1))
    assert user_client.get(f"/api/matches/{invited['id']}/").json()["invitations"][0]["status"] == "declined"
    pk = invitation_id(other_client)
    assert other_client.post(f"/api/invitations/{pk}/accept/").status_code == 409


def test_naming_yourself_seats_you_at_once(user_client: APIClient, bundled_cards: None) -> None:
    state = create(user_client, players=[{"kind": "human", "user": "alice"}, {"kind": "ai"}])
    assert state["invitations"] == [] and Seat.objects.get(match_id=state["id"], index=0).user.username == "alice"


@pytest.mark.parametrize("ref", [1, 2, True, ["bob"]])
def test_users_are_named_by_username_only(
    user_client: APIClient, other_user: Any, bundled_cards: None, ref: Any
) -> None:
    response = user_client.post(
        "/api/matches/", create_body(players=[{"kind": "human"}, {"kind": "human", "user": ref}]), format="json"
    )
    assert response.status_code == 400 and "username" in response.json()["detail"]


@pytest.mark.parametrize("query", ["sent=null", "sent=true&sent=true", "sent=2"])
def test_a_bad_sent_parameter_answers_400(invited: dict, user_client: APIClient, query: str) -> None:
    assert user_client.get(f"/api/invitations/?{query}").status_code == 400
