"""The deck and collection pages: they work without JavaScript and respect privacy."""

from __future__ import annotations

import io

import pytest

from decks.models import CollectionItem, Deck
from tests.decks.conftest import eredan_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_web(client, owner):
    client.force_login(owner)
    return client


@pytest.fixture
def deck(owner, eredan_pool) -> Deck:
    return Deck.objects.create(
        owner=owner,
        name="Kotoba",
        format="eredan/standard",
        list=eredan_list(extra="1 Zil-Trank\n1 Druidenstab\n1 Nope\n"),
    )


def test_the_deck_list_creates_a_deck_from_pasted_text(owner_web, eredan_pool):
    response = owner_web.post("/decks/", {"name": "Neu", "format": "eredan/standard", "list": "Characters\n1 Iro\n"})
    deck = Deck.objects.get(name="Neu")
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert "Neu" in owner_web.get("/decks/").content.decode()


def test_anonymous_sees_public_decks_but_cannot_create(client, deck):
    deck.public = True
    deck.save()
    assert "Kotoba" in client.get("/decks/").content.decode()
    client.post("/decks/", {"name": "X", "format": "eredan/standard", "list": ""})
    assert not Deck.objects.filter(name="X").exists()


def test_the_builder_shows_errors_and_warnings_apart_and_next_to_their_lines(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/").content.decode()
    errors, warnings = html.split('class="problems error"', 1)[1], html.split('class="problems warning"', 1)[1]
    assert "off_guild_card" in errors.split("</ul>")[0] and "unknown_card" in errors.split("</ul>")[0]
    assert "dead_card" in warnings.split("</ul>")[0] and "dead_card" not in errors.split("</ul>")[0]
    row = html.split('id="line-19"', 1)[1].split("</tr>")[0]
    assert "Nope" in row and '<li class="error"' in row


def test_the_builder_adds_and_removes_cards(owner_web, deck):
    owner_web.post(f"/decks/{deck.pk}/card/", {"card": "katana", "section": "deck", "delta": 1})
    owner_web.post(f"/decks/{deck.pk}/card/", {"card": "katana", "section": "deck", "delta": 1})
    deck.refresh_from_db()
    assert "2 Katana" in deck.list  # a new line names the card, never by its slug (issue 17)
    owner_web.post(f"/decks/{deck.pk}/card/", {"card": "Iro", "section": "characters", "delta": -1})
    deck.refresh_from_db()
    assert "Iro" not in deck.list and deck.version == 4


def test_the_builder_searches_cards(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/?q=kata").content.decode()
    assert 'value="katana"' in html


def test_a_stale_save_from_another_tab_is_refused(owner_web, deck):
    data = {"name": "Tab", "format": "eredan/standard", "list": "1 Iro", "version": deck.version}
    owner_web.post(f"/decks/{deck.pk}/", data)
    owner_web.post(f"/decks/{deck.pk}/", {**data, "name": "Stale"})
    deck.refresh_from_db()
    assert deck.name == "Tab"


def test_live_validation_answers_the_panel(owner_web, eredan_pool):
    response = owner_web.post("/decks/check/", {"format": "eredan/standard", "list": eredan_list()})
    assert response.status_code == 200 and "Legal" in response.content.decode()


def test_live_validation_of_an_unknown_format_says_so_in_the_panel(owner_web, eredan_pool):
    response = owner_web.post("/decks/check/", {"format": "eredan/nope", "list": "1 Iro"})
    body = response.content.decode()
    assert response.status_code == 400
    assert 'id="validation"' in body and "format:" in body and "nope" in body


def test_export_is_text(owner_web, deck):
    response = owner_web.get(f"/decks/{deck.pk}/export.txt")
    assert response["Content-Type"].startswith("text/plain") and "Iro" in response.content.decode()


def test_other_users_get_404_for_a_private_deck_and_cannot_change_a_public_one(client, stranger, deck):
    client.force_login(stranger)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    deck.public = True
    deck.save()
    assert client.get(f"/decks/{deck.pk}/").status_code == 200
    assert client.post(f"/decks/{deck.pk}/card/", {"card": "katana", "section": "deck", "delta": 1}).status_code == 404
    assert client.post(f"/decks/{deck.pk}/delete/", {"confirm": "yes"}).status_code == 404
    assert Deck.objects.filter(pk=deck.pk, version=deck.version).exists()


def test_the_builder_lists_missing_cards(owner_web, owner, deck, eredan_pool):
    CollectionItem.objects.create(owner=owner, card=eredan_pool["iro"], count=1)
    html = owner_web.get(f"/decks/{deck.pk}/").content.decode()
    missing = html.split('class="missing"', 1)[1]
    assert "Amaya" in missing and ">Iro<" not in missing


def test_the_collection_page_needs_a_sign_in(client):
    assert client.get("/collection/").status_code == 302


def test_the_collection_page_sets_imports_and_exports(owner_web, owner, eredan_pool):
    owner_web.post("/collection/", {"game": "eredan", "card": "Iro", "count": 2})
    assert "Iro" in owner_web.get("/collection/").content.decode()
    bad = io.BytesIO(b"game,card,count\neredan,katana,1\neredan,nope,1\n")
    bad.name = "c.csv"
    response = owner_web.post("/collection/import/", {"file": bad, "mode": "add"})
    assert response.status_code == 400 and "Zeile 3" in response.content.decode()  # the UI speaks German by default
    assert dict(CollectionItem.objects.values_list("card__slug", "count")) == {"iro": 2}
    good = io.BytesIO(b"game,card,count\neredan,katana,1\n")
    good.name = "c.csv"
    owner_web.post("/collection/import/", {"file": good, "mode": "add"})
    assert owner_web.get("/collection/export.csv").content.decode().splitlines() == [
        "game,card,count",
        "eredan,iro,2",
        "eredan,katana,1",
    ]
