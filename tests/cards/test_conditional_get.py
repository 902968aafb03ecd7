"""ETag and Last-Modified with 304 on cards, games and charges (issue 19 item 13)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from django.utils.http import http_date
from rest_framework.test import APIClient

from cards.models import Card

pytestmark = pytest.mark.django_db(transaction=True)
URLS = ["/api/games/", "/api/cards/?game=kamelo", "/api/cards/kamelo/bausparvertrag/", "/api/charges/?game=eredan"]


@pytest.mark.parametrize("url", URLS)
def test_an_unchanged_answer_is_a_304_for_its_etag(bundled_cards: None, url: str) -> None:
    first = APIClient().get(url)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    again = APIClient().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == first["ETag"]


@pytest.mark.parametrize("url", URLS)
def test_an_answer_says_when_its_data_last_changed(bundled_cards: None, url: str) -> None:
    first = APIClient().get(url)
    assert "Last-Modified" in first
    later = http_date((timezone.now() + datetime.timedelta(minutes=1)).timestamp())
    assert APIClient().get(url, HTTP_IF_MODIFIED_SINCE=later).status_code == 304
    assert APIClient().get(url, HTTP_IF_MODIFIED_SINCE=http_date(0)).status_code == 200


def test_a_changed_card_answers_anew(bundled_cards: None) -> None:
    url = "/api/cards/kamelo/bausparvertrag/"
    first = APIClient().get(url)
    card = Card.objects.get(game__slug="kamelo", slug="bausparvertrag")
    card.text = "Ein neuer Text."
    card.save()
    again = APIClient().get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert again.status_code == 200 and again.json()["text"] == "Ein neuer Text." and again["ETag"] != first["ETag"]


def test_errors_carry_no_etag(db) -> None:
    response = APIClient().get("/api/cards/kamelo/nope/")
    assert response.status_code == 404 and "ETag" not in response
