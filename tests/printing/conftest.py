"""Small handmade cards and decks for the print API tests (not the bundled sets)."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card, Game


def make_card(game: str, slug: str, name: str, **fields: Any) -> Card:
    row, _ = Game.objects.get_or_create(slug=game, defaults={"name": game})
    fields.setdefault("type", "monster" if game == "kamelo" else "item")
    fields.setdefault("attributes", {"ap": 30, "dp": 20, "lp": 150, "hk": 2} if game == "kamelo" else {})
    return Card.objects.create(game=row, slug=slug, name=name, **fields)


@pytest.fixture
def print_pool(db: Any) -> dict[str, Card]:
    """Two Ka-Mel-Oh! cards and one Eredan card."""
    cards = [
        make_card("kamelo", "kamel", "Kamel", cost=2, text="Ein Kamel."),
        make_card("kamelo", "duene", "Düne", type="item", cost=1, attributes={"hk": 1}),
        make_card("eredan", "iro", "Iro", type="character"),
    ]
    return {c.slug: c for c in cards}


@pytest.fixture
def media(settings: Any, tmp_path: Any) -> Any:
    """A throwaway MEDIA_ROOT, and a private storage beside it (tmp_path/private) for the job PDFs."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PRIVATE_ROOT = tmp_path / "private"
    return tmp_path
