"""Helpers of the live tests: a Ka-Mel-Oh! match between two people, sockets as a given user, and
what a frame may not show (another seat's hidden cards)."""

from __future__ import annotations

import json
import re
from typing import Any

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from engine.core.samples import sample_decks
from engine.live.routing import websocket_urlpatterns
from tests.matches.conftest import accept_invitations
from tests.reliability.conftest import spare_redis_url  # noqa: F401  (a fixture: a Redis database of its own)

ROUTER = URLRouter(websocket_urlpatterns)
WAIT = 30  # seconds a frame may take to come: only a hang reaches it


def between(alice: APIClient, bob: APIClient | None, *, variant: str = "wimu", seed: int = 3, **extra: Any) -> int:
    """A match of alice (seat 0, begins) and bob (seat 1, invited; accepted when his client is given)."""
    decks = [{"format": f"kamelo/{variant}", "list": d["list"]} for d in sample_decks(f"kamelo/{variant}")[:2]]
    players = [{"kind": "human"}, {"kind": "human", "user": "bob"}]
    body = {"game": "kamelo", "variant": variant, "decks": decks, "seed": seed, "players": players,
            "options": {"first_player": 0}, **extra}  # fmt: skip
    response = alice.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    if bob is not None:
        accept_invitations(bob)
    return int(response.json()["id"])


def socket(match_id: int, user: Any = None) -> WebsocketCommunicator:
    """A WebSocket of the match's page as ``user`` (None: an anonymous spectator)."""
    from django.contrib.auth.models import AnonymousUser

    communicator = WebsocketCommunicator(ROUTER, f"/ws/matches/{match_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    return communicator


async def frame(communicator: WebsocketCommunicator) -> dict[str, Any]:
    """The next frame of a socket, decoded."""
    data: dict[str, Any] = json.loads(await communicator.receive_from(timeout=WAIT))
    return data


def hands_shown(html: str) -> set[int]:
    """The seats whose hand a board shows (kamelo's board: a ``hand`` block in the seat's section)."""
    sections = re.findall(r'data-player="(\d+)">(.*?)</section>', html, flags=re.S)
    return {int(seat) for seat, body in sections if 'class="hand"' in body}


def card_names(data: Any) -> set[str]:
    """Every card name anywhere in a JSON document."""
    found: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("name"), str):
            found.add(data["name"])
        for value in data.values():
            found |= card_names(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_names(value)
    return found


def secret_cards(client: APIClient, match_id: int, seat: int, other_deck: int) -> set[str]:
    """The names in ``seat``'s hand now that nobody else can know: not in the other seat's deck
    list and nowhere in the spectator's view."""
    state = client.get(f"/api/matches/{match_id}/?player={seat}").json()
    public = card_names(client.get(f"/api/matches/{match_id}/").json())
    other = sample_decks(f"kamelo/{state['variant']}")[other_deck]["list"]
    return (
        {card["name"] for card in state["players"][seat]["hand"]}
        - public
        - {name for name in card_names(state) if name in other}
        - {name for name in _list_names(other)}
    )


def _list_names(text: str) -> set[str]:
    return {line.split(" ", 1)[1].strip() for line in text.splitlines() if re.match(r"^\d+x? ", line)}
