"""The match pages: `/matches/` (list, new match against the AI) and `/matches/{id}/` (the board)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from decks.services import deck_create
from engine.models import Match, MatchAction
from tests.matches.conftest import inline_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def new_match(client: Client, **extra: str) -> Any:
    form = {"variant": "dufo", "deck": "sample:kamelo/dufo:1", "ai_deck": "sample:kamelo/dufo:2", "behaviour": "greedy"}
    return client.post("/matches/", {**form, "seed": "5", **extra})


def test_the_list_offers_samples_and_the_users_decks(alice: Client, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Meine Rotte", format="kamelo/dufo", list=inline_deck()["list"])
    html = alice.get("/matches/").content.decode()
    assert "Meine Rotte" in html and f'value="deck:{deck.pk}"' in html and 'value="sample:kamelo/wimu:1"' in html


def test_a_new_match_against_the_ai_opens_its_board(alice: Client, bundled_cards: None) -> None:
    response = new_match(alice)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.seed == 5 and [s.kind for s in match.seats.all()] == ["human", "ai"]
    html = alice.get(response["Location"]).content.decode()
    assert "Arena" in html and "Datteln" in html and 'name="action"' in html


def test_a_saved_deck_of_the_user_plays(alice: Client, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Meins", format="kamelo/dufo", list=inline_deck(number=1)["list"])
    assert new_match(alice, deck=f"deck:{deck.pk}").status_code == 302


def test_an_illegal_saved_deck_is_shown_with_its_problems(alice: Client, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Zu kurz", format="kamelo/dufo", list="3 Dromedar\n")
    response = new_match(alice, deck=f"deck:{deck.pk}")
    assert response.status_code == 200 and "not legal" in response.content.decode()
    assert not Match.objects.exists()


def test_a_button_plays_the_action_and_the_ai_answers(alice: Client, bundled_cards: None) -> None:
    new_match(alice)
    match = Match.objects.get()
    version = match.version
    player = match.seats.get(kind="human").index
    response = alice.post(f"/matches/{match.pk}/act/", {"player": player, "version": version, "action": "end"})
    match.refresh_from_db()
    assert response.status_code == 302
    assert match.finished or match.version > version + 1
    assert MatchAction.objects.filter(match=match, player=1 - player).exists()


def test_a_stale_page_says_so_and_changes_nothing(alice: Client, bundled_cards: None) -> None:
    new_match(alice)
    match = Match.objects.get()
    body = {"player": 0, "version": match.version + 5, "action": "end"}
    html = alice.post(f"/matches/{match.pk}/act/", body, follow=True).content.decode()
    assert "stale" in html and Match.objects.get().version == match.version


def test_a_spectator_sees_the_board_without_hands_or_buttons(
    client: Client, alice: Client, bundled_cards: None
) -> None:
    new_match(alice)
    html = client.get(f"/matches/{Match.objects.get().pk}/").content.decode()
    assert "Arena" in html and 'name="action"' not in html and "hidden" in html


def test_anonymous_cannot_play(client: Client, alice: Client, bundled_cards: None) -> None:
    new_match(alice)
    match = Match.objects.get()
    response = client.post(f"/matches/{match.pk}/act/", {"player": 0, "version": match.version, "action": "end"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert Match.objects.get().version == match.version
