"""The gallery as a daily user meets it (issue 17 item 2): a game switch that starts afresh, sort
orders, the exact name first, Back with the query, filters folded on a phone, translated labels."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.looks import open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _names(page: Any) -> list[str]:
    return [n.strip() for n in page.locator(".card-tile .name").all_inner_texts()]


def test_switching_the_game_resets_its_heading_and_filters(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=eredan&type=character")
    page.wait_for_function("window.htmx !== undefined")
    page.select_option("select[name=game]", "kamelo")
    page.wait_for_selector("h1 >> text=Ka-Mel-Oh!")
    assert "type=" not in page.url
    assert page.locator("select[name=type]").input_value() == ""
    assert len(_names(page)) > 0


def test_a_type_of_another_game_in_the_url_is_dropped(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=kamelo&type=character")
    assert len(_names(page)) > 0


def test_the_gallery_sorts_by_an_attribute_both_ways(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=kamelo&type=monster")
    page.wait_for_function("window.htmx !== undefined")
    page.select_option("select[name=order]", "-ap")
    page.wait_for_url("**order=-ap**")
    page.wait_for_function("document.querySelectorAll('.card-tile').length > 0")
    highest = _names(page)
    page.select_option("select[name=order]", "ap")
    page.wait_for_url("**order=ap**")
    page.wait_for_function(f"document.querySelector('.card-tile .name').innerText.trim() !== {highest[0]!r}")
    assert _names(page)[0] != highest[0]
    labels = page.locator("select[name=order] option").all_inner_texts()
    assert any("Angriffspunkte" in label for label in labels)


def test_the_card_named_as_searched_comes_first(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=eredan&q=Iro")
    assert _names(page)[0] == "Iro"


def test_back_restores_the_query_and_its_results(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=eredan")
    page.wait_for_function("window.htmx !== undefined")
    page.fill("input[name=q]", "telendar")
    page.click("form.search button[type=submit]")
    page.wait_for_url("**q=telendar**")
    page.wait_for_function("document.querySelectorAll('.card-tile').length === 1")
    page.click(".card-tile a")
    page.wait_for_selector("h1 >> text=Telendar")
    page.go_back()
    page.wait_for_selector(".card-tile >> text=Telendar")
    assert page.locator("input[name=q]").input_value() == "telendar"
    assert page.locator(".card-tile").count() == 1


def test_the_filters_are_folded_on_a_phone(live_server: Any, browser: Any, bundled_cards: None) -> None:
    phone = open_page(browser, 390)
    phone.goto(f"{live_server.url}/cards/?game=eredan")
    assert not phone.locator("select[name=type]").is_visible()
    first_card = phone.locator(".card-tile").first.bounding_box()
    assert first_card["y"] < 900  # a card within the first screen
    phone.click("details.filters > summary")
    assert phone.locator("select[name=type]").is_visible()
    desktop = open_page(browser, 1280)
    desktop.goto(f"{live_server.url}/cards/?game=eredan")
    assert desktop.locator("select[name=type]").is_visible()


def test_types_show_translated_labels(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=kamelo")
    options = page.locator("select[name=type] option").all_inner_texts()
    assert "Spezialmonster" in options and "special_monster" not in options
    assert "special_monster" not in page.locator("#results").inner_text()
