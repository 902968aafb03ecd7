"""The deck builder's card search: the gallery's query syntax within the deck's game, plain words by name."""

from __future__ import annotations

import re

import pytest

from cards.search import QuerySyntaxError
from decks.builder import card_search
from decks.models import Deck
from tests.decks.conftest import eredan_list, make_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(eredan_pool):
    """The small Eredan pool with costs, dragons and fire, and a Ka-Mel-Oh! card that must stay out."""
    eredan_pool["katana"].cost = 1
    eredan_pool["katana"].save()
    eredan_pool["schwert-b"].cost = 3
    eredan_pool["schwert-b"].save()
    make_card("eredan", "roter-drache", "Roter Drache", name_en="Red Dragon", type="ally")
    make_card("eredan", "blauer-drache", "Blauer Drache", type="ally")
    make_card("eredan", "feuerball", "Feuerball", type="spell")
    make_card("eredan", "drachenfibel", "Fibel", text="Sucht einen roten Drachen.")
    make_card("eredan", "klinge", "Klinge", text="Wie ein Katana, nur kürzer.", type="weapon", cost=2)
    make_card("kamelo", "katana-kamel", "Katana-Kamel", type="monster", cost=1)
    return eredan_pool


@pytest.fixture
def deck(owner, cards) -> Deck:
    return Deck.objects.create(owner=owner, name="Kotoba", format="eredan/standard", list=eredan_list())


@pytest.fixture
def owner_web(client, owner):
    client.force_login(owner)
    return client


def found(html: str) -> list[str]:
    """The slugs the search results offer to add, in order."""
    results = html.split('id="search-results"', 1)[1]
    return re.findall(r'<li class="result" data-card="([^"]+)"', results)


def test_a_field_filter_finds_the_decks_game_cards_that_match(owner_web, deck):
    response = owner_web.get(f"/decks/{deck.pk}/", {"q": "type:weapon cost<=2"})
    assert response.status_code == 200
    assert found(response.content.decode()) == ["katana", "klinge"]


def test_a_phrase_or_a_word_start_follows_the_gallery_syntax(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/", {"q": '"roter drache" or feuer'}).content.decode()
    assert found(html) == ["feuerball", "roter-drache"]


def test_a_syntax_error_shows_the_parsers_message_beside_the_box(owner_web, deck):
    response = owner_web.get(f"/decks/{deck.pk}/", {"q": "type:weapon cost<=zwei"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    results = response.content.decode().split('id="search-results"', 1)[1].split("</ul>")[0]
    assert 'id="search-error"' in results and "&quot;zwei&quot; ist keine ganze Zahl" in results
    assert "Keine Karte gefunden." not in results and 'name="card"' not in results


def test_a_field_of_another_game_is_an_error_naming_it(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/", {"q": "ap>=3"}).content.decode()
    assert "unbekanntes Feld &quot;ap&quot; für das Spiel eredan" in html  # German page, German message


def test_a_plain_word_still_finds_names_by_substring_in_german_or_english(owner_web, deck):
    assert found(owner_web.get(f"/decks/{deck.pk}/", {"q": "kata"}).content.decode()) == ["katana"]
    # "rach" starts no word, so the gallery's syntax would not find the dragons; the builder does.
    assert found(owner_web.get(f"/decks/{deck.pk}/", {"q": "rach"}).content.decode()) == [
        "blauer-drache",
        "roter-drache",
    ]
    assert found(owner_web.get(f"/decks/{deck.pk}/", {"q": "DRAGON"}).content.decode()) == ["roter-drache"]
    assert found(owner_web.get(f"/decks/{deck.pk}/", {"q": "ECLAIR"}).content.decode()) == ["eclair"]


def test_a_plain_word_does_not_match_card_texts(deck):
    assert [c["slug"] for c in card_search(game="eredan", q="katana")] == ["katana"]


def test_the_search_stays_in_the_decks_game(deck):
    assert card_search(game="eredan", q="game:kamelo") == []
    assert [c["slug"] for c in card_search(game="eredan", q="cost=1")] == ["katana"]
    assert [c["slug"] for c in card_search(game="kamelo", q="kata")] == ["katana-kamel"]


def test_the_result_limit_is_kept(deck):
    assert len(card_search(game="eredan", q="-type:character")) == 20  # of 25
    assert len(card_search(game="eredan", q="e", limit=5)) == 5


def test_a_blank_query_finds_nothing(deck):
    assert card_search(game="eredan", q="  ") == [] and card_search(game="eredan", q="\x00\t") == []


def test_card_search_raises_the_parsers_error(deck):
    with pytest.raises(QuerySyntaxError, match="offene"):  # German is the default language
        card_search(game="eredan", q="(type:weapon")


def test_the_hint_links_the_gallery_of_the_decks_game_in_german(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/").content.decode()
    hint = html.split('id="search-hint"', 1)[1].split("</p>")[0]
    assert 'href="/cards/?game=eredan#syntax"' in hint and "Kartengalerie" in hint


def test_another_users_public_deck_runs_no_search(client, stranger, deck):
    deck.public = True
    deck.save()
    client.force_login(stranger)
    for q in ("type:weapon", "kata", "cost<=zwei"):
        response = client.get(f"/decks/{deck.pk}/", {"q": q})
        html = response.content.decode()
        assert response.status_code == 200
        assert 'id="search-results"' not in html and 'id="search-error"' not in html
        assert 'value="katana"' not in html


def test_another_users_private_deck_is_404_whatever_the_query(client, stranger, deck):
    client.force_login(stranger)
    assert client.get(f"/decks/{deck.pk}/", {"q": "type:weapon"}).status_code == 404
