"""The live pages on real servers: daphne's runserver (``make run``) serves pages and WebSockets on
one port; with Redis, two gunicorn/uvicorn processes (``make serve``) deliver each other's updates."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.live.servers import AsgiServer, Feed, asgi_server, sign_in
from tests.reliability.servers import seeded_database

pytestmark = [pytest.mark.slow]


def _match(server: AsgiServer) -> int:
    """A dufo match of alice and bob (bob accepted), through the API with their tokens."""
    from engine.core.samples import sample_decks

    alice, bob = server.session("alice"), server.session("bob")
    decks = [{"format": "kamelo/dufo", "list": d["list"]} for d in sample_decks("kamelo/dufo")[:2]]
    body = {"game": "kamelo", "variant": "dufo", "decks": decks, "seed": 3, "options": {"first_player": 0},
            "players": [{"kind": "human"}, {"kind": "human", "user": "bob"}]}  # fmt: skip
    created = alice.post(server.url + "/api/matches/", json=body, timeout=60)
    assert created.status_code == 201, created.text
    for row in bob.get(server.url + "/api/invitations/", timeout=30).json()["results"]:
        assert bob.post(server.url + f"/api/invitations/{row['id']}/accept/", timeout=30).status_code == 200
    return int(created.json()["id"])


def _act(server: AsgiServer, base: str, match_id: int, user: str, seat: int) -> int:
    session = server.session(user)
    state = session.get(f"{base}/api/matches/{match_id}/?player={seat}", timeout=30).json()
    body = {"player": seat, "action": state["legal_actions"][0]["id"], "version": state["version"]}
    answer = session.post(f"{base}/api/matches/{match_id}/actions/", json=body, timeout=60)
    assert answer.status_code == 200, answer.text
    return int(answer.json()["version"])


def test_runserver_serves_the_page_and_its_socket_on_one_port(tmp_path: Path) -> None:
    with asgi_server(tmp_path, runserver=True) as server:
        match_id = _match(server)
        bob = sign_in(server, "bob")
        page = bob.get(f"{server.url}/matches/{match_id}/", timeout=30)
        assert page.status_code == 200 and 'data-live-socket="/ws/matches/' in page.text
        assert bob.get(f"{server.url}/static/js/live.js", timeout=30).status_code == 200
        feed = Feed(server.url, match_id, bob)
        try:
            first = feed.until(0)[1]
            version = _act(server, server.url, match_id, "alice", 0)
            pushed = feed.until(version)[1]
        finally:
            feed.close()
        assert pushed["version"] == version and 'class="hand"' in pushed["html"]
        assert first["version"] < version


def test_a_socket_from_another_origin_is_refused(tmp_path: Path) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with asgi_server(tmp_path, runserver=True) as server:
        url = server.url.replace("http", "ws", 1) + "/ws/matches/1/"
        with pytest.raises(InvalidStatus):
            connect(url, additional_headers={"Origin": "http://evil.example"}).close()


def test_with_redis_two_server_processes_deliver_each_others_updates(tmp_path: Path, spare_redis_url: str) -> None:
    env = {"REDIS_URL": spare_redis_url, "CHANNELS_PREFIX": f"live-test-{uuid.uuid4().hex[:8]}"}
    with seeded_database(tmp_path) as database:
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with (
            AsgiServer(database, tmp_path / "a", workers=1, env=env) as one,
            AsgiServer(database, tmp_path / "b", workers=1, env=env) as two,
        ):
            match_id = _match(one)
            spectator = Feed(two.url, match_id)  # watching on the second process
            try:
                spectator.until(0)
                version = _act(one, one.url, match_id, "alice", 0)  # the action on the first
                pushed = spectator.until(version)[1]
                back = Feed(one.url, match_id)
                back.until(version)
                seat = _to_act(two, match_id)
                version = _act(two, two.url, match_id, ("alice", "bob")[seat], seat)  # and one on the second
                assert back.until(version)[1]["version"] == version
                back.close()
            finally:
                spectator.close()
    assert pushed["version"] >= 1 and 'class="hand"' not in pushed["html"]


def _to_act(server: AsgiServer, match_id: int) -> Any:
    return server.session("alice").get(f"{server.url}/api/matches/{match_id}/", timeout=30).json()["to_act"]
