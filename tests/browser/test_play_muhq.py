"""A person plays muhq's game through the new-match page and the muhq board, at 1280 and 390 px: a
whole two-player match on Zwei Dörfer against the greedy computer, and a match on The Kraken with
the computer as partner against the engine-run Kraken. The person wants what the engine's greedy
player would choose from the person's own state, and presses it where the board offers it: a move
or an attack on the highlighted field after choosing the unit on the map (its label), a card played
on its field after choosing the card in the hand ("show its fields"), an activation on the unit,
a buy on the store card; what the board does not place, in the shell's list.

After every move the page keeps its width and does not jump: the map stays where it was on the
screen when the move was made on the map. The computer's hand is nowhere in the page's HTML (card
ids are opaque, so its ids are looked for). axe-core finds no critical or serious violation: on
the new-match form, at the start, with a unit's fields highlighted, with the action stack open, at
the end. Screenshots go to docs/screenshots/muhq-*.png with KARTOTHEK_SCREENSHOTS=1 (else /tmp)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.looks import open_page
from tests.browser.test_play import _sign_up, overflow, serious_violations, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)
MOVES = 600
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MATCHES = {  # map: (seed, rounds)
    "zwei-doerfer": (4, 12),
    "the-kraken": (6, 6),
}
# Where the map is on the screen (its top), to see that a move on it does not make the page jump.
MAP_TOP = "() => document.querySelector('.muhq-map').getBoundingClientRect().top"


def wanted(match_id: int) -> tuple[str, list[str]]:
    """The action the greedy player chooses from seat 0's state, and the ids of the cards nobody
    at seat 0 may see (the other seats' hands, every deck, the Kraken's): nowhere in the page."""
    from engine import selectors
    from engine.core.match import Action
    from engine.games import get_game
    from engine.models import Match

    match = Match.objects.get(pk=match_id)
    state = selectors.match_state(match=match, player=0)
    legal = [Action(a["id"], a["label"], a.get("params") or {}) for a in state["legal_actions"]]
    engine = get_game("muhq").engine
    assert engine is not None
    chosen = engine.choose_action("greedy", state, legal, state["version"]).id
    live = selectors.match_live(match=match)
    hidden = [cid for p, side in enumerate(live.state["players"]) if p != 0 for cid in side["hand"]]
    hidden += [cid for side in live.state["players"] for cid in side["deck"]]
    hidden += (live.state.get("kraken") or {}).get("deck", [])
    return chosen, hidden


def press(page: Any, action_id: str) -> tuple[Any, bool]:
    """Make the button of ``action_id`` pressable where the board places it and return it (and
    whether it is on the map); else the button on a card beside the map, else the shell's."""
    on_map = page.locator(f".muhq-over button[value='{action_id}']")
    if on_map.count():
        button = on_map.first
        if not button.is_visible():
            layer = button.locator("xpath=ancestor::div[contains(@class,'muhq-layer')]")
            key = layer.evaluate("l => l.dataset.key")
            labels = page.locator(f"label:has(input[name='muhq-subject'][value='{key}'])")
            next(labels.nth(i) for i in range(labels.count()) if labels.nth(i).is_visible()).click()  # the unit or card
        many = button.locator("xpath=ancestor::details[contains(@class,'muhq-many')]")
        if many.count() and not many.first.evaluate("d => d.open"):
            many.first.locator("summary").click()
        assert button.is_visible(), f"{action_id} shows on the map once its unit or card is chosen"
        return button, True
    for where in (".muhq-activation", ".muhq-sides", ".muhq-draft", ".muhq-list"):
        found = page.locator(f"{where} button[value='{action_id}']")
        if found.count() and found.first.is_visible():
            return found.first, False
    return page.locator(f".turn-panel .actions button[value='{action_id}']").first, False


def make_move(page: Any, button: Any, on_map: bool) -> None:
    button.scroll_into_view_if_needed()
    before, top = version(page), page.evaluate(MAP_TOP)
    label = button.get_attribute("value")
    button.click()
    page.wait_for_selector(f"[data-match-version]:not([data-match-version='{before}'])")
    if on_map:
        now = page.evaluate(MAP_TOP)
        assert abs(now - top) < page.evaluate("window.innerHeight") / 4, f"the map jumped after {label}: {top} → {now}"
    assert overflow(page) == 0, f"the page scrolls sideways after {label}"


def shoot(page: Any, name: str, width: int) -> None:
    """A screenshot for docs/screenshots: the whole page at 1280; on a phone the screen as the
    player sees it with the map at its top (a whole page would draw the pinned choices mid-page).
    docs/screenshots only with KARTOTHEK_SCREENSHOTS=1 (as the builder's and test_pages_look's), else
    /tmp: a test run leaves the checkout as it was."""
    shots = SHOTS if os.environ.get("KARTOTHEK_SCREENSHOTS") else Path("/tmp")
    if width > 900:
        page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
        return
    page.evaluate(
        "window.scrollTo(0, document.querySelector('.muhq-map-zone').getBoundingClientRect().top + window.scrollY)"
    )
    page.screenshot(path=str(shots / f"{name}-{width}.png"))


def start(page: Any, url: str, variant: str, width: int) -> int:
    seed, rounds = MATCHES[variant]
    _sign_up(page, url, f"muhq{variant[:3]}{width}")
    page.goto(f"{url}/matches/new/?game=muhq&variant={variant}")
    page.wait_for_selector("form.new-match-form")
    assert serious_violations(page) == [] and overflow(page) == 0
    page.select_option("select[name=seat_1]", "ai:greedy")
    page.fill("input[name=seed]", str(seed))
    page.fill("input[name=option_max_rounds]", str(rounds))
    page.select_option("select[name=option_first_player]", "0")
    page.click("form.new-match-form button[type=submit]")
    page.wait_for_selector(".muhq-board .muhq-side.mine")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


@pytest.mark.timeout(1800)  # a whole match of many moves; only a hang reaches this
@pytest.mark.parametrize("variant", list(MATCHES))
@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_plays_a_whole_muhq_match(
    live_server: Any, browser: Any, bundled_cards: None, width: int, variant: str
) -> None:
    page = open_page(browser, width)
    match_id = start(page, live_server.url, variant, width)
    assert page.locator(".muhq-tile[role=img]").count() > 0
    assert serious_violations(page) == [] and overflow(page) == 0
    audited: set[str] = set()
    on_map_moves = hidden_checked = 0
    for _ in range(MOVES):
        if page.locator(".result-banner").count():
            break
        page.wait_for_selector(".turn-panel .actions button")
        chosen, hidden = wanted(match_id)
        html = page.content()
        assert not [cid for cid in hidden if cid in html], "a hidden card's id is in the page"
        hidden_checked += len(hidden)
        button, on_map = press(page, chosen)
        for moment, now in (("fields", on_map), ("stack", page.locator(".muhq-stack").count() > 0)):
            if now and moment not in audited:
                audited.add(moment)
                assert serious_violations(page) == [], moment
                shoot(page, f"muhq-{variant}-{moment}", width)
        on_map_moves += on_map
        make_move(page, button, on_map)
    banner = page.locator(".result-banner").inner_text()
    assert banner and page.locator(".turn-panel").count() == 0
    assert serious_violations(page) == [] and overflow(page) == 0
    assert on_map_moves > 0 and "fields" in audited and hidden_checked > 0
    shoot(page, f"muhq-{variant}-end", width)


# P2's (the computer's) Soldat attacks P1's; P1 holds Pfeilhagel, so the attack waits on the stack
# while P1 may answer (M15, as the scenario m15_the_window_asks_the_other_seat, seats swapped).
STACK_POSITION = {
    "active": 1,
    "players": [{"hand": ["pfeilhagel"], "resources": 6}, {}],
    "permanents": [{"card": "soldat", "owner": 1, "x": 2, "y": 6}, {"card": "soldat", "owner": 0, "x": 3, "y": 6}],
}


def at_stack_position(match_id: int) -> None:
    """The match's state replaced by STACK_POSITION after P2's attack (its log no longer fits: this
    match is only looked at, never replayed)."""
    from engine.games import get_game
    from engine.models import Match

    engine = get_game("muhq").engine
    assert engine is not None
    live = engine.from_setup(STACK_POSITION, variant="zwei-doerfer", seed=1, options={})  # type: ignore[attr-defined]
    live.apply(1, "activate:m0")
    live.apply(1, "attack:m0:m1")
    assert live.to_act == 0, "P1 is asked to respond"
    Match.objects.filter(pk=match_id).update(state=live.to_json())


@pytest.mark.parametrize("width", WIDTHS)
def test_the_action_stack_shows_while_the_player_may_respond(
    live_server: Any, browser: Any, bundled_cards: None, width: int
) -> None:
    """Issue 16 item 7: the board shows the action stack while responses are open, with the
    answers the player has (pass, or a spell on the attacker), and resolves it on a pass."""
    page = open_page(browser, width)
    match_id = start(page, live_server.url, "zwei-doerfer", width)
    at_stack_position(match_id)
    page.reload()
    stack = page.locator(".muhq-stack")
    stack.wait_for()
    assert stack.is_visible() and "S2: greift mit Soldat Soldat an" in stack.inner_text()  # the page's language
    assert page.locator(".turn-panel .actions button[value='pass']").count() == 1
    assert page.locator(".turn-panel .actions button[value='pass']").inner_text().startswith("Passen")
    assert page.locator(".turn-panel .actions button[value='spell:p0c0:m0']").count() == 1
    assert serious_violations(page) == [] and overflow(page) == 0
    shoot(page, "muhq-zwei-doerfer-stack", width)
    toggle = page.locator("[data-panel-toggle]")
    if width < 900:
        # the panel pinned to the screen's bottom folds away so the stack it answers shows
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "false" and toggle.inner_text() == "Einblenden"
        assert page.locator("#turn-body").is_hidden()
        stack.scroll_into_view_if_needed()
        assert uncovered(page, ".muhq-stack"), "the folded panel still covers the stack"
        shoot(page, "muhq-zwei-doerfer-stack-folded", width)
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true" and toggle.inner_text() == "Ausblenden"
    else:
        assert toggle.is_hidden(), "a panel beside the board has nothing to fold"
    make_move(page, page.locator(".turn-panel .actions button[value='pass']").first, False)
    assert page.locator(".muhq-stack").count() == 0, "everyone passed: the attack resolved"


# Whether the middle of the element ``selector`` is what the screen shows there (nothing above it).
UNCOVERED = """(selector) => {
  const el = document.querySelector(selector);
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height, innerHeight) / 2);
  return el.contains(top);
}"""


def uncovered(page: Any, selector: str) -> bool:
    return bool(page.evaluate(UNCOVERED, selector))


# What the live socket does when the match changes (static/js/live.js): the board as the server now
# shows it, morphed into the page.
LIVE_MORPH = """async () => {
  const html = await (await fetch(location.href)).text();
  const next = new DOMParser().parseFromString(html, "text/html").getElementById("board");
  Idiomorph.morph(document.getElementById("board"), next.innerHTML, { morphStyle: "innerHTML" });
  await new Promise((done) => setTimeout(done, 50));
}"""


def test_a_folded_turn_panel_stays_folded_while_the_board_changes(
    live_server: Any, browser: Any, bundled_cards: None
) -> None:
    """The folded panel (a phone's choice for the tab) outlives the board's updates while the player
    waits (the live socket's morph) and a reload; unfolded, it shows the actions again and stays open
    through the player's own move (htmx's morph)."""
    page = open_page(browser, 390)
    match_id = start(page, live_server.url, "zwei-doerfer", 390)
    at_stack_position(match_id)
    page.reload()
    toggle = page.locator("[data-panel-toggle]")
    make_move(page, page.locator(".turn-panel .actions button[value='pass']").first, False)
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#turn-body").is_hidden()
    at_stack_position(match_id)  # the match changes behind the page's back
    page.evaluate(LIVE_MORPH)
    assert page.locator(".muhq-stack").count() == 1, "the morph brought the new board"
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#turn-body").is_hidden()
    page.reload()
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#turn-body").is_hidden()
    assert serious_violations(page) == []
    toggle.click()
    assert page.locator("#turn-body").is_visible()
    make_move(page, page.locator(".turn-panel .actions button[value='pass']").first, False)
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#turn-body").is_visible()
