"""One source of truth for a card's charge (issue 17 item 5): before any recompute, the charge the
gallery and the API show is the charge `charge>=n` searches (a card banned at the start, E7, shows
⚡200 and `charge>=200` finds it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_a_card_banned_at_the_start_is_found_by_the_charge_it_shows(client: Client, bundled_cards: None) -> None:
    banned = Card.objects.filter(game__slug="eredan", banned_at_start=True).first()
    assert banned is not None
    shown = client.get(f"/api/cards/eredan/{banned.slug}/").json()["charge"]
    assert shown == 200
    found = client.get("/api/cards/", {"game": "eredan", "q": f"charge>={shown}", "page_size": 500}).json()
    assert banned.slug in {c["slug"] for c in found["results"]}
    page = client.get("/cards/", {"game": "eredan", "q": f"charge>={shown} name:{banned.name.split()[0]}"})
    assert "⚡200" in page.content.decode()


def test_every_shown_charge_is_the_searched_one(api_client: Any, bundled_cards: None) -> None:
    shown = {
        c["slug"]: c["charge"]
        for c in api_client.get("/api/cards/", {"game": "eredan", "page_size": 1000}).json()["results"]
    }
    stats = dict(Card.objects.filter(game__slug="eredan", stats__key="charge").values_list("slug", "stats__value"))
    assert stats == shown
