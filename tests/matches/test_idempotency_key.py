"""An Idempotency-Key longer than the stored column is a 400 (issue 19 item 8: a 500 on PostgreSQL)."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from engine.models import IdempotencyRecord
from tests.matches.conftest import act


def test_a_key_of_256_characters_answers_400_and_changes_nothing(user_client: APIClient, match: dict[str, Any]) -> None:
    response = act(user_client, match, None, **{"Idempotency-Key": "k" * 256})
    assert response.status_code == 400, response.json()
    assert "Idempotency-Key" in response.json()["detail"]
    assert user_client.get(f"/api/matches/{match['id']}/?player=0").json()["version"] == match["version"]


def test_a_key_of_255_characters_is_kept(user_client: APIClient, match: dict[str, Any]) -> None:
    assert act(user_client, match, None, **{"Idempotency-Key": "k" * 255}).status_code == 200
    assert IdempotencyRecord.objects.get().key == "k" * 255


def test_a_player_given_twice_answers_400(user_client: APIClient, match: dict[str, Any]) -> None:
    # schemathesis: ?player=false&player=... answered the spectator's view (the last value was empty)
    assert user_client.get(f"/api/matches/{match['id']}/?player=0&player=").status_code == 400
