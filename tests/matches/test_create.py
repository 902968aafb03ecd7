"""`POST matches/`: decks inline or saved, seats, refusals (api.md "Matches")."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from decks.services import deck_create
from engine.models import Match, MatchAction, Seat
from tests.matches.conftest import create, create_body, inline_deck

pytestmark = pytest.mark.django_db


def post(client: APIClient, body: dict[str, Any]) -> Any:
    return client.post("/api/matches/", body, format="json")


def test_it_creates_a_match_from_inline_decks(user_client: APIClient, user: Any, bundled_cards: None) -> None:
    state = create(user_client, options={"first_player": 0})
    match = Match.objects.get(pk=state["id"])
    assert (state["game"], state["variant"], state["version"], state["player"]) == ("kamelo", "dufo", 0, 0)
    assert state["to_act"] == 0 and state["legal_actions"] and not state["finished"]
    assert [(s.kind, s.user, s.behaviour) for s in match.seats.all()] == [("human", user, ""), ("ai", None, "random")]
    assert match.seed == 42 and match.created_by == user
    assert sum(item["count"] for item in match.decks[0]) == 60


def test_it_creates_a_match_from_a_saved_deck(user_client: APIClient, user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=user, name="Meins", format="kamelo/dufo", list=inline_deck()["list"])
    state = create(user_client, decks=[deck.pk, inline_deck(number=1)])
    assert state["players"][0]["hand_count"] > 0


def test_it_takes_another_users_public_deck(user_client: APIClient, other_user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=other_user, name="Offen", format="kamelo/dufo", list=inline_deck()["list"], public=True)
    create(user_client, decks=[deck.pk, inline_deck(number=1)])


def test_it_refuses_another_users_private_deck(user_client: APIClient, other_user: Any, bundled_cards: None) -> None:
    deck = deck_create(owner=other_user, name="Geheim", format="kamelo/dufo", list=inline_deck()["list"])
    response = post(user_client, create_body(decks=[deck.pk, inline_deck(number=1)]))
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_deck"
    assert not Match.objects.exists()


def test_k1_an_illegal_deck_answers_400_with_its_problems(user_client: APIClient, bundled_cards: None) -> None:
    short = {"format": "kamelo/dufo", "list": "3 Dromedar\n"}
    response = post(user_client, create_body(decks=[inline_deck(), short]))
    body = response.json()
    assert response.status_code == 400 and body["code"] == "illegal_deck" and body["deck"] == 1
    assert "deck_size" in [p["code"] for p in body["problems"]]
    assert not Match.objects.exists()


def test_an_unknown_card_is_a_problem_with_its_line(user_client: APIClient, bundled_cards: None) -> None:
    deck = {"format": "kamelo/dufo", "list": inline_deck()["list"] + "1 Gibtsnicht\n"}
    body = post(user_client, create_body(decks=[deck, inline_deck(number=1)])).json()
    unknown = [p for p in body["problems"] if p["code"] == "unknown_card"]
    assert unknown and isinstance(unknown[0]["line"], int)


def test_a_deck_of_another_game_is_refused(user_client: APIClient, bundled_cards: None) -> None:
    body = create_body(decks=[inline_deck(), {"format": "eredan/standard", "list": "1 Iro\n"}])
    response = post(user_client, body)
    assert response.status_code == 400 and response.json()["code"] == "bad_deck"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"variant": "blitz"}, "unknown_variant"),
        ({"options": {"colour": "red"}}, "bad_option"),
        ({"options": {"max_turns": 10**9}}, "bad_option"),
        ({"options": {"length": 3}}, "bad_option"),
        ({"players": [{"kind": "human"}, {"kind": "ai", "behaviour": "clairvoyant"}]}, "unknown_behaviour"),
        ({"players": [{"kind": "human"}, {"kind": "human", "user": 2}]}, "invalid"),  # users by username only
        ({"players": [{"kind": "human"}]}, "bad_match"),
        ({"players": [{"kind": "human"}] * 3, "decks": [inline_deck()] * 3}, "bad_players"),
        ({"decks": ["x", 1]}, "invalid"),
    ],
)
def test_it_refuses_a_bad_request(
    user_client: APIClient, bundled_cards: None, change: dict[str, Any], code: str
) -> None:
    response = post(user_client, {**create_body(), **change})
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    assert not Match.objects.exists()


def test_a_bad_option_is_named_in_the_answer(user_client: APIClient, bundled_cards: None) -> None:
    response = post(user_client, {**create_body(), "options": {"max_turns": 10**9}})
    body = response.json()
    assert (response.status_code, body["code"], body["option"]) == (400, "bad_option", "max_turns")
    assert "between 1 and 1000" in body["detail"]


def test_a_game_without_an_engine_answers_no_engine(
    user_client: APIClient, bundled_cards: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from engine.games import get_game
    from engine.services import engines

    definition = get_game("duel")
    monkeypatch.setattr(engines, "get_game", lambda slug: replace(definition, engine=None))
    response = post(user_client, {**create_body(), "game": "duel", "variant": "standard"})
    assert (response.status_code, response.json()["code"]) == (400, "no_engine")


def test_anonymous_may_not_create(api_client: APIClient, bundled_cards: None) -> None:
    assert post(api_client, create_body()).status_code in (401, 403)


def test_a_human_seat_for_another_user_is_an_invitation(
    user_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    # tests/matches/test_invitations.py has the rest: nobody is seated without consent
    state = create(user_client, players=[{"kind": "human", "user": "bob"}, {"kind": "human"}])
    seats = Seat.objects.filter(match_id=state["id"]).order_by("index")
    assert [s.user.username if s.user else None for s in seats] == [None, "alice"]
    assert state["player"] == 1 and state["invitations"] == [{"seat": 0, "status": "pending"}]


def test_the_ai_acts_first_when_it_begins(user_client: APIClient, bundled_cards: None) -> None:
    state = create(user_client, options={"first_player": 1})
    logged = list(MatchAction.objects.filter(match_id=state["id"]).values_list("seq", "player"))
    assert state["version"] == len(logged) > 0
    assert {player for _, player in logged} == {1}
    assert state["to_act"] == 0


def test_it_lists_the_users_matches(user_client: APIClient, other_client: APIClient, bundled_cards: None) -> None:
    mine = create(user_client)
    create(other_client)
    body = user_client.get("/api/matches/").json()
    assert [m["id"] for m in body["results"]] == [mine["id"]]
    assert body["results"][0]["seats"][0]["user"] == "alice"
