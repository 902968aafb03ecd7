"""The card API: search, detail, 404s, staff-only writes, anonymous reads, games, guilds, calculators."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

CARD_KEYS = {"game", "slug", "name", "names", "type", "set", "guilds", "cost", "rarity", "unique", "evolves_from",
             "text", "attributes", "image", "charge"}  # fmt: skip

NEW_CARD = {"slug": "neues-kamel", "name": "Neues Kamel", "type": "monster", "cost": 1,
            "attributes": {"ap": 20, "dp": 10, "lp": 40, "hk": 4}}  # fmt: skip


def test_games_lists_the_five_games_with_formats_and_sample_decks(api_client: APIClient, bundled_cards: None) -> None:
    games = api_client.get("/api/games/").json()
    # api.md's five games in their order, then the test settings' toy game (tests/toy)
    assert [g["slug"] for g in games] == ["kamelo", "eredan", "muhq", "duel", "realmon", "toy"]
    formats = {f["slug"] for g in games for f in g["formats"]}
    assert {"eredan/standard", "eredan/quilingo", "kamelo/dufo", "kamelo/wimu", "kamelo/koenig", "realmon/basis",
            "realmon/lang", "duel/standard", "muhq/draft"} <= formats  # fmt: skip
    assert all("sample_decks" in f for g in games for f in g["formats"])


def test_anonymous_search_paginates_in_the_card_shape(api_client: APIClient, bundled_cards: None) -> None:
    page = api_client.get("/api/cards/", {"game": "eredan", "page_size": 5}).json()
    assert set(page) == {"count", "next", "previous", "results"}
    assert len(page["results"]) == 5 and page["count"] > 5 and page["next"]
    assert set(page["results"][0]) >= CARD_KEYS


def test_search_finds_a_seed_character_case_and_accent_insensitively(
    api_client: APIClient, bundled_cards: None
) -> None:
    names = [c["name"] for c in api_client.get("/api/cards/", {"game": "eredan", "q": "TELENDAR"}).json()["results"]]
    assert "Telendar" in names


def test_a_bad_query_answers_400_naming_the_term(api_client: APIClient, bundled_cards: None) -> None:
    response = api_client.get("/api/cards/", {"game": "eredan", "q": "nosuchfield:1"})
    assert response.status_code == 400
    assert "nosuchfield" in response.json()["detail"] and response.json()["code"]


def test_detail_answers_every_field_and_its_image_urls(api_client: APIClient, bundled_cards: None) -> None:
    card = api_client.get("/api/cards/eredan/iro/").json()
    assert set(card) >= CARD_KEYS
    assert card["guilds"] == ["kotoba"] and card["type"] == "character"
    assert card["image"]["full"].endswith("/cards/eredan/iro/face.svg")


@pytest.mark.parametrize("url", ["/api/cards/eredan/no-such-card/", "/api/cards/nogame/iro/"])
def test_unknown_cards_and_games_answer_404(api_client: APIClient, url: str, bundled_cards: None) -> None:
    response = api_client.get(url)
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_anonymous_and_plain_users_cannot_write_cards(api_client: APIClient, user_client: APIClient) -> None:
    assert api_client.post("/api/cards/kamelo/", NEW_CARD, format="json").status_code in (401, 403)
    assert user_client.post("/api/cards/kamelo/", NEW_CARD, format="json").status_code == 403
    assert user_client.put("/api/cards/kamelo/neues-kamel/", NEW_CARD, format="json").status_code == 403


def test_staff_creates_replaces_and_deletes_a_card(staff_client: APIClient) -> None:
    created = staff_client.post("/api/cards/kamelo/", NEW_CARD, format="json")
    assert created.status_code == 201, created.json()
    again = staff_client.post("/api/cards/kamelo/", NEW_CARD, format="json")
    assert again.status_code == 400
    changed = staff_client.put("/api/cards/kamelo/neues-kamel/", {**NEW_CARD, "cost": 4}, format="json")
    assert changed.status_code == 200 and changed.json()["cost"] == 4
    assert staff_client.delete("/api/cards/kamelo/neues-kamel/").status_code == 204
    assert staff_client.get("/api/cards/kamelo/neues-kamel/").status_code == 404


def test_k3_a_card_out_of_bounds_is_refused_with_one_error_per_field(staff_client: APIClient) -> None:
    bad: dict[str, Any] = {**NEW_CARD, "cost": 9, "attributes": {"ap": 61, "dp": 10, "lp": 400, "hk": 0}}
    response = staff_client.post("/api/cards/kamelo/", bad, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"cost", "attributes.ap", "attributes.lp", "attributes.hk"} <= set(errors)


def test_guilds_of_a_game(api_client: APIClient, bundled_cards: None) -> None:
    slugs = {g["slug"] for g in api_client.get("/api/guilds/", {"game": "eredan"}).json()}
    assert {"kotoba", "zil", "noz-dingard", "nehantisten", "soeldner"} <= slugs
    assert api_client.get("/api/guilds/", {"game": "chess"}).status_code == 404


def test_calculators_answer_and_refuse_bad_numbers(api_client: APIClient) -> None:
    ok = api_client.post("/api/games/realmon/calc/realm_bonus/", {"realm": 9}, format="json")
    assert ok.status_code == 200 and ok.json() == {"bonus": 2}
    assert api_client.post("/api/games/realmon/calc/realm_bonus/", {"realm": "x"}, format="json").status_code == 400
    assert api_client.post("/api/games/realmon/calc/nothing/", {}, format="json").status_code == 404
    bad_json = api_client.post("/api/games/muhq/calc/distance/", "{nope", content_type="application/json")
    assert bad_json.status_code == 400


def test_the_schema_and_docs_are_served(api_client: APIClient) -> None:
    assert api_client.get("/api/schema/").status_code == 200
    assert api_client.get("/api/docs/").status_code == 200


@pytest.mark.parametrize(
    ("game", "card"),
    [
        ("duel", {"slug": "x", "name": "X", "type": "spell", "effects": [{"when": {}}]}),
        ("duel", {"slug": "x", "name": "X", "type": "spell", "effects": [{}]}),
        ("muhq", {"slug": "x", "name": "X", "type": "spell", "cost": 1, "effects": [{"damage": {}}]}),
        ("eredan", {"slug": "x", "name": "X", "type": "spell", "effects": [{"cancel": {}}]}),
        ("realmon", {"slug": "x", "name": "X", "type": "action", "attributes": {"kind": "meta"},
                     "effects": [{"set_category": {}}]}),
        ("kamelo", {"slug": "x", "name": "X", "type": "item", "cost": 1, "attributes": {"hk": 1},
                    "effects": [{"stat": []}]}),
        ("kamelo", {"slug": "x", "name": "X", "type": "item", "cost": 1, "attributes": {"hk": 1},
                    "effects": [{"stat": {"ap": 5}, "surcharge": 2}]}),
        ("kamelo", {"slug": "x", "name": "X", "type": "item", "cost": 1, "attributes": {"hk": 1}, "effects": ["nope"]}),
    ],
)  # fmt: skip
def test_effects_outside_the_games_vocabulary_are_a_400_never_a_500(
    staff_client: APIClient, game: str, card: dict[str, Any]
) -> None:
    response = staff_client.post(f"/api/cards/{game}/", card, format="json")
    assert response.status_code == 400, response.content[:300]
    assert any(key.startswith("effects") for key in response.json()["errors"])
