"""A person plays a whole duel against the computer through the new-match page and the duel board,
at 1280 and 390 px, always wanting the same: attack, else summon in attack position, set a trap,
equip a weapon, else the last choice of the shell's list (end the turn, go on from the positions,
pass on a trap, the last target or discard). At 1280 the choice is taken on the board, on the card
it acts on; at 390 too, where the shell pins its list to the bottom of the screen below the board
(then the board must offer the same choice on its card as the list does).

After every move the page keeps its width and does not jump away: the part of it the player acted
in (the zone of the field, the hand, the turn panel) stays on the screen near where it was, and on
a phone the turn panel, pinned to the screen's bottom, stays wholly on the screen. The opponent's face-down traps are drawn face down and their
names are nowhere in the page's HTML while they are face down (unless the same card is public
elsewhere: a copy in a graveyard, say). axe-core finds no critical or serious violation, and the
result is shown at the end."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.looks import open_page
from tests.browser.test_play import _sign_up, overflow, serious_violations, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)
SEED = 11  # the computer sets a trap face down on its first turn
MOVES = 400
WANTED = ("attack", "summon", "set", "equip")  # action kinds, most wanted first
BOARD = {  # where the board offers each of them: on the attacking creature, on the hand card
    "attack": ".duel-bottom .duel-creatures .duel-act.action-attack",
    "summon": ".duel-bottom .duel-hand .duel-act.action-summon",
    "set": ".duel-bottom .duel-hand .duel-act.action-set",
    "equip": ".duel-bottom .duel-hand .duel-act.action-equip",
}
# The part of the page a button is in (a zone of a field, the hand, the turn panel), as a selector.
ZONE = """b => {
  const names = ["duel-hand-zone", "duel-creatures", "duel-support", "duel-side", "turn-panel"];
  const zone = b.closest(names.map(n => "." + n).join(", "));
  const field = b.closest(".duel-field");
  const where = field ? (field.classList.contains("duel-top") ? ".duel-top " : ".duel-bottom ") : "";
  return where + "." + names.find(n => zone.classList.contains(n));
}"""
# The page's scroll position and where a zone is on the screen: its top, or for the turn panel where it
# is pinned to the screen's bottom (a phone; its height follows its choices) its bottom.
PLACE = """z => {
  const zone = document.querySelector(z), box = zone.getBoundingClientRect();
  return [window.scrollY, getComputedStyle(zone).position === "sticky" ? box.bottom : box.top];
}"""
# Where the turn panel is on the screen when it is pinned (a phone): [top, bottom], else null.
PINNED = """() => {
  const panel = document.querySelector(".turn-panel");
  if (!panel || getComputedStyle(panel).position !== "sticky") return null;
  const box = panel.getBoundingClientRect();
  return [box.top, box.bottom];
}"""


def hidden_traps(match_id: int) -> tuple[int, list[str]]:
    """The number of the computer's face-down cards and the names of those among them that are
    public nowhere else (not in the human's view, the table's log or the public action rows)."""
    from engine import selectors
    from engine.models import Match

    match = Match.objects.get(pk=match_id)
    live = selectors.match_live(match=match)
    face_down = [e["card"]["name"] for e in live.view(1)["players"][1]["support"] if e["face_down"]]
    public = json.dumps(
        [live.view(0), live.state["log"], selectors.match_log_rows(match=match, viewer={0}, limit=10_000)],
        ensure_ascii=False,
    )
    return len(face_down), [name for name in face_down if name not in public]


def next_button(page: Any, on_board: bool) -> tuple[Any, bool]:
    """The button to press (on the board or in the shell's list) and whether it is on the board."""
    for kind in WANTED:
        listed = page.locator(f".turn-panel .actions button.action-{kind}")
        if listed.count():
            value = listed.first.get_attribute("value")
            placed = page.locator(f"{BOARD[kind]}[value='{value}']")
            assert placed.count(), f"the board offers {value} on its card"
            return (placed.first, True) if on_board else (listed.first, False)
    return page.locator(".turn-panel .actions button").last, False


def make_move(page: Any, button: Any, on_board: bool) -> None:
    """Press ``button`` and wait for the next version. The page must not jump away: the zone the
    player acted in stays on the screen, within a quarter of the screen's height of where it was
    (its content may change: a creature falls, a card is played), and the page never scrolls
    sideways; the turn panel, where pinned to the screen's bottom, stays wholly on the screen."""
    button.scroll_into_view_if_needed()
    zone = button.evaluate(ZONE)
    scrolled, top = page.evaluate(PLACE, zone)
    label, before = button.inner_text(), version(page)
    button.click()
    page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
    height = page.evaluate("window.innerHeight")
    if page.locator(zone).count():  # the turn panel is gone once the match is over
        now_scrolled, now_top = page.evaluate(PLACE, zone)
        assert abs(now_top - top) < height / 4, f"{zone} jumped on the screen after {label!r}: {top} → {now_top}"
        assert on_board or abs(now_scrolled - scrolled) < height / 4, f"the page jumped after {label!r}"
    pinned = page.evaluate(PINNED)
    assert pinned is None or pinned[0] >= 0 and pinned[1] <= height + 1, f"the pinned choices left the screen: {pinned}"
    assert overflow(page) == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_plays_a_whole_duel_against_the_ai(
    live_server: Any, browser: Any, bundled_cards: None, width: int
) -> None:
    page = open_page(browser, width)
    _sign_up(page, live_server.url, f"duellantin{width}")
    page.goto(f"{live_server.url}/matches/")
    page.click("a.variant[href*='game=duel']")
    page.wait_for_selector("form.new-match-form")
    assert serious_violations(page) == [] and overflow(page) == 0
    page.select_option("select[name=seat_1]", "ai:greedy")
    page.fill("input[name=seed]", str(SEED))
    page.click("form.new-match-form button[type=submit]")
    page.wait_for_selector(".duel-field.mine")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert serious_violations(page) == [] and overflow(page) == 0
    traps_checked = from_board = 0
    audited: set[str] = set()
    for _ in range(MOVES):
        if page.locator(".result-banner").count():
            break
        page.wait_for_selector(".turn-panel .actions button")
        count, unnamed = hidden_traps(match_id)
        assert page.locator(".duel-top .duel-back").count() == count, "each face-down card of the computer is drawn"
        html = page.content()
        for name in unnamed:
            assert name not in html, f"the face-down {name} is named in the page"
            traps_checked += 1
        for moment, now in (("trap", count > 0), ("attack", page.locator(BOARD["attack"]).count() > 0)):
            if now and moment not in audited:  # axe once with a face-down trap, once with attack buttons
                audited.add(moment)
                assert serious_violations(page) == [], moment
        button, on_board = next_button(page, on_board=True)
        from_board += on_board
        make_move(page, button, on_board)
    banner = page.locator(".result-banner").inner_text()
    assert re.search(r"\d+ : \d+", banner), banner
    assert page.locator(".duel-field").count() == 2 and page.locator(".turn-panel").count() == 0
    assert serious_violations(page) == [] and overflow(page) == 0
    assert traps_checked > 0 and audited == {"trap", "attack"}
    assert from_board > 0
    page.screenshot(path=f"/tmp/kartothek-play-duel-{width}.png", full_page=True)
