"""The match pages: `/matches/` (the list), `/matches/new/` (a new match of a variant) and
`/matches/{id}/` (the one play page, with the game's board)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from decks.services import deck_create
from engine.models import Match, MatchAction
from engine.templatetags.seats import seat_list
from tests.matches.conftest import inline_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


NEW = "/matches/new/?game=kamelo&variant=dufo"


def new_match(client: Client, **extra: str) -> Any:
    form = {"seat_0": "me", "deck_0": "sample:kamelo/dufo:1", "seat_1": "ai:greedy", "deck_1": "sample:kamelo/dufo:2"}
    return client.post(NEW, {**form, "seed": "5", **extra})


def test_the_list_offers_every_variant_of_every_game_with_an_engine(alice: Client) -> None:
    html = alice.get("/matches/").content.decode()
    for variant in ("dufo", "wimu", "koenig"):
        assert f"/matches/new/?game=kamelo&amp;variant={variant}" in html


def test_the_list_and_the_new_match_page_name_each_variant_in_the_page_s_language(alice: Client) -> None:
    german = alice.get("/matches/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = alice.get("/matches/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Zwei Dörfer<small>" in german and ">Kamelkönig (Vorschlag 3)<small>" in german and ">Lang<small>" in german
    assert ">Two Villages<small>" in english and ">Long<small>" in english
    assert ">zwei-doerfer<small>" not in german + english
    page = alice.get("/matches/new/?game=muhq&variant=the-kraken", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "· The Kraken</small></h1>" in page and "· The Kraken · Kartothek</title>" in page


def test_the_new_match_page_offers_samples_the_users_decks_and_the_options(
    alice: Client, user: Any, bundled_cards: None
) -> None:
    deck = deck_create(owner=user, name="Meine Rotte", format="kamelo/wimu", list=inline_deck()["list"])
    html = alice.get(NEW).content.decode()
    assert "Meine Rotte" in html and f'value="deck:{deck.pk}"' in html and 'value="sample:kamelo/dufo:1"' in html
    assert 'name="option_max_turns"' in html and 'max="1000"' in html and 'value="ai:greedy"' in html


def test_an_unknown_game_or_variant_is_a_404(alice: Client) -> None:
    assert alice.get("/matches/new/?game=kamelo&variant=blitz").status_code == 404
    assert alice.get("/matches/new/?game=chess&variant=x").status_code == 404


def test_a_match_between_two_users_and_with_a_pasted_deck(alice: Client, other_user: Any, bundled_cards: None) -> None:
    response = new_match(alice, seat_1="user", user_1="bob", deck_1="paste", list_1=inline_deck(number=1)["list"])
    match = Match.objects.get()
    assert response.status_code == 302
    # bob is invited (engine.invitations): his seat stays empty until he accepts
    assert [s.user.username if s.user else None for s in match.seats.all()] == ["alice", None]
    assert match.seats.get(index=1).invitation.user == other_user


def test_options_reach_the_match_and_bad_ones_are_named(alice: Client, bundled_cards: None) -> None:
    assert new_match(alice, option_max_turns="5000").status_code == 400
    assert new_match(alice, option_max_turns="30", option_length="long").status_code == 302
    assert Match.objects.get().options["max_turns"] == 30


def test_a_new_match_against_the_ai_opens_its_board(alice: Client, bundled_cards: None) -> None:
    response = new_match(alice)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.seed == 5 and [s.kind for s in match.seats.all()] == ["human", "ai"]
    html = alice.get(response["Location"]).content.decode()
    assert "Arena" in html and "Datteln" in html and 'name="action"' in html


def test_a_saved_deck_of_the_user_plays(alice: Client, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Meins", format="kamelo/dufo", list=inline_deck(number=1)["list"])
    assert new_match(alice, deck_0=f"deck:{deck.pk}").status_code == 302


def test_an_illegal_saved_deck_is_shown_with_its_problems(alice: Client, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Zu kurz", format="kamelo/dufo", list="3 Dromedar\n")
    response = new_match(alice, deck_0=f"deck:{deck.pk}")
    # The page is German (the site's language): the deck's problems come in German too.
    assert response.status_code == 400 and "Deck 0 ist nicht legal" in response.content.decode()
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
    assert "veraltet" in html and Match.objects.get().version == match.version  # the German page, in German


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


@pytest.mark.django_db
def test_the_api_names_every_variant_in_german_and_english(api_client: Any) -> None:
    games = {g["slug"]: g for g in api_client.get("/api/games/").json()}
    muhq = {v["slug"]: (v["name"], v["name_en"]) for v in games["muhq"]["variants"]}
    realmon = {v["slug"]: (v["name"], v["name_en"]) for v in games["realmon"]["variants"]}
    assert muhq["zwei-doerfer"] == ("Zwei Dörfer", "Two Villages") and realmon["lang"] == ("Lang", "Long")
    assert all(v["name"] and v["name_en"] for g in games.values() for v in g["variants"])


def test_the_list_of_matches_names_game_variant_the_seat_to_act_and_the_winners(
    alice: Client, bundled_cards: None
) -> None:
    new_match(alice)  # alice (seat 0) against the computer, her turn
    row = alice.get("/matches/", HTTP_ACCEPT_LANGUAGE="de").content.decode().split('<table class="matches">')[1]
    assert "<td>Ka-Mel-Oh! · Dufo (Vorschlag 1)</td>" in row and "S1 am Zug" in row
    english = alice.get("/matches/", HTTP_ACCEPT_LANGUAGE="en").content.decode().split('<table class="matches">')[1]
    assert "P1 to act" in english and "player 1 to act" not in english
    with translation.override("en"):  # a result's winners are 0-based seats: "won by P1", never "seat 0"
        assert (seat_list([0]), seat_list([0, 2]), seat_list([])) == ("P1", "P1, P3", "")
    with translation.override("de"):
        assert seat_list([1]) == "S2"


def test_m29_the_new_match_page_offers_muhq_s_draft_and_starts_a_match_without_decks(
    alice: Client, bundled_cards: None
) -> None:
    url = "/matches/new/?game=muhq&variant=zwei-doerfer"
    assert 'name="draft"' in alice.get(url).content.decode()
    assert 'name="draft"' not in alice.get(NEW).content.decode()  # Ka-Mel-Oh! has no draft
    form = {"seat_0": "me", "deck_0": "paste", "seat_1": "ai:greedy", "deck_1": "paste", "draft": "on", "seed": "2"}
    response = alice.post(url, form)
    match = Match.objects.get()
    assert response.status_code == 302 and match.decks == [[], []]
    assert match.state["draft"] is not None and match.state["players"][0]["store"] == []
