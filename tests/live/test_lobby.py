"""Finding an opponent (issue 20 item 2): open seats the first taker fills, challenges answered on
the matches page, and the lists of matches to watch."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from engine.live.lobby import OPEN_SEAT
from engine.models import SeatInvitation
from tests.live.conftest import between
from tests.matches.conftest import create_body

pytestmark = pytest.mark.django_db


def _browser(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _open_match(client: APIClient) -> int:
    body = create_body(variant="dufo", options={"first_player": 0})
    body["players"] = [{"kind": "human"}, {"kind": "human", "user": OPEN_SEAT}]
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def _open_invitation(match_id: int) -> SeatInvitation:
    return SeatInvitation.objects.get(seat__match_id=match_id)


def test_the_first_taker_gets_an_open_seat_and_the_match_starts(
    user_client: APIClient, other_user: User, bundled_cards: None
) -> None:
    match_id = _open_match(user_client)
    carol = User.objects.create_user("carol", password="pw-carol")
    listed = _browser(other_user).get("/matches/")
    invitation = _open_invitation(match_id)
    assert f"/matches/seats/{invitation.pk}/take/" in listed.content.decode()
    taken = _browser(other_user).post(f"/matches/seats/{invitation.pk}/take/")
    assert taken.status_code == 302 and taken["Location"] == f"/matches/{match_id}/"
    late = _browser(carol).post(f"/matches/seats/{invitation.pk}/take/", follow=True)
    assert "taken already" in late.content.decode()
    state = user_client.get(f"/api/matches/{match_id}/?player=0").json()
    assert state["seats"][1]["user"] == "bob" and state["to_act"] == 0 and state["legal_actions"]


def test_the_creator_cannot_take_the_open_seat_of_their_own_match(
    user: User, user_client: APIClient, bundled_cards: None
) -> None:
    match_id = _open_match(user_client)
    invitation = _open_invitation(match_id)
    answer = _browser(user).post(f"/matches/seats/{invitation.pk}/take/", follow=True)
    assert "already" in answer.content.decode()
    assert _open_invitation(match_id).status == SeatInvitation.Status.PENDING


def test_taking_a_seat_that_is_not_open_is_a_404(user_client: APIClient, other_user: User, bundled_cards: None) -> None:
    match_id = between(user_client, None, variant="dufo")  # bob's challenge, not an open seat
    invitation = _open_invitation(match_id)
    carol = User.objects.create_user("carol", password="pw-carol")
    assert _browser(carol).post(f"/matches/seats/{invitation.pk}/take/").status_code == 404
    assert _browser(carol).post("/matches/seats/999999/take/").status_code == 404


def test_taking_a_seat_needs_a_signed_in_user_and_a_post(user_client: APIClient, bundled_cards: None) -> None:
    invitation = _open_invitation(_open_match(user_client))
    assert Client().post(f"/matches/seats/{invitation.pk}/take/").status_code == 302  # to the sign-in
    assert _open_invitation(invitation.seat.match_id).user is None


def test_a_challenged_user_accepts_on_the_matches_page(
    user_client: APIClient, other_user: User, bundled_cards: None
) -> None:
    match_id = between(user_client, None, variant="dufo")
    invitation = _open_invitation(match_id)
    page = _browser(other_user).get("/matches/").content.decode()
    assert f"/matches/invitations/{invitation.pk}/accept/" in page and "alice" in page
    answer = _browser(other_user).post(f"/matches/invitations/{invitation.pk}/accept/")
    assert answer["Location"] == f"/matches/{match_id}/"
    assert user_client.get(f"/api/matches/{match_id}/?player=0").json()["legal_actions"]


def test_the_lobby_names_the_game_and_variant_of_a_challenge_in_the_page_s_language(
    user_client: APIClient, other_user: User, bundled_cards: None
) -> None:
    between(user_client, None, variant="dufo")
    german = _browser(other_user).get("/matches/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = _browser(other_user).get("/matches/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "fordert dich heraus: Ka-Mel-Oh! · Dufo (Vorschlag 1), Platz 2" in german
    assert "challenges you: Ka-Mel-Oh! · Dufo (proposal 1), seat 2" in english
    assert "kamelo/dufo" not in german + english


def test_a_declined_challenge_leaves_the_list(user_client: APIClient, other_user: User, bundled_cards: None) -> None:
    invitation = _open_invitation(between(user_client, None, variant="dufo"))
    bob = _browser(other_user)
    assert bob.post(f"/matches/invitations/{invitation.pk}/decline/").status_code == 302
    assert f"/matches/invitations/{invitation.pk}/accept/" not in bob.get("/matches/").content.decode()
    again = bob.post(f"/matches/invitations/{invitation.pk}/accept/", follow=True)
    assert "declined" in again.content.decode()


def test_nobody_else_answers_a_challenge(user: User, user_client: APIClient, bundled_cards: None) -> None:
    invitation = _open_invitation(between(user_client, None, variant="dufo"))
    carol = User.objects.create_user("carol", password="pw-carol")
    assert _browser(carol).post(f"/matches/invitations/{invitation.pk}/accept/").status_code == 404
    assert _browser(user).post(f"/matches/invitations/{invitation.pk}/accept/").status_code == 404
    assert _browser(carol).post(f"/matches/invitations/{invitation.pk}/maybe/").status_code == 404


def test_running_matches_are_listed_to_watch_and_waiting_ones_are_not(
    user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    running = between(user_client, other_client, variant="dufo")
    waiting = between(user_client, None, variant="dufo", seed=4)
    page = Client().get("/matches/").content.decode()
    assert f'href="/matches/{running}/"' in page and f'href="/matches/{waiting}/"' not in page


def test_the_new_match_form_opens_a_seat(user: User, bundled_cards: None) -> None:
    form = {"seat_0": "me", "deck_0": "sample:kamelo/dufo:1", "seat_1": "open", "deck_1": "sample:kamelo/dufo:2"}
    answer = _browser(user).post("/matches/new/?game=kamelo&variant=dufo", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    invitation = SeatInvitation.objects.get()
    assert invitation.username == OPEN_SEAT and invitation.user is None
