"""The tournament pages: the list, a tournament's page for anyone, a player and the organiser, the
registration form with its problems, the organiser's controls, the player's pairing with its
start button, the ratings page; a refusal shows its message and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tests.tournaments.conftest import Players
from tournaments.models import Pairing, PairingMatch, Player, Tournament

pytestmark = pytest.mark.django_db
Event = Callable[..., Tournament]


def client_of(players: Players, name: str) -> Client:
    client = Client()
    client.force_login(players.user(name))
    return client


def test_the_list_and_a_new_tournament(players: Players, bundled_cards: None) -> None:
    orga = client_of(players, "orga")
    assert "Turniere" in orga.get("/tournaments/").content.decode()
    answer = orga.post("/tournaments/new/", {"name": "Cup", "format": "kamelo/dufo", "date": "2027-01-16", "best_of": 1, "rated": "on", "public": "on"})  # fmt: skip
    tournament = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{tournament.pk}/"
    assert orga.post("/tournaments/new/", {"name": "", "format": "x"}).status_code == 400
    assert Tournament.objects.count() == 1


def test_registration_shows_every_problem_of_an_illegal_list(players: Players, event: Event) -> None:
    tournament = event()
    page = client_of(players, "p1").post(f"/tournaments/{tournament.pk}/register/", {"deck_list": "Deck\n1 Gibtsnicht"})
    html = page.content.decode()
    assert page.status_code == 400 and "Gibtsnicht" in html and 'class="problems"' in html
    assert not Player.objects.exists()


def test_the_organiser_starts_and_the_player_sees_the_pairing_with_its_buttons(players: Players, event: Event) -> None:
    tournament = event("p1", "p2")
    assert client_of(players, "p1").post(f"/tournaments/{tournament.pk}/start/").status_code == 302
    assert Tournament.objects.get().status == "registering"  # a player may not start it
    client_of(players, "orga").post(f"/tournaments/{tournament.pk}/start/")
    page = client_of(players, "p1").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Deine Paarung" in page and "Hier spielen" in page and 'data-tournament-socket="/ws/tournaments/' in page
    pairing = Pairing.objects.get()
    started = client_of(players, "p1").post(f"/tournaments/{tournament.pk}/pairings/{pairing.pk}/match/")
    match = PairingMatch.objects.get().match
    assert started["Location"] == f"/matches/{match.pk}/"
    assert {s.user.username for s in match.seats.all()} == {"p1", "p2"}


def test_anyone_reads_a_tournament_and_the_ratings(players: Players, event: Event) -> None:
    tournament = event("p1", "p2")
    anonymous = Client()
    html = anonymous.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert tournament.name in html and "Organisator" not in html
    assert anonymous.get("/ratings/?game=kamelo").status_code == 200
    assert anonymous.get("/tournaments/99999/").status_code == 404
