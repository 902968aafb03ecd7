"""Card pages: home, gallery (with and without htmx), detail, rendered face."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_home_lists_the_five_games(client: Client, bundled_cards: None) -> None:
    body = client.get("/").content.decode()
    for name in ("Ka-Mel-Oh!", "Eredan iTCG", "Realmon TCG"):
        assert name in body


def test_the_gallery_filters_by_query_type_and_cost_without_javascript(client: Client, bundled_cards: None) -> None:
    body = client.get("/cards/", {"game": "kamelo", "q": "doppeldecker"}).content.decode()
    assert "Doppeldecker" in body and "Bausparvertrag" not in body
    body = client.get("/cards/", {"game": "kamelo", "type": "item", "cost_min": 6}).content.decode()
    assert "Bausparvertrag" in body and "Doppeldecker" not in body


def test_htmx_gets_only_the_results(client: Client, bundled_cards: None) -> None:
    body = client.get("/cards/", {"game": "kamelo", "q": "streik"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Streik" in body and "<html" not in body


def test_a_bad_query_is_shown_with_a_400(client: Client) -> None:
    response = client.get("/cards/", {"q": "nosuchfield:1"})
    assert response.status_code == 400 and "nosuchfield" in response.content.decode()


def test_the_detail_page_shows_fields_and_the_evolution_line(client: Client, bundled_cards: None) -> None:
    from cards.models import Card

    child = Card.objects.filter(game__slug="eredan", evolves_from__isnull=False).select_related("evolves_from").first()
    assert child is not None
    body = client.get(f"/cards/eredan/{child.slug}/").content.decode()
    assert child.name in body and child.evolves_from.name in body
    assert client.get("/cards/eredan/no-such-card/").status_code == 404


def test_the_face_is_an_svg_that_escapes_the_card_text(client: Client, staff_client, bundled_cards: None) -> None:  # type: ignore[no-untyped-def]
    card = {"slug": "markup", "name": "<b>Fett</b>", "type": "item", "cost": 1, "attributes": {"hk": 1},
            "text": "<script>alert(1)</script>"}  # fmt: skip
    assert staff_client.post("/api/cards/kamelo/", card, format="json").status_code == 201
    response = client.get("/cards/kamelo/markup/face.svg")
    body = response.content.decode()
    assert response["Content-Type"].startswith("image/svg+xml")
    assert "<script>" not in body and "&lt;b&gt;Fett&lt;/b&gt;" in body
