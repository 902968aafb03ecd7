"""A person plays a whole Realmon match against the greedy AI through the play page, at 1280 and
390 px: sign up, choose realmon/basis, start, click legal actions until the match is over. After
each fight the board breaks the fight value down (category, cards, bonus dice, total); the page
never scrolls sideways, keeps its place after a move, and axe-core finds no critical or serious
violation on the board."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.looks import open_page
from tests.browser.test_play import _sign_up, overflow, serious_violations, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)
CLICKS = 200


def _choose(page: Any) -> Any:
    """The button to press: roll the category, lay without combat cards, or the first choice."""
    buttons = page.locator(".play-page .actions button")
    for wanted in ("button[value='dice']", "button.action-lay"):
        found = page.locator(f".play-page .actions {wanted}")
        if found.count():
            return found.first
    return buttons.first


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_plays_a_whole_realmon_match_against_the_ai(
    live_server: Any, browser: Any, bundled_cards: None, width: int
) -> None:
    page = open_page(browser, width)
    page.set_default_timeout(15_000)
    _sign_up(page, live_server.url, f"realmon{width}")
    page.goto(f"{live_server.url}/matches/")
    page.click("a.variant[href*='game=realmon'][href*='variant=basis']")
    page.wait_for_selector("form.new-match-form")
    assert serious_violations(page) == [] and overflow(page) == 0
    page.select_option("select[name=seat_1]", "ai:greedy")
    page.fill("input[name=seed]", "7")
    page.select_option("select[name=option_first_announcer]", "0")
    page.click("form.new-match-form button[type=submit]")
    page.wait_for_selector(".player.mine")
    assert page.locator("section.round dd.category").count() == 1
    assert serious_violations(page) == [] and overflow(page) == 0
    fights = 0
    for _ in range(CLICKS):
        if page.locator(".result-banner").count():
            break
        target = _choose(page)
        target.scroll_into_view_if_needed()
        scrolled = page.evaluate("window.scrollY")
        before = version(page)
        target.click()
        page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
        assert abs(page.evaluate("window.scrollY") - scrolled) < 2, "the page jumped after a move"
        assert overflow(page) == 0
        if page.locator("section.fight").count() and not fights:
            fights = 1
            shown = page.locator("section.fight").inner_text()
            assert re.search(r"\d", shown) and page.locator("section.fight table.fight-value").count() == 2
            assert serious_violations(page) == []
            page.screenshot(path=f"/tmp/kartothek-realmon-fight-{width}.png", full_page=True)
    banner = page.locator(".result-banner").inner_text()
    assert re.search(r"\d+ : \d+", banner), banner
    assert fights and page.locator(".player.mine details.pile").count() >= 1
    assert serious_violations(page) == [] and overflow(page) == 0
    page.screenshot(path=f"/tmp/kartothek-realmon-{width}.png", full_page=True)
