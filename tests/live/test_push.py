"""Push updates (issue 20 item 1): every open page of a match (both seats, a spectator) gets the
board as its own viewer may see it when the match changes, and no frame ever carries another
seat's hidden cards."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from tests.live.conftest import between, frame, hands_shown, secret_cards, socket
from tests.matches.conftest import act

pytestmark = pytest.mark.django_db(transaction=True)


def _state(client: APIClient, match_id: int, seat: int | None) -> dict[str, Any]:
    query = "" if seat is None else f"?player={seat}"
    data: dict[str, Any] = client.get(f"/api/matches/{match_id}/{query}").json()
    return data


def test_both_seats_and_a_spectator_follow_every_action_each_with_its_own_view(
    user: Any, other_user: Any, user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo")
    clients = {0: user_client, 1: other_client}

    async def scenario() -> list[tuple[int | None, int, str]]:
        sockets = {0: socket(match_id, user), 1: socket(match_id, other_user), None: socket(match_id)}
        seen: list[tuple[int | None, int, str]] = []
        for seat, sock in sockets.items():
            assert (await sock.connect())[0]
            first = await frame(sock)
            seen.append((seat, first["version"], first["html"]))
        for _ in range(12):  # both seats act in turn; every socket gets each change
            state = await database_sync_to_async(_state)(user_client, match_id, 0)
            seat = state["to_act"]
            mover = await database_sync_to_async(_state)(clients[seat], match_id, seat)
            answer = await database_sync_to_async(act)(clients[seat], mover, mover["legal_actions"][-1])
            assert answer.status_code == 200, answer.json()
            version = answer.json()["version"]
            for viewer, sock in sockets.items():
                got = await frame(sock)
                while got["version"] < version:  # an AI-free match: one frame per action, in order
                    got = await frame(sock)
                assert got["version"] == version
                seen.append((viewer, got["version"], got["html"]))
        for sock in sockets.values():
            await sock.disconnect()
        return seen

    seen = async_to_sync(scenario)()
    assert len(seen) == 3 * 13
    for viewer, _version, html in seen:
        assert hands_shown(html) == ({viewer} if viewer is not None else set())
        assert f'data-match-version="{_version}"' in html


def test_no_frame_names_a_card_hidden_in_the_other_seats_hand(
    user: Any, other_user: Any, user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo")
    clients = {0: user_client, 1: other_client}

    async def scenario() -> list[tuple[str, set[str]]]:
        sockets = {1: socket(match_id, other_user), None: socket(match_id)}
        checks: list[tuple[str, set[str]]] = []
        for sock in sockets.values():
            assert (await sock.connect())[0]
        for _ in range(10):
            secret = await database_sync_to_async(secret_cards)(user_client, match_id, 0, 1)
            for sock in sockets.values():
                checks.append(((await frame(sock))["html"], secret))
            state = await database_sync_to_async(_state)(user_client, match_id, None)
            seat = state["to_act"]
            mover = await database_sync_to_async(_state)(clients[seat], match_id, seat)
            answer = await database_sync_to_async(act)(clients[seat], mover, mover["legal_actions"][0])
            assert answer.status_code == 200
        for sock in sockets.values():
            await sock.disconnect()
        return checks

    checks = async_to_sync(scenario)()
    assert any(secret for _html, secret in checks), "the test needs hidden cards to look for"
    for html, secret in checks:
        assert not [name for name in secret if name in html]


def test_a_socket_of_a_match_that_does_not_exist_is_closed(db: Any) -> None:
    async def scenario() -> tuple[bool, int | None]:
        sock = socket(999999)
        connected, code = await sock.connect()
        return connected, code

    connected, code = async_to_sync(scenario)()
    assert not connected and code == 4404


def test_a_reconnected_socket_gets_the_current_board_at_once(
    user: Any, other_user: Any, user_client: APIClient, other_client: APIClient, bundled_cards: None
) -> None:
    match_id = between(user_client, other_client, variant="dufo")

    async def scenario() -> tuple[int, int]:
        sock = socket(match_id, other_user)
        await sock.connect()
        before = (await frame(sock))["version"]
        await sock.disconnect()  # the socket drops; the match goes on meanwhile
        state = await database_sync_to_async(_state)(user_client, match_id, 0)
        await database_sync_to_async(act)(user_client, state, state["legal_actions"][0])
        again = socket(match_id, other_user)
        await again.connect()
        after = (await frame(again))["version"]
        await again.disconnect()
        return before, after

    before, after = async_to_sync(scenario)()
    assert after == before + 1


def test_the_group_message_names_the_match_and_carries_no_state(
    user_client: APIClient, other_client: APIClient, bundled_cards: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from channels.layers import get_channel_layer

    from engine.live import push

    sent: list[tuple[str, dict[str, Any]]] = []
    layer = get_channel_layer()

    async def record(group: str, message: dict[str, Any]) -> None:
        sent.append((group, message))

    monkeypatch.setattr(layer, "group_send", record)
    monkeypatch.setattr(push, "_LOOP", None)
    monkeypatch.setattr(push, "InMemoryChannelLayer", type("NoLayer", (), {}))  # publish as Redis would
    match_id = between(user_client, other_client, variant="dufo")
    state = _state(user_client, match_id, 0)
    assert act(user_client, state).status_code == 200
    assert sent and all(message == {"type": "match.changed", "match": match_id} for _group, message in sent)
    assert {group for group, _message in sent} == {f"match.{match_id}"}
