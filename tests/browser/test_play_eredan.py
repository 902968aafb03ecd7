"""Eredan's board (templates/matches/eredan/board.html) drawn from a seat's view: the six characters
with health, attachments, runes, weakened and dead marks; the round and its bonuses; the pair; the
phase-2 cards in order (face down to the table until revealed); the confrontation broken down; the
points; and a person plays a whole match against the AI through the play page at 1280 and 390 px."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.games.eredan.engine import EredanMatch
from engine.games.eredan.present import PRESENTATION
from tests.browser.looks import open_page
from tests.browser.test_play import _sign_up, overflow, serious_violations, version
from tests.engine.games.eredan.helpers import AWAY, act, side, table, to_discards

# A player's way through the phases: keep the hand, pick the first pair, play the first card.
CHOICES = ("action-keep", "action-pick", "action-play", "action-pass", "action-discard")


def render(match: EredanMatch, viewer: int | None) -> str:
    view = match.view(viewer)
    context: dict[str, Any] = {
        "state": view,
        "player": viewer,
        "seat_names": ["P1 · Anna", "P2 · Computer"],
        "board": PRESENTATION.present(view, viewer),
        "match": None,
    }
    with translation.override("en"):
        return render_to_string("matches/eredan/board.html", context)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_board_shows_six_characters_their_marks_runes_and_attachments() -> None:
    home = side(
        [
            {"slug": "aku", "weakened": True},
            {"slug": "amaya", "dead": True, "health": 0},
            {"slug": "iro", "runes": ["cor"], "attached": ["katana"]},
        ]
    )
    html = render(table(home, side(AWAY)), 0)
    assert html.count('class="mcard eredan-character') == 6
    shown = text(html)
    for name in ("Aku", "Amaya", "Iro", "Aez", "Hares der Brutale", "Zahal"):
        assert name in shown
    assert "health 16/16" in shown and "health 0/18" in shown
    assert "weakened" in shown and "dead" in shown
    assert "Runes 1/3: cor" in shown and "Carries: Katana" in shown
    assert "Round 1" in shown and "P1 is the active player" in shown


def test_the_board_shows_the_pair_bonuses_and_face_down_cards_in_order() -> None:
    match = act(
        table(side(hand=["gluehender-pfeil"]), side(AWAY, hand=["ausweichen"]), round=2), "pick:0:0", "play:p0c3"
    )
    mine, theirs = text(render(match, 0)), text(render(match, 1))
    assert "Fight: Aku against Aez" in mine and "Aez (P2): Round 2: Attack +1." in mine
    assert "Glühender Pfeil (face down, only you see it)" in mine
    assert "Glühender Pfeil" not in theirs and "a face-down card" in theirs
    assert "Ausweichen" in theirs and "Ausweichen" not in mine  # each sees only their own hand


def test_the_board_breaks_the_confrontation_down_and_shows_the_points() -> None:
    match = to_discards(act(table(side(hand=["gluehender-pfeil"]), side(AWAY)), "pick:0:0"), "play:p0c3")
    html = render(match, None)
    shown = text(html)
    assert "P1, first card: Glühender Pfeil" in shown
    assert "replaced by a spell" in shown
    row = re.search(r'<tr data-player="1">(.*?)</tr>', html, re.S)
    assert row is not None and [c for c in re.findall(r"<td>(.*?)</td>", row.group(1))] == [
        "6 − 1",
        "5",
        "0",
        "4",
        "0",
        "16",
    ]
    points = re.findall(r'<strong class="points">(\d+)</strong>', html)
    assert sorted(points) == ["4", "5"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("width", "behaviour"), [(1280, "greedy"), (390, "random")])
def test_a_player_plays_a_whole_eredan_match_against_the_ai(
    live_server: Any, browser: Any, bundled_cards: None, width: int, behaviour: str
) -> None:
    page = open_page(browser, width)
    page.set_default_timeout(15_000)
    _sign_up(page, live_server.url, f"eredan{width}")
    page.goto(f"{live_server.url}/matches/")
    page.click("a.variant[href*='game=eredan'][href*='variant=standard']")
    page.wait_for_selector("form.new-match-form")
    page.select_option("select[name=seat_1]", f"ai:{behaviour}")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=option_max_rounds]", "8")
    page.click("form.new-match-form button[type=submit]")
    page.wait_for_selector(".eredan-board")
    assert page.locator(".eredan-character").count() == 6
    assert serious_violations(page) == [] and overflow(page) == 0
    fought = False
    for _ in range(200):
        if page.locator(".result-banner").count():
            break
        target = next(b.first for kind in CHOICES if (b := page.locator(f".play-page .actions button.{kind}")).count())
        target.scroll_into_view_if_needed()
        scrolled = page.evaluate("window.scrollY")
        before = version(page)
        target.click()
        page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
        assert abs(page.evaluate("window.scrollY") - scrolled) < 2, "the page jumped after a move"
        assert overflow(page) == 0
        if not fought and page.locator(".eredan-confrontation").count():
            fought = True
            assert (
                page.locator(".eredan-played li").count() >= 1
                or "No card" in page.locator(".eredan-played").inner_text()
            )
            assert serious_violations(page) == []
    assert fought
    banner = page.locator(".result-banner").inner_text()
    assert re.search(r"\d+ : \d+", banner), banner
    assert serious_violations(page) == [] and overflow(page) == 0
    page.screenshot(path=f"/tmp/kartothek-eredan-{width}.png", full_page=True)
