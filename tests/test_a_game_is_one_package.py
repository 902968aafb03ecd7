"""A game is one package (issue 31): the toy game (tests/toy), which only the test settings name
(``GAME_PACKAGES``), is served by the whole service like the bundled games: ``GET games/``, the
card search and its labels, deck validation, a print sheet with its faces, a match through the API
and its page, the OpenAPI schema with its state component, the calculator and the card face."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from pypdf import PdfReader
from rest_framework.test import APIClient

from engine.games import get_game, package_module, sample_decks

pytestmark = pytest.mark.django_db


def _sample(number: int = 0) -> str:
    return sample_decks("toy/standard")[number]["list"]


def test_the_toy_game_is_registered_by_the_test_settings_only() -> None:
    assert package_module("toy") == "tests.toy"
    assert get_game("toy").package_dir.name == "toy"


def test_games_lists_the_toy_game_with_its_format_samples_and_variant(api_client: APIClient) -> None:
    games = {g["slug"]: g for g in api_client.get("/api/games/").json()}
    toy = games["toy"]
    assert [f["slug"] for f in toy["formats"]] == ["toy/standard"]
    assert len(toy["formats"][0]["sample_decks"]) == 2
    assert [v["slug"] for v in toy["variants"]] == ["standard"] and toy["ai_behaviours"] == ["random", "greedy", "mcts"]
    assert list(games)[-1] == "toy"  # after the bundled games: its position is 99


def test_the_card_search_finds_toy_cards_and_shows_their_labels(api_client: APIClient, bundled_cards: None) -> None:
    found = api_client.get("/api/cards/", {"game": "toy", "q": "value>=5"}).json()
    assert sorted(c["slug"] for c in found["results"]) == [f"wert-{v}" for v in range(5, 10)]
    assert "banned_at_start" not in found["results"][0]  # no points system
    page = Client().get("/cards/", {"game": "toy", "q": "value>=8"}, HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert page.status_code == 200 and "Wert 8" in html and "Karte" in html and "Wert 3" not in html
    detail = Client().get("/cards/toy/wert-4/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dt>Value</dt>" in detail or ">Value<" in detail


def test_a_toy_deck_is_validated_by_its_format(api_client: APIClient, bundled_cards: None) -> None:
    legal = api_client.post("/api/decks/validate/", {"format": "toy/standard", "list": _sample()}, format="json")
    assert legal.status_code == 200 and legal.json()["legal"] is True, legal.json()
    nine = _sample() + "1 Wert 9\n"
    illegal = api_client.post("/api/decks/validate/", {"format": "toy/standard", "list": nine}, format="json").json()
    assert illegal["legal"] is False and "deck_size" in {p["code"] for p in illegal["problems"]}


def test_a_toy_deck_prints_with_its_faces_and_backs(api_client: APIClient, bundled_cards: None) -> None:
    body = {"format": "toy/standard", "list": _sample(), "backs": True}
    response = api_client.post("/api/print/", body, format="json")
    assert response.status_code == 200, response.content
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Wert 1" in text and "WERT" in text and "Spielzeug" in text  # the face's stat and the back's title


def test_the_toy_card_face_svg_is_the_games_face(bundled_cards: None) -> None:
    response = Client().get("/cards/toy/wert-3/face.svg")
    body = response.content.decode()
    assert response.status_code == 200 and "#E8D5A9" in body and "WERT" in body and 'class="emblem"' in body


def test_a_toy_match_is_played_through_the_api_and_shown_on_its_page(
    user_client: APIClient, user: Any, bundled_cards: None
) -> None:
    decks = [{"format": "toy/standard", "list": _sample(n)} for n in (0, 1)]
    body = {"game": "toy", "variant": "standard", "decks": decks, "seed": 5,
            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "greedy"}]}  # fmt: skip
    response = user_client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["game"] == "toy" and len(state["players"][0]["hand"]) == 3
    while not state["finished"]:
        assert state["to_act"] == 0
        move = {"player": 0, "action": state["legal_actions"][0]["id"], "version": state["version"]}
        answer = user_client.post(f"/api/matches/{state['id']}/actions/", move, format="json")
        assert answer.status_code == 200, answer.json()
        state = answer.json()
    assert state["result"]["termination"] == "cards_played" and len(state["result"]["points"]) == 2
    web = Client()
    web.force_login(user)
    page = web.get(f"/matches/{state['id']}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'class="toy-board"' in page and "games/toy/board.css" in page and "alle Karten wurden gespielt" in page


def test_the_toy_calculator_answers_and_refuses_bad_numbers(api_client: APIClient) -> None:
    assert api_client.post("/api/games/toy/calc/total/", {"values": [2, 3]}, format="json").json() == {"total": 5}
    bad = api_client.post("/api/games/toy/calc/total/", {"values": [2, "x"]}, format="json")
    assert bad.status_code == 400 and "values[1]" in bad.json()["detail"]
    assert api_client.post("/api/games/toy/calc/total/", {"values": 4}, format="json").status_code == 400


def test_the_schema_documents_the_toy_game(db: Any) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    assert components["MatchState"]["discriminator"]["mapping"]["toy"] == "#/components/schemas/ToyState"
    assert {"current", "players", "turn", "legal_actions"} <= set(components["ToyState"]["properties"])
    assert {"played", "set", "hand", "points"} <= set(components["ToyPlayer"]["properties"])
    assert components["ToyAttributes"]["properties"]["value"]["type"] == "integer"
    assert "toy" in components["GameSlugEnum"]["enum"]
    total = schema["paths"]["/api/games/toy/calc/total/"]["post"]
    assert total["operationId"] == "games_calc_toy_total"
