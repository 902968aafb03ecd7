"""Lookups for card tools (issue 19 item 12; api.md "Bulk data and lookups"): autocomplete, named,
collection."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import Card, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def kamelo(db) -> Game:
    game, _ = Game.objects.get_or_create(slug="kamelo", defaults={"name": "Ka-Mel-Oh!"})
    stats = {"ap": 30, "dp": 20, "lp": 150, "hk": 2}
    for slug, name, name_en in [
        ("kamel", "Kamel", "Camel"), ("kamelherde", "Kamelherde", "Camel Herd"), ("rennkamel", "Rennkamel", ""),
        ("duene", "Düne", "Dune"), ("oase", "Oase", ""), ("oase-2", "Oase", ""),
    ]:  # fmt: skip
        Card.objects.create(game=game, slug=slug, name=name, name_en=name_en, type="monster", attributes=stats)
    return game


def get(path: str, **params: str):
    return APIClient().get(path, params)


def test_autocomplete_puts_the_exact_name_then_prefixes_then_later_words(kamelo: Game) -> None:
    assert get("/api/cards/autocomplete/", game="kamelo", q="kamel").json() == {"data": ["Kamel", "Kamelherde"]}
    assert get("/api/cards/autocomplete/", game="kamelo", q="herd").json()["data"] == ["Camel Herd"]
    assert get("/api/cards/autocomplete/", game="kamelo", q="DUNE").json()["data"] == ["Düne"]


def test_autocomplete_gives_at_most_20_names(kamelo: Game) -> None:
    for n in range(25):
        Card.objects.create(game=kamelo, slug=f"k{n}", name=f"Karawane {n:02d}", type="item")
    assert len(get("/api/cards/autocomplete/", game="kamelo", q="kara").json()["data"]) == 20


def test_autocomplete_of_nothing_is_empty(kamelo: Game) -> None:
    assert get("/api/cards/autocomplete/", game="kamelo", q="  ").json() == {"data": []}


@pytest.mark.parametrize(
    "params", [{"q": "ka"}, {"game": "chess", "q": "ka"}, {"game": "kamelo"}, {"game": "kamelo", "q": "x" * 201}]
)
def test_autocomplete_refuses_bad_parameters(kamelo: Game, params: dict) -> None:
    assert get("/api/cards/autocomplete/", **params).status_code == 400


def test_named_exact_finds_a_name_case_and_accent_folded(kamelo: Game) -> None:
    assert get("/api/cards/named/", game="kamelo", exact="DUENE").status_code == 404  # folding, not spelling
    response = get("/api/cards/named/", game="kamelo", exact="düne")
    assert response.status_code == 200 and response.json()["slug"] == "duene"
    assert response.json().keys() >= {"game", "slug", "name", "attributes", "image"}


def test_named_fuzzy_takes_a_unique_prefix_or_a_close_spelling(kamelo: Game) -> None:
    assert get("/api/cards/named/", game="kamelo", fuzzy="renn").json()["slug"] == "rennkamel"
    assert get("/api/cards/named/", game="kamelo", fuzzy="Kamelhrde").json()["slug"] == "kamelherde"


def test_named_answers_404_with_the_nearest_names(kamelo: Game) -> None:
    response = get("/api/cards/named/", game="kamelo", exact="Kamelhrde")
    assert response.status_code == 404 and response.json()["nearest"][0] == "Kamelherde"
    assert response.json()["code"] == "not_found"


def test_a_name_of_several_cards_is_ambiguous(kamelo: Game) -> None:
    response = get("/api/cards/named/", game="kamelo", fuzzy="Oase")
    assert response.status_code == 404 and "several" in response.json()["detail"]


@pytest.mark.parametrize(
    "params", [{"game": "kamelo"}, {"game": "kamelo", "exact": "a", "fuzzy": "b"}, {"exact": "Kamel"}]
)
def test_named_needs_a_game_and_one_name(kamelo: Game, params: dict) -> None:
    assert get("/api/cards/named/", **params).status_code == 400


def test_collection_resolves_slugs_and_names_in_order(kamelo: Game) -> None:
    body = {"identifiers": [{"game": "kamelo", "name": "camel herd"}, {"game": "kamelo", "card": "kamel"},
                            {"game": "kamelo", "card": "Kamel"}, {"game": "kamelo", "name": "Oase"},
                            {"game": "chess", "name": "King"}]}  # fmt: skip
    answer = APIClient().post("/api/cards/collection/", body, format="json").json()
    assert [c["slug"] for c in answer["data"]] == ["kamelherde", "kamel"]
    assert answer["not_found"] == [{"game": "kamelo", "card": "Kamel"}, {"game": "kamelo", "name": "Oase"},
                                   {"game": "chess", "name": "King"}]  # fmt: skip


@pytest.mark.parametrize(
    "body",
    [{"identifiers": [{"game": "kamelo", "card": "kamel"}] * 76}, {"identifiers": []},
     {"identifiers": [{"game": "kamelo"}]}, {"identifiers": [{"game": "kamelo", "card": "a", "name": "b"}]}, {},
     # numbers where the schema says string are refused, not turned into text (schemathesis found it)
     {"identifiers": [{"game": 586, "name": -1149932056}]}, {"identifiers": [{"game": "kamelo", "card": True}]}],
)  # fmt: skip
def test_collection_refuses_bad_requests(kamelo: Game, body: dict) -> None:
    assert APIClient().post("/api/cards/collection/", body, format="json").status_code == 400


def test_collection_takes_75(kamelo: Game) -> None:
    body = {"identifiers": [{"game": "kamelo", "card": "kamel"}] * 75}
    assert len(APIClient().post("/api/cards/collection/", body, format="json").json()["data"]) == 75
