"""A person's first visit: open the gallery, search for a card, open it."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_searches_the_gallery_and_opens_a_card(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/")
    page.click("text=Eredan iTCG")
    page.fill("input[name=q]", "telendar")
    page.click("form.search button[type=submit]")
    page.wait_for_selector(".card-tile >> text=Telendar")
    assert page.locator(".card-tile").count() >= 1
    page.click(".card-tile >> text=Telendar")
    page.wait_for_selector("h1 >> text=Telendar")
    assert "/cards/eredan/telendar/" in page.url
    assert page.locator("dl.fields >> text=Zil").count() == 1


def test_a_bad_query_shows_the_offending_term(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/?game=eredan&q=nosuchfield:1")
    assert "nosuchfield" in page.locator("p.error").inner_text()


def test_a_bad_query_typed_in_the_box_shows_the_offending_term(
    live_server: Any, page: Any, bundled_cards: None
) -> None:
    """With htmx the form swaps only the results: the 400 answer's message must be swapped in too."""
    page.goto(f"{live_server.url}/cards/?game=eredan")
    page.wait_for_function("window.htmx !== undefined")
    page.fill("input[name=q]", "nosuchfield:1")
    page.click("form.search button[type=submit]")
    page.wait_for_selector("p.error >> text=nosuchfield")
    assert "nosuchfield" in page.url  # the pushed URL keeps the query


def test_the_language_switch_changes_the_interface(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/")
    page.click("button[name=language][value=en]")
    page.wait_for_selector("nav >> text=Collection")
    page.click("button[name=language][value=de]")
    page.wait_for_selector("nav >> text=Sammlung")
