"""The card page (issue 17 item 2): labels instead of stored keys, recipes as linked card names, one
game name per language."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.looks import open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_attributes_types_rarities_and_classes_show_labels(live_server: Any, page: Any, bundled_cards: None) -> None:
    from cards.models import Card

    characters = Card.objects.filter(game__slug="eredan", type="character")
    slug = next(c.slug for c in characters if "kaempfer" in c.attributes.get("classes", []))
    page.goto(f"{live_server.url}/cards/eredan/{slug}/")
    fields = page.locator("dl.fields").inner_text()
    for key in ("attack", "kaempfer", "character", "very_rare", "common"):
        assert key not in fields
    assert "Angriff" in fields and "Charakter" in fields
    page.goto(f"{live_server.url}/cards/kamelo/beduinenclan/")
    fields = page.locator("dl.fields").inner_text()
    assert "special_monster" not in fields and "Spezialmonster" in fields


def test_a_recipe_reads_as_linked_card_names(live_server: Any, page: Any, bundled_cards: None) -> None:
    page.goto(f"{live_server.url}/cards/kamelo/beduinenclan/")
    recipe = page.locator("dd.recipe")
    assert "components" not in recipe.inner_text() and "Zusammenrottung" in recipe.inner_text()
    assert recipe.locator("a").count() >= 2
    recipe.locator("a").first.click()
    page.wait_for_url("**/cards/kamelo/**")
    assert "beduinenclan" not in page.url


def test_english_shows_the_english_game_names(live_server: Any, browser: Any, bundled_cards: None) -> None:
    page = open_page(browser, 1280, locale="en-GB")
    page.goto(f"{live_server.url}/cards/?game=muhq")
    page.click("button[name=language][value=en]")
    page.wait_for_selector("h1 >> text=muhq's game")
    options = page.locator("select[name=game] option").all_inner_texts()
    assert "The Duel" in options and "Das Duell" not in options and "muhqs Spiel" not in options
