"""POST /api/print/: sources (cards, list, saved deck, missing cards), options, and 400s."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from decks.models import CollectionItem, Deck
from tests.printing.helpers import pages, sized

pytestmark = pytest.mark.django_db
URL = "/api/print/"
KAMEL = {"game": "kamelo", "card": "kamel", "count": 3}


def post(client, body):
    return client.post(URL, body, format="json")


def subject(response) -> str:
    return PdfReader(io.BytesIO(response.content)).metadata.subject


def test_anonymous_may_print_a_card_list(api_client, print_pool):
    response = post(api_client, {"cards": [KAMEL, {"game": "eredan", "card": "Iro", "count": 1}]})
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/pdf"
    assert subject(response) == "3x Kamel (kamelo/kamel), 1x Iro (eredan/iro)"
    assert len(sized(pages(response.content)[0]["rects"], 63, 88)) == 4


def test_a_deck_list_prints_by_name_accents_and_case_folded(api_client, print_pool):
    response = post(api_client, {"format": "kamelo/dufo", "list": "2 kamel\n1x DUNE\n# a comment"})
    assert response.status_code == 200, response.content
    assert subject(response) == "2x Kamel (kamelo/kamel), 1x Düne (kamelo/duene)"


def test_options_reach_the_sheet(api_client, print_pool):
    body = {"cards": [KAMEL], "paper": "letter", "bleed_mm": 1, "backs": True, "back_offset_mm": [0.5, 0]}
    response = post(api_client, body)
    assert response.status_code == 200, response.content
    faces, backs = pages(response.content)
    assert abs(faces["size"][0] - 215.9) <= 0.1
    assert len(sized(faces["rects"], 65, 90)) == 3 and len(sized(backs["rects"], 65, 90)) == 3


def test_a_saved_deck_prints_for_its_owner(user_client, user, print_pool):
    deck = Deck.objects.create(owner=user, name="Kamele", format="kamelo/dufo", list="4 Kamel\n1 Düne")
    response = post(user_client, {"deck": deck.pk})
    assert response.status_code == 200, response.content
    assert subject(response) == "4x Kamel (kamelo/kamel), 1x Düne (kamelo/duene)"


def test_another_users_deck_is_404(other_client, user, print_pool):
    deck = Deck.objects.create(owner=user, name="Kamele", format="kamelo/dufo", list="4 Kamel")
    response = post(other_client, {"deck": deck.pk})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_anonymous_cannot_print_a_saved_deck(api_client, user, print_pool):
    deck = Deck.objects.create(owner=user, name="Kamele", format="kamelo/dufo", list="4 Kamel")
    assert post(api_client, {"deck": deck.pk}).status_code == 404


def test_missing_prints_only_the_copies_the_collection_lacks(user_client, user, print_pool):
    deck = Deck.objects.create(owner=user, name="Kamele", format="kamelo/dufo", list="4 Kamel\n2 Düne")
    CollectionItem.objects.create(owner=user, card=print_pool["kamel"], count=3)
    CollectionItem.objects.create(owner=user, card=print_pool["duene"], count=2)
    response = post(user_client, {"deck": deck.pk, "missing": True})
    assert response.status_code == 200, response.content
    assert subject(response) == "1x Kamel (kamelo/kamel)"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"cards": [KAMEL], "colour": "red"}, "colour"),
        ({"cards": [{**KAMEL, "foil": True}]}, "foil"),
        ({"cards": [KAMEL], "paper": "b5"}, "paper"),
        ({"cards": [KAMEL], "card_size": "jumbo"}, "card_size"),
        ({"cards": [KAMEL], "bleed_mm": -1}, "bleed_mm"),
        ({"cards": [KAMEL], "duplex": "sideways"}, "duplex"),
        ({"cards": [KAMEL], "back_offset_mm": [1]}, "back_offset_mm"),
        ({"cards": [KAMEL], "grid": "three"}, "grid"),
        ({"cards": [KAMEL], "crop_marks": "perhaps"}, "crop_marks"),
        ({"list": "1 Kamel"}, "format"),
        ({"cards": [KAMEL], "missing": True}, "missing"),
    ],
)
def test_bad_options_answer_400_naming_them(api_client, print_pool, body, field):
    response = post(api_client, body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in str(response.json()["errors"])


def test_no_source_or_two_sources_answer_400(api_client, print_pool):
    assert post(api_client, {"paper": "a4"}).status_code == 400
    both = post(api_client, {"cards": [KAMEL], "format": "kamelo/dufo", "list": "1 Kamel"})
    assert both.status_code == 400 and "exactly one" in both.json()["detail"]


def test_settings_too_big_to_fit_answer_400_with_what_fits(api_client, print_pool):
    response = post(api_client, {"cards": [KAMEL], "paper": "letter", "bleed_mm": 1, "grid": "3x3"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "does_not_fit"
    assert "largest bleed for 3x3 on Letter is 0.9 mm" in body["detail"]


def test_an_unknown_card_answers_400_naming_it(api_client, print_pool):
    response = post(api_client, {"cards": [{"game": "kamelo", "card": "Kamelle", "count": 1}]})
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_card" and "Kamelle" in response.json()["detail"]


def test_an_unknown_format_answers_400(api_client, print_pool):
    response = post(api_client, {"format": "kamelo/nope", "list": "1 Kamel"})
    assert response.status_code == 400 and "kamelo/nope" in response.json()["detail"]


def test_too_many_cards_answer_400(api_client, print_pool):
    response = post(api_client, {"cards": [{**KAMEL, "count": 3000}, {**KAMEL, "count": 1}]})
    assert response.status_code == 400 and "at most 3000" in response.json()["detail"]


@pytest.mark.parametrize("size", ["10x10", "12x88", "88x19.9", "0.5x80"])
def test_a_card_side_under_20_mm_answers_400(api_client, print_pool, size):
    # a 10 mm card divided by zero laying out its face (issue 19 item 8)
    response = post(api_client, {"cards": [KAMEL], "card_size": size})
    assert response.status_code == 400, response.content
    assert "at least 20 mm" in response.json()["detail"]


def test_a_card_of_20_mm_prints(api_client, print_pool):
    response = post(api_client, {"cards": [KAMEL], "card_size": "20x20"})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
