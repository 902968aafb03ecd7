"""The OpenAPI schema says what the server does, in a form generated clients can use (issue 19 item 11)."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from engine.games import SLUGS


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def op(schema: dict, path: str, method: str) -> dict[str, Any]:
    return schema["paths"][f"/api/{path}"][method]


def test_the_token_operation_takes_json_only_and_needs_no_token(schema: dict) -> None:
    token = op(schema, "auth/token/", "post")
    assert list(token["requestBody"]["content"]) == ["application/json"]
    assert token.get("security", [{}]) in ([{}], [])


def test_search_and_validation_need_no_token_and_public_decks_allow_anonymous(schema: dict) -> None:
    assert {} in op(schema, "cards/", "get")["security"]
    assert op(schema, "decks/validate/", "post").get("security", []) in ([], [{}])
    assert {} in op(schema, "decks/{id}/", "get")["security"]
    assert {} not in op(schema, "decks/{id}/", "put")["security"]
    assert {} not in op(schema, "matches/", "post")["security"]


def test_a_401_names_the_challenge(schema: dict) -> None:
    unauthorized = op(schema, "decks/", "post")["responses"]["401"]
    assert "WWW-Authenticate" in unauthorized["headers"]
    assert unauthorized["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/Error"


def test_every_error_answer_is_the_one_error_schema(schema: dict) -> None:
    refs = {
        answer["content"]["application/json"]["schema"].get("$ref")
        for item in schema["paths"].values()
        for operation in item.values()
        for status, answer in operation["responses"].items()
        if status >= "400" and "content" in answer
    }
    assert refs == {"#/components/schemas/Error"}


def test_the_match_state_is_one_schema_per_game_told_apart_by_game(schema: dict) -> None:
    state = schema["components"]["schemas"]["MatchState"]
    assert state["discriminator"]["propertyName"] == "game" and set(state["discriminator"]["mapping"]) == set(SLUGS)
    duel = schema["components"]["schemas"]["DuelPlayer"]
    assert {"hand", "hand_count", "deck_count", "points", "life", "creatures", "support"} <= set(duel["required"])
    muhq = schema["components"]["schemas"]["MuhqState"]
    assert {"turn", "version", "to_act", "finished", "result", "legal_actions", "map", "permanents", "kraken"} <= set(
        muhq["required"]
    )
    assert op(schema, "matches/", "post")["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/MatchState"
    )


def test_cards_are_typed_per_game_with_their_attributes(schema: dict) -> None:
    card = schema["components"]["schemas"]["Card"]
    assert set(card["discriminator"]["mapping"]) == set(SLUGS)
    kamelo = schema["components"]["schemas"]["KameloAttributes"]["properties"]
    assert kamelo["ap"]["type"] == "integer" and {"ap", "dp", "lp", "hk"} <= set(kamelo)


def test_each_calculator_has_its_own_typed_operation(schema: dict) -> None:
    combat = op(schema, "games/duel/calc/combat/", "post")
    assert combat["operationId"] == "games_calc_duel_combat"
    answer = combat["responses"]["200"]["content"]["application/json"]["schema"]
    assert set(answer["required"]) == {"attacker_dies", "defender_dies", "player_damage"}
    assert "/api/games/{game}/calc/{name}/" not in schema["paths"]


def test_bounds_enums_and_formats_are_where_the_server_enforces_them(schema: dict) -> None:
    params = {p["name"]: p["schema"] for p in op(schema, "cards/", "get")["parameters"]}
    assert params["page_size"] == {"type": "integer", "minimum": 1}  # more than 200 is capped, not refused
    assert {"type": "integer", "minimum": 1} in params["page"]["oneOf"]
    player = {p["name"]: p["schema"] for p in op(schema, "matches/{id}/", "get")["parameters"]}["player"]
    assert player["minimum"] == 0
    charges = {p["name"]: p["schema"] for p in op(schema, "charges/", "get")["parameters"]}
    assert charges["game"]["enum"] == ["eredan", ""]  # empty: the default, as forms send it
    assert {"type": "string", "format": "date"} in charges["as_of"]["oneOf"]
    action = schema["components"]["schemas"]["ActionSubmitRequest"]["properties"]["action"]
    assert all(choice.get("minLength") == 1 or "required" in choice for choice in action["oneOf"])


def test_headers_are_documented(schema: dict) -> None:
    assert "ETag" in op(schema, "decks/{id}/", "get")["responses"]["200"]["headers"]
    assert "304" in op(schema, "decks/{id}/", "get")["responses"]
    assert "If-Match" in {p["name"] for p in op(schema, "decks/{id}/", "patch")["parameters"]}
    assert "412" in op(schema, "decks/{id}/", "patch")["responses"]
    assert "Location" in op(schema, "print/", "post")["responses"]["202"]["headers"]
    assert "Idempotent-Replayed" in op(schema, "matches/{id}/actions/", "post")["responses"]["200"]["headers"]
    assert "413" in op(schema, "collection/import/", "post")["responses"]
    assert "RateLimit-Remaining" in op(schema, "cards/", "get")["responses"]["200"]["headers"]


def test_a_pdf_is_also_offered_as_bytes(schema: dict) -> None:
    assert {"application/pdf", "application/octet-stream"} <= set(
        op(schema, "print/", "post")["responses"]["200"]["content"]
    )


def test_posting_a_match_links_to_its_state_actions_and_log(schema: dict) -> None:
    links = op(schema, "matches/", "post")["responses"]["201"]["links"]
    assert {link["operationId"] for link in links.values()} == {
        "matches_retrieve",
        "matches_actions_create",
        "matches_log_retrieve",
    }
    assert links["SubmitAction"]["requestBody"]["version"] == "$response.body#/version"


@pytest.mark.django_db
def test_page_last_answers_the_last_page(bundled_cards: None) -> None:
    last = APIClient().get("/api/cards/?game=kamelo&page=last&page_size=10").json()
    assert last["next"] is None and last["previous"] and 1 <= len(last["results"]) <= 10
