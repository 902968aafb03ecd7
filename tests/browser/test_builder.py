"""A player builds a deck in the builder at 1280 and 390 px, as issue 17 found it and wants it: the
cards named (never slugged) on the board, in the text box and the export; the search beside the
deck (a tab on a phone); compact steppers; typed text never lost to a click; delete and replace
asked first; recognised and unknown cards counted apart; the hint's examples finding cards; the
charge bar against quilingo's 500; a preview on hover; copying a public deck; axe-core finding no
critical or serious violation (nor a heading-order one) and the page never scrolling sideways."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.looks import open_page
from tests.browser.test_play import overflow, serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "ein-langes-Passw0rt!"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# A Kotoba deck written by slugs (as the old builder's buttons wrote it), with two unknown cards.
KOTOBA = """Characters
1 iro
1 amaya
1 aku

Deck
3 katana
3 wakizashi
2 ehrenkodex
2 tee-zeremonie
2 heiltrank
2 kurzschwert
2 lederruestung
2 konter
2 gibt-es-nicht
"""


@pytest.fixture
def player(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("baumeisterin", password=PASSWORD)


def deck_of(owner: Any, text: str = KOTOBA, fmt: str = "eredan/quilingo", **fields: Any) -> Any:
    from decks.models import Deck

    return Deck.objects.create(owner=owner, name=fields.pop("name", "Kotoba-Klingen"), format=fmt, list=text, **fields)


@pytest.fixture
def desk(browser: Any) -> Iterator[Any]:
    page = open_page(browser)
    yield page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    page = open_page(browser, 390)
    yield page


@pytest.fixture
def kotoba(live_server: Any, desk: Any, bundled_cards: None, player: Any) -> Any:
    """The player's Kotoba deck, open in the builder on a desktop."""
    deck = deck_of(player)
    sign_in(desk, live_server.url)
    open_builder(desk, live_server.url, deck)
    return deck


def sign_in(page: Any, url: str, username: str = "baumeisterin") -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.stack button[type=submit]")
    page.wait_for_selector(f"header >> text={username}")


def open_builder(page: Any, url: str, deck: Any) -> None:
    page.goto(f"{url}/decks/{deck.pk}/")
    page.wait_for_function("window.htmx !== undefined")


def board_names(page: Any) -> list[str]:
    return [
        t.strip()
        for t in page.locator(".deck-board td.card-name > a, .deck-board td.card-name > span").all_inner_texts()
    ]


def test_the_board_the_text_box_and_the_export_name_cards_not_slugs(live_server: Any, desk: Any, kotoba: Any) -> None:
    deck = kotoba
    names = board_names(desk)
    assert "Katana" in names and "Tee-Zeremonie" in names and "Lederrüstung" in names, names
    assert "katana" not in names and "tee-zeremonie" not in names
    text = desk.locator("#id_list").input_value()
    assert "3 Katana" in text and "2 Tee-Zeremonie" in text and "tee-zeremonie" not in text
    assert "2 gibt-es-nicht" in text  # an unknown name stays as written
    desk.fill("#search-q", "Dolch")
    desk.wait_for_selector("#search-results li.result[data-card=dolch]")
    desk.locator("#search-results li.result[data-card=dolch] button.add").first.click()
    desk.wait_for_selector(".deck-board >> text=Dolch")
    deck.refresh_from_db()
    assert "1 Dolch" in deck.list and "dolch" not in deck.list
    export = desk.request.get(f"{live_server.url}/decks/{deck.pk}/export.txt").text()
    assert "3 Katana" in export and "1 Dolch" in export and "\n3 katana" not in export


@pytest.mark.parametrize("width", (1280, 390))
def test_the_builder_is_compact_beside_the_search_accessible_and_never_scrolls_sideways(
    live_server: Any, browser: Any, bundled_cards: None, player: Any, width: int
) -> None:
    deck = deck_of(player)
    page = open_page(browser, width)
    sign_in(page, live_server.url)
    open_builder(page, live_server.url, deck)
    row = page.locator(".deck-board tr.board-row").first.bounding_box()
    plus = page.locator(".deck-board tr.board-row button.step").first.bounding_box()
    assert row["height"] < 48 and plus["width"] < 48, (row, plus)  # not full-width, not stacked
    assert overflow(page) == 0
    assert serious_violations(page) == []
    assert heading_order(page) == []
    search = page.locator("#search-pane")
    if width == 1280:  # beside the deck, within the first screen
        box, deck_box = search.bounding_box(), page.locator("#deck-pane").bounding_box()
        assert box["x"] > deck_box["x"] + deck_box["width"] - 1 and box["y"] < 400, (box, deck_box)
        page.fill("#search-q", "Klinge")
        page.wait_for_selector("#search-results[data-q=Klinge] li.result")
        assert serious_violations(page) == []
        page.screenshot(path=str(screenshot("builder-1280.png")), full_page=True)
    else:  # a tab away
        assert not search.is_visible()
        page.screenshot(path=str(screenshot("builder-390.png")), full_page=False)
        page.click(".builder-tabs button[data-show=search]")
        page.wait_for_selector("#search-pane", state="visible")
        assert not page.locator("#deck-pane").is_visible()
        page.fill("#search-q", "Klinge")
        page.wait_for_selector("#search-results li.result")
        assert overflow(page) == 0 and serious_violations(page) == []
        page.screenshot(path=str(screenshot("builder-390-search.png")), full_page=False)
        page.click(".builder-tabs button[data-show=deck]")
        page.wait_for_selector("#deck-pane", state="visible")
    page.context.close()


def heading_order(page: Any) -> list[str]:
    """axe-core's heading-order findings (a moderate rule, which serious_violations leaves out)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": ["heading-order"]}).response["violations"]
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found]


def screenshot(name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / name if os.environ.get("KARTOTHEK_SCREENSHOTS") else Path("/tmp") / f"kartothek-{name}"


def test_the_deck_list_never_scrolls_sideways_on_a_phone(
    live_server: Any, phone: Any, bundled_cards: None, player: Any
) -> None:
    deck_of(player, name="Ein Deck mit einem recht langen Namen, der auf ein Telefon passen muss")
    deck_of(player, public=True, name="Öffentlich")
    sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/decks/")
    assert overflow(phone) == 0
    assert serious_violations(phone) == []


def test_typed_text_survives_a_click_on_plus(live_server: Any, desk: Any, kotoba: Any) -> None:
    deck = kotoba
    desk.click("#deck-text-box summary")
    box = desk.locator("#id_list")
    box.fill(box.input_value() + "2 Dolch\n")
    desk.wait_for_selector("#unsaved-note", state="visible")
    desk.wait_for_selector(".deck-board >> text=Dolch")  # the board previews the typed text
    desk.locator("tr.board-row[data-card=katana] button.step[title]").nth(0).click()  # minus one Katana
    desk.wait_for_selector("#unsaved-note", state="hidden")
    text = desk.locator("#id_list").input_value()
    assert "2 Dolch" in text and "2 Katana" in text, text
    deck.refresh_from_db()
    assert "2 Dolch" in deck.list and "2 Katana" in deck.list


def test_deleting_a_deck_asks_first(live_server: Any, desk: Any, bundled_cards: None, player: Any) -> None:
    from decks.models import Deck

    deck = deck_of(player)
    sign_in(desk, live_server.url)
    open_builder(desk, live_server.url, deck)
    asked: list[str] = []
    desk.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    desk.click("a.danger")
    assert asked and "Kotoba-Klingen" in asked[0]
    assert Deck.objects.filter(pk=deck.pk).exists() and f"/decks/{deck.pk}/" in desk.url
    desk.once("dialog", lambda dialog: dialog.accept())
    desk.click("a.danger")
    desk.wait_for_url(f"{live_server.url}/decks/")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_deleting_without_javascript_asks_on_a_page_of_its_own(
    live_server: Any, desk: Any, bundled_cards: None, player: Any
) -> None:
    from decks.models import Deck

    deck = deck_of(player)
    sign_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/decks/{deck.pk}/delete/")
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert serious_violations(desk) == []
    desk.click("button.danger")
    desk.wait_for_url(f"{live_server.url}/decks/")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_replacing_the_list_asks_first(live_server: Any, desk: Any, kotoba: Any) -> None:
    deck = kotoba
    desk.click(".deck-import summary")
    desk.fill("#id_import_list", "1 Iro\n")
    desk.check("input[name=mode][value=replace]")
    desk.once("dialog", lambda dialog: dialog.dismiss())
    desk.click(".deck-import button[type=submit]")
    deck.refresh_from_db()
    assert "Katana" in deck.list or "katana" in deck.list
    desk.once("dialog", lambda dialog: dialog.accept())
    desk.click(".deck-import button[type=submit]")
    desk.wait_for_selector(".messages")
    deck.refresh_from_db()
    assert deck.list.strip() == "1 Iro"


def test_the_board_and_the_verdict_count_the_same_cards(live_server: Any, desk: Any, kotoba: Any) -> None:
    heading = desk.locator(".deck-section h3").nth(1).inner_text()  # Deck (18 + 2 unknown)
    verdict = desk.locator("#validation .verdict").inner_text()
    board = int(re.search(r"\((\d+)", heading).group(1))
    assert board == 18, heading
    assert re.search(r"\b21\b", verdict) and "2" in verdict, verdict  # 3 characters + 18, 2 apart


@pytest.mark.parametrize("game", ["eredan", "kamelo", "realmon", "duel", "muhq"])
def test_the_hints_examples_find_cards(
    live_server: Any, desk: Any, bundled_cards: None, player: Any, game: str
) -> None:
    from engine.games import get_game

    fmt = next(iter(get_game(game).formats))
    deck = deck_of(player, "", fmt)
    sign_in(desk, live_server.url)
    open_builder(desk, live_server.url, deck)
    examples = desk.locator("#search-hint code").all_inner_texts()
    assert examples
    for example in examples:
        desk.fill("#search-q", example)
        desk.wait_for_selector(f"#search-results[data-q='{example}'] li.result")


def test_exact_and_prefix_matches_come_first(live_server: Any, desk: Any, kotoba: Any) -> None:
    desk.fill("#search-q", "Klinge")
    desk.wait_for_selector("#search-results[data-q=Klinge] li.result")
    first = desk.locator("#search-results li.result").first.get_attribute("data-card")
    assert first == "klinge-der-morgenroete"  # before "Iro, Meister der Klinge"


def test_the_charge_bar_says_how_far_over_500_a_quilingo_deck_is(
    live_server: Any, desk: Any, bundled_cards: None, player: Any
) -> None:
    deck = deck_of(player, KOTOBA.replace("3 katana", "3 klinge-der-morgenroete"))
    sign_in(desk, live_server.url)
    open_builder(desk, live_server.url, deck)
    bar = desk.locator(".charge-bar").inner_text()
    assert "600 / 500" in bar and "100" in bar and "Karte" not in bar and "-" not in bar, bar
    assert desk.locator(".charge-bar meter").get_attribute("value") == "600"
    charge = desk.locator("tr.board-row[data-card=klinge-der-morgenroete] td.charge").inner_text()
    assert "200" in charge


def test_a_card_shows_its_picture_on_hover(live_server: Any, desk: Any, kotoba: Any) -> None:
    desk.hover("tr.board-row[data-card=katana] td.card-name a")
    desk.wait_for_selector("#card-preview:not([hidden])")
    assert "/cards/eredan/katana/face.svg" in desk.locator("#card-preview img").get_attribute("src")
    desk.mouse.move(5, 5)
    desk.wait_for_selector("#card-preview", state="hidden")


def test_a_card_shows_its_picture_on_a_first_tap(
    live_server: Any, browser: Any, bundled_cards: None, player: Any
) -> None:
    page = open_page(browser, 390, has_touch=True, is_mobile=True)
    deck = deck_of(player)
    sign_in(page, live_server.url)
    open_builder(page, live_server.url, deck)
    page.tap("tr.board-row[data-card=katana] td.card-name a")
    page.wait_for_selector("#card-preview:not([hidden])")
    assert f"/decks/{deck.pk}/" in page.url  # the first tap shows, it does not leave


def test_a_player_copies_a_public_deck_into_their_own(
    live_server: Any, desk: Any, bundled_cards: None, player: Any, django_user_model: Any
) -> None:
    from decks.models import Deck

    other = django_user_model.objects.create_user("andere", password=PASSWORD)
    deck = deck_of(other, public=True, name="Zum Nachbauen")
    sign_in(desk, live_server.url)
    open_builder(desk, live_server.url, deck)
    assert desk.locator("#search-pane").count() == 0
    desk.click(".deck-links button.linkish")
    desk.wait_for_selector("#search-pane")
    copy = Deck.objects.get(owner=player)
    assert copy.list == deck.list and copy.format == deck.format and not copy.public
    assert f"/decks/{copy.pk}/" in desk.url and "Zum Nachbauen" in desk.locator("h1").inner_text()
