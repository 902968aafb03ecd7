"""Every bundled card's rendered face keeps its text inside its panels (issue 17 item 3): Chromium
draws each face.svg and every text box is measured against the panel it sits on. The art box holds
the game's emblem for the card's type, not the type word alone."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Each text's box must lie within the face's safe area: 3 mm inside the trim at the sides (the panels'
# inner edges), inside the card from top to bottom. The face is drawn in points (viewBox 63 x 88 mm).
MEASURE = """() => [...document.querySelectorAll('text')].map(t => {
  const b = t.getBBox();
  return {text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height};
})"""
POINT = 72 / 25.4
LEFT, RIGHT, HEIGHT = 3 * POINT, 60 * POINT, 88 * POINT


def test_no_text_crosses_a_border_on_any_bundled_face(live_server: Any, page: Any, bundled_cards: None) -> None:
    from cards.models import Card

    crossing = []
    cards = list(Card.objects.filter(image="").values_list("game__slug", "slug"))
    assert len(cards) > 400
    for game, slug in cards:
        page.goto(f"{live_server.url}/cards/{game}/{slug}/face.svg")
        for box in page.evaluate(MEASURE):
            if box["left"] < LEFT - 0.1 or box["right"] > RIGHT + 0.1 or box["top"] < 0 or box["bottom"] > HEIGHT:
                crossing.append(f"{game}/{slug}: {box['text']!r} spans {box['left']:.1f}-{box['right']:.1f}")
    assert crossing == []


def test_the_art_box_shows_an_emblem_per_game_and_type(live_server: Any, page: Any, bundled_cards: None) -> None:
    shapes = set()
    for game, slug in (("eredan", "iro"), ("kamelo", "beduinenclan"), ("kamelo", "beduine")):
        page.goto(f"{live_server.url}/cards/{game}/{slug}/face.svg")
        emblem = page.locator("g.emblem")
        assert emblem.locator("path, circle, rect").count() >= 2
        shapes.add(emblem.inner_html())
    assert len(shapes) == 3  # a character, a violet and a yellow monster each look their own
