"""Helpers for the match API tests: sample Ka-Mel-Oh! decks and a match against the AI."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.core.samples import sample_decks


def inline_deck(variant: str = "dufo", number: int = 0) -> dict[str, str]:
    """A bundled sample deck of ``kamelo/<variant>`` as an inline ``{format, list}``."""
    return {"format": f"kamelo/{variant}", "list": sample_decks(f"kamelo/{variant}")[number]["list"]}


def create_body(
    seed: int = 42, behaviour: str = "random", variant: str = "dufo", decks: Any = None, **extra: Any
) -> dict[str, Any]:
    """A ``POST matches/`` body: the creator (seat 0) against the AI (seat 1), in dufo by default."""
    return {
        "game": "kamelo",
        "variant": variant,
        "decks": decks or [inline_deck(variant, number=0), inline_deck(variant, number=1)],
        "seed": seed,
        "players": [{"kind": "human"}, {"kind": "ai", "behaviour": behaviour}],
        **extra,
    }


def create(client: APIClient, **extra: Any) -> dict[str, Any]:
    """Create a match and return its state (asserting the 201)."""
    response = client.post("/api/matches/", create_body(**extra), format="json")
    assert response.status_code == 201, response.json()
    data: dict[str, Any] = response.json()
    return data


def act(client: APIClient, state: dict[str, Any], action: Any = None, **headers: str) -> Any:
    """Submit ``action`` (default: the first legal one) for the state's player at its version."""
    chosen = action if action is not None else state["legal_actions"][0]
    body = {"player": state["player"], "action": chosen, "version": state["version"]}
    return client.post(f"/api/matches/{state['id']}/actions/", body, format="json", headers=headers)


@pytest.fixture
def match(user_client: APIClient, bundled_cards: None) -> dict[str, Any]:
    """A dufo match of alice (seat 0) against the random AI, alice to act."""
    return create(user_client, options={"first_player": 0})


def play_out(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    """Let a match of computers play itself to the end (as the background runner would, here at
    once) and return its state as ``client`` sees it."""
    from engine.services import match_autoplay

    match_autoplay(match_id=state["id"])
    response = client.get(f"/api/matches/{state['id']}/")
    assert response.status_code == 200
    data: dict[str, Any] = response.json()
    return data


def accept_invitations(client: APIClient) -> None:
    """Accept every pending seat invitation of ``client``'s user (engine.invitations): a seat for
    another user is theirs only once they accept, and the match starts when all have."""
    for row in client.get("/api/invitations/").json()["results"]:
        if row["status"] == "pending":
            assert client.post(f"/api/invitations/{row['id']}/accept/").status_code == 200
