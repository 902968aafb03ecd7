"""A tournament's open pages follow it over the live-play channel: a result, once committed,
reaches every socket of the tournament as its part of the page, rendered for that socket's user
(the player's own pairing box for the player, none for a visitor)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from tests.tournaments.conftest import Players
from tournaments import services
from tournaments.models import Pairing, Tournament
from tournaments.routing import websocket_urlpatterns

pytestmark = pytest.mark.django_db(transaction=True)
ROUTER = URLRouter(websocket_urlpatterns)
WAIT = 30  # seconds a frame may take to come: only a hang reaches it


def socket(tournament_id: int, user: Any = None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(ROUTER, f"/ws/tournaments/{tournament_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    return communicator


async def frame(communicator: WebsocketCommunicator) -> str:
    data = json.loads(await communicator.receive_from(timeout=WAIT))
    assert data["type"] == "tournament"
    return str(data["html"])


def test_a_confirmed_result_reaches_the_players_and_a_visitor(
    players: Players, event: Callable[..., Tournament]
) -> None:
    tournament = event("p1", "p2")
    services.tournament_start(tournament_id=tournament.pk, user=players.user("orga"))
    pairing = Pairing.objects.get()

    async def scenario() -> tuple[str, str, str, str]:
        mine, visitor = socket(tournament.pk, players.user("p1")), socket(tournament.pk)
        assert (await mine.connect())[0] and (await visitor.connect())[0]
        before = await frame(mine), await frame(visitor)
        await database_sync_to_async(services.result_report)(
            tournament_id=tournament.pk, pairing_id=pairing.pk, user=players.user("orga"), games=[1, 0, 0]
        )
        after = await frame(mine), await frame(visitor)
        await mine.disconnect()
        await visitor.disconnect()
        return before + after

    mine_before, visitor_before, mine_after, visitor_after = async_to_sync(scenario)()
    assert "Deine Paarung" in mine_before and "Deine Paarung" not in visitor_before
    assert "1–0–0" not in visitor_before and "1–0–0" in visitor_after and "Das Ergebnis steht fest" in mine_after


def test_a_socket_of_no_tournament_is_closed(db: Any) -> None:
    async def scenario() -> Any:
        communicator = socket(424242)
        connected, _ = await communicator.connect()
        return connected, await communicator.receive_output(timeout=WAIT)

    connected, output = async_to_sync(scenario)()
    assert output["type"] == "websocket.close" and output["code"] == 4404
