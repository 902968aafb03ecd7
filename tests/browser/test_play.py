"""A person plays Ka-Mel-Oh! against the AI through the one play page, at 1280 and 390 px: sign up,
choose a variant, start, click legal actions until the match is over. The page keeps the version
in ``data-match-version``, never scrolls sideways, keeps the turn's choices within reach after a
move (no jump), and axe-core finds no critical or serious violation on the list, the new-match form
or the board."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.looks import open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)


def _sign_up(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "ein-langes-Passw0rt!")
    page.fill("input[name=password2]", "ein-langes-Passw0rt!")
    page.click("form.stack button[type=submit]")
    page.wait_for_selector(f"header >> text={name}")


def serious_violations(page: Any) -> list[str]:
    """axe-core's critical and serious violations on the page, as "rule: where" lines."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found if v["impact"] in ("critical", "serious")
    ]


def overflow(page: Any) -> int:
    """How far the page scrolls sideways (0: not at all)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def version(page: Any) -> int:
    return int(page.locator("[data-match-version]").get_attribute("data-match-version"))


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_plays_a_whole_kamelo_match_against_the_ai(
    live_server: Any, browser: Any, bundled_cards: None, width: int
) -> None:
    page = open_page(browser, width)
    _sign_up(page, live_server.url, f"spielerin{width}")
    page.goto(f"{live_server.url}/matches/")
    assert serious_violations(page) == [] and overflow(page) == 0
    page.click("a.variant[href*='variant=dufo']")
    page.wait_for_selector("form.new-match-form")
    assert serious_violations(page) == [] and overflow(page) == 0
    page.select_option("select[name=seat_1]", "ai:greedy")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=option_target_points]", "6")
    page.click("form.new-match-form button[type=submit]")
    page.wait_for_selector(".player.mine")
    assert serious_violations(page) == [] and overflow(page) == 0
    first = page.locator(".play-page .actions button.action-play").first
    # the German page shows the engine's "Send X to the arena (N Datteln)" in German (kamelo phrases)
    sent = re.fullmatch(r"(.+) in die Arena schicken \(\d+ Datteln\)", first.inner_text().strip())
    assert sent is not None
    before = version(page)
    first.click()
    page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
    assert sent.group(1) in page.locator(".player.mine .arena").inner_text()
    assert sent.group(1) in page.locator(".match-log .events").inner_text()
    for _ in range(300):
        if page.locator(".result-banner").count():
            break
        buttons = page.locator(".play-page .actions button")
        chosen = buttons.filter(has_text=re.compile("angreifen|Attack|attack")).first
        target = chosen if chosen.count() else buttons.last
        target.scroll_into_view_if_needed()
        scrolled = page.evaluate("window.scrollY")
        before = version(page)
        target.click()
        page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
        assert abs(page.evaluate("window.scrollY") - scrolled) < 2, "the page jumped after a move"
        assert overflow(page) == 0
    banner = page.locator(".result-banner").inner_text()
    assert re.search(r"\d+ : \d+", banner), banner
    assert serious_violations(page) == [] and overflow(page) == 0
    page.screenshot(path=f"/tmp/kartothek-play-{width}.png", full_page=True)
