"""Two people play Ka-Mel-Oh! in two browsers (issue 20 item 6): alice challenges bob by name, bob
accepts on his matches page, and each sees the other's moves without reloading, never the other's
hand (not in any WebSocket frame either); an anonymous spectator follows; a dropped socket
reconnects by itself and catches up; then the replay viewer steps through the finished match.

The server is daphne's runserver (``make run``: HTTP and WebSockets on one port) on a seeded
database of its own (users alice and bob)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.looks import open_page
from tests.live.conftest import hands_shown
from tests.live.servers import AsgiServer, asgi_server
from tests.reliability.servers import password

pytestmark = [pytest.mark.browser, pytest.mark.slow]
MARK = "window.__notReloaded = true"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AsgiServer]:
    with asgi_server(tmp_path_factory.mktemp("live"), runserver=True) as running:
        yield running


def _page(browser: Any, server: AsgiServer, user: str | None) -> tuple[Any, list[str]]:
    """A page in a fresh context (signed in as ``user`` unless None) and the WebSocket frames it receives."""
    page = open_page(browser, 1280)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    if user is not None:
        page.goto(f"{server.url}/accounts/login/")
        page.fill("input[name=username]", user)
        page.fill("input[name=password]", password(user))
        page.click("form.stack button[type=submit]")
        page.wait_for_selector(f"header >> text={user}")
    return page, frames


def _version(page: Any) -> int:
    return int(page.locator("[data-match-version]").get_attribute("data-match-version"))


def _wait_version(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('[data-match-version]').dataset.matchVersion) >= v", arg=version
    )


def _act(page: Any) -> None:
    """Click the move that moves the match on: an attack or the end of the turn when there is one."""
    buttons = page.locator(".play-page .actions button")
    preferred = buttons.filter(has_text=re.compile("angreifen|Angriff|beenden|Zug beenden|attack|End", re.I))
    (preferred.first if preferred.count() else buttons.first).click()


def test_two_people_play_a_match_to_the_end_live_and_a_spectator_follows(browser: Any, server: AsgiServer) -> None:
    alice, alice_frames = _page(browser, server, "alice")
    bob, bob_frames = _page(browser, server, "bob")
    watcher, watcher_frames = _page(browser, server, None)

    alice.goto(f"{server.url}/matches/new/?game=kamelo&variant=dufo")
    alice.select_option("select[name=seat_1]", "user")
    alice.fill("input[name=user_1]", "bob")
    alice.fill("input[name=seed]", "11")
    alice.fill("input[name=option_target_points]", "5")
    alice.select_option("select[name=option_first_player]", "0")
    alice.click("form.new-match-form button[type=submit]")
    alice.wait_for_selector("[data-live-status][data-state=live]")
    match_url = alice.url
    alice.evaluate(MARK)

    bob.goto(f"{server.url}/matches/")
    bob.click("form[action*='/accept/'] button")
    bob.wait_for_selector("[data-live-status][data-state=live]")
    bob.evaluate(MARK)
    alice.wait_for_selector(".play-page .actions button")  # bob's acceptance reached alice's page live
    watcher.goto(match_url)
    watcher.wait_for_selector("[data-live-status][data-state=live]")
    watcher.evaluate(MARK)

    pages = {0: alice, 1: bob}
    dropped = False
    for _ in range(400):
        if alice.locator(".result-banner").count():
            break
        to_act = alice.locator("#board").get_attribute("data-to-act")
        mover, other = pages[int(to_act)], pages[1 - int(to_act)]
        before = _version(mover)
        if not dropped and before >= 6:  # bob's socket drops; the match goes on; it comes back alone
            bob.evaluate("window.kartothekLive.drop()")
            dropped = True
        _act(mover)
        _wait_version(mover, before + 1)
        _wait_version(other, _version(mover))
        _wait_version(watcher, _version(mover))
    else:
        pytest.fail("the match did not end")
    assert dropped
    for page in (bob, watcher):
        page.wait_for_selector(".result-banner")
        assert page.evaluate("window.__notReloaded === true")  # every move came without a reload
    assert alice.evaluate("window.__notReloaded === true")

    boards = {"alice": alice_frames, "bob": bob_frames, "watcher": watcher_frames}
    allowed = {"alice": {0}, "bob": {1}, "watcher": set()}
    for who, frames in boards.items():
        assert len(frames) > 10, who
        for raw in frames:
            assert hands_shown(json.loads(raw)["html"]) <= allowed[who], who

    bob.click("a.replay-link")
    bob.wait_for_selector(".replay-page")
    last = int(bob.locator("[data-replay-last]").get_attribute("data-replay-last"))
    assert int(bob.locator("[data-replay-step]").get_attribute("data-replay-step")) == last
    bob.click("a.replay-first")
    bob.wait_for_selector("[data-replay-step='0']")
    bob.click("a.replay-forward")
    bob.wait_for_selector("[data-replay-step='1']")
    bob.click("a.replay-forward")
    bob.click("a.replay-back")
    bob.wait_for_selector("[data-replay-step='1']")
    bob.locator("input[name=step]").fill("5")
    bob.locator("input[name=step]").dispatch_event("change")
    bob.wait_for_selector("[data-replay-step='5']")
    assert "step=5" in bob.url
    bob.select_option("select[name=seat]", "spectator")
    bob.wait_for_selector("[data-replay-step='5']")
    assert "seat=spectator" in bob.url and not hands_shown(bob.content())
    bob.click("a.replay-last")
    bob.wait_for_selector(f"[data-replay-step='{last}'] .result-banner")


def test_without_javascript_the_page_works_by_reload(browser: Any, server: AsgiServer) -> None:
    page = open_page(browser, java_script_enabled=False)
    page.goto(f"{server.url}/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", password("alice"))
    page.click("form.stack button[type=submit]")
    page.goto(f"{server.url}/matches/new/?game=kamelo&variant=dufo")
    page.select_option("select[name=option_first_player]", "0")
    page.click("form.new-match-form button[type=submit]")
    before = _version_of(page)
    page.locator(".play-page .actions button").first.click()  # a plain POST and redirect
    assert _version_of(page) > before


def _version_of(page: Any) -> int:
    return int(page.locator("[data-match-version]").get_attribute("data-match-version"))


def test_the_served_files_exist(server: AsgiServer) -> None:
    import requests

    for name in ("live.js", "replay.js"):
        assert requests.get(f"{server.url}/static/js/{name}", timeout=30).status_code == 200
    assert Path(__file__).exists()
