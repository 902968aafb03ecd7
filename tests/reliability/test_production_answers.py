"""What gunicorn with DEBUG off answers (issue 19 item 9): JSON only, gunicorn's own refusals included."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import requests

from tests.reliability.servers import LoopbackServer, loopback


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackServer]:
    with loopback(tmp_path_factory.mktemp("production"), workers=1, threads=2) as running:
        yield running


def test_the_browsable_api_is_off_without_debug(server: LoopbackServer) -> None:
    accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # a browser's
    response = requests.get(server.url + "/api/guilds/", headers={"Accept": accept}, timeout=30)
    assert response.status_code == 200 and response.headers["Content-Type"] == "application/json"
    assert response.json()[0]["slug"]


def test_a_url_too_long_for_gunicorn_answers_414_in_json(server: LoopbackServer) -> None:
    response = requests.get(server.url + "/api/cards/?q=" + "x" * 5000, timeout=30)
    assert response.status_code == 414
    assert response.headers["Content-Type"] == "application/json"
    assert response.json()["code"] == "uri_too_long"


def test_pages_carry_the_content_security_policy(server: LoopbackServer) -> None:
    response = requests.get(server.url + "/", timeout=30)
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
