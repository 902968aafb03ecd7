"""A person plays Ka-Mel-Oh! against the AI: sign up, start a match, click a legal action, see the board change."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_up(page: Any, url: str) -> None:
    page.goto(f"{url}/accounts/signup/")
    page.fill("input[name=username]", "spielerin")
    page.fill("input[name=password1]", "ein-langes-Passw0rt!")
    page.fill("input[name=password2]", "ein-langes-Passw0rt!")
    page.click("form.stack button[type=submit]")
    page.wait_for_selector("header >> text=spielerin")


def test_a_player_starts_a_match_and_sends_a_monster_to_the_arena(
    live_server: Any, page: Any, bundled_cards: None
) -> None:
    _sign_up(page, live_server.url)
    page.goto(f"{live_server.url}/matches/")
    page.select_option("select[name=variant]", "dufo")
    page.select_option("select[name=deck]", "sample:kamelo/dufo:1")
    page.fill("input[name=seed]", "7")
    page.click("form.search button[type=submit]")
    page.wait_for_selector(".player.mine.to-act")
    board = page.locator("#board")
    version = int(board.get_attribute("data-version"))
    assert page.locator(".player.mine .arena .mcard:not(.empty)").count() == 0
    play = page.locator(".actions button.action-play").first
    sent = re.fullmatch(r"Send (.+) to the arena \(\d+ Datteln\)", play.inner_text().strip())
    assert sent is not None
    name = sent.group(1)
    play.click()
    page.wait_for_selector(f"#board:not([data-version='{version}'])")
    assert int(page.locator("#board").get_attribute("data-version")) > version
    assert name in page.locator(".player.mine .arena").inner_text()
    assert name in page.locator(".match-log .events").inner_text()
