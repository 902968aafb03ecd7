"""Deeply nested JSON bodies are a 400, never a RecursionError (issue 19 item 8)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config.parsers import MAX_DEPTH, depth_exceeds

pytestmark = pytest.mark.django_db
ENDPOINTS = [
    "/api/decks/validate/",
    "/api/matches/",
    "/api/print/",
    "/api/games/kamelo/calc/dates/",
    "/api/auth/token/",
]


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("depth", [30_000, 3_000, MAX_DEPTH + 1])
def test_a_body_nested_too_deep_answers_400(user_client: APIClient, path: str, depth: int) -> None:
    body = '{"format": ' + "[" * depth + "]" * depth + "}"
    response = user_client.post(path, body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "parse_error"
    assert "nested" in response.json()["detail"]


def test_a_body_at_the_limit_is_read(user_client: APIClient) -> None:
    nested = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    response = user_client.post("/api/decks/validate/", '{"format": ' + nested + "}", content_type="application/json")
    assert (
        response.status_code == 400 and response.json()["code"] == "invalid"
    )  # the serializer's say, not the parser's


def test_depth_counts_objects_and_lists_alike() -> None:
    assert not depth_exceeds({"a": [{"b": []}]}, 4)
    assert depth_exceeds({"a": [{"b": []}]}, 3)
    assert not depth_exceeds("text", 0) and not depth_exceeds(7, 1)
