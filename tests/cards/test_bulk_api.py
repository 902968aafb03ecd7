"""Bulk data (issue 19 item 12): one JSON file per game with every card in the API's shape, its
size, date and ETag, regenerated when cards change and served compressed."""

from __future__ import annotations

import gzip
import json

import pytest
from rest_framework.test import APIClient

from cards.models import Card
from engine.games import SLUGS

pytestmark = pytest.mark.django_db(transaction=True)


def entry(game: str) -> dict:
    return next(row for row in APIClient().get("/api/bulk/").json() if row["game"] == game)


def test_every_game_has_a_file_with_every_card_in_the_card_shape(bundled_cards: None) -> None:
    rows = APIClient().get("/api/bulk/").json()
    assert [r["game"] for r in rows] == list(SLUGS)
    for row in rows:
        response = APIClient().get(row["url"])
        cards = json.loads(response.content)
        assert response.status_code == 200 and len(response.content) == row["size"]
        assert response["ETag"] == row["etag"]
        assert {c["slug"] for c in cards} == set(
            Card.objects.filter(game__slug=row["game"]).values_list("slug", flat=True)
        )
        detail = APIClient().get(f"/api/cards/{row['game']}/{cards[0]['slug']}/").json()
        assert cards[0] == detail


def test_the_file_is_served_compressed_to_clients_that_take_it(bundled_cards: None) -> None:
    plain = APIClient().get("/api/bulk/eredan.json")
    packed = APIClient().get("/api/bulk/eredan.json", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content and len(packed.content) < len(plain.content) / 3


def test_an_unchanged_file_answers_304(bundled_cards: None) -> None:
    etag = entry("kamelo")["etag"]
    response = APIClient().get("/api/bulk/kamelo.json", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and not response.content


def test_a_card_change_makes_a_new_file(bundled_cards: None) -> None:
    before = entry("kamelo")
    card = Card.objects.filter(game__slug="kamelo").first()
    card.name = "Umbenannt"
    card.save()
    after = entry("kamelo")
    assert after["etag"] != before["etag"] and after["updated"] > before["updated"]
    assert "Umbenannt" in APIClient().get("/api/bulk/kamelo.json").content.decode()
    assert entry("eredan")["etag"] == entry("eredan")["etag"]


def test_an_unknown_game_has_no_file(db) -> None:
    assert APIClient().get("/api/bulk/chess.json").status_code == 404
