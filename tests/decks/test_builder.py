"""The deck builder's reads and actions (issue 17): cards by name, the board's counts, figures per
game, typed text kept, delete and replace asked first, copies of public decks; bad input and other
users' decks."""

from __future__ import annotations

import pytest
from django.utils import translation

from decks import builder, services
from decks.models import Deck
from engine.games import all_games, get_game
from tests.decks.conftest import eredan_list, make_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_web(signed_in_owner):
    return signed_in_owner


HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def deck(owner, eredan_pool) -> Deck:
    text = "Characters\n1 iro\n1 amaya\n1 aku\n\nDeck\n2 katana\n# a comment\n2 schwert-a\n1 Nope\n"
    return Deck.objects.create(owner=owner, name="Kotoba", format="eredan/standard", list=text)


def test_a_list_by_slugs_reads_by_names_and_keeps_the_rest(deck):
    text = builder.named_list(deck.list, game="eredan", language="de")
    assert "1 Iro\n1 Amaya" in text and "2 Katana" in text and "# a comment" in text and "1 Nope" in text
    assert "2 schwert-a" in text  # "Schwert" names two cards: only the slug names one


def test_an_english_page_reads_the_english_names(deck):
    deck.list = "3 kotoba-scroll\n"
    assert builder.named_list(deck.list, game="eredan", language="en") == "3 Kotoba Scroll\n"
    assert builder.named_list(deck.list, game="eredan", language="de") == "3 Kotoba-Schriftrolle\n"


def test_the_board_counts_recognised_cards_and_unknown_ones_apart(deck):
    board = builder.deck_board(format_slug=deck.format, text=deck.list)
    section = next(s for s in board["sections"] if s["name"] == "deck")
    assert section["count"] == 4 and section["unknown"] == 1 and board["unknown"] == 1
    assert sum(s["count"] for s in board["sections"]) == board["verdict"]["summary"]["count"]
    assert [r["name"] for r in section["rows"]] == ["Katana", "schwert-a", "Nope"]


@pytest.mark.parametrize(("language", "words"), [("de", "Keine Karte heißt „Nope“"), ("en", 'No card is named "Nope"')])
def test_the_builder_names_the_problems_in_the_pages_language(owner_web, deck, language, words):
    """Issue 17 item 4: the builder's board and its live check showed the engine's English messages
    on German pages."""
    page = owner_web.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    check = owner_web.post(
        "/decks/check/", {"format": deck.format, "list": deck.list}, HTTP_ACCEPT_LANGUAGE=language, **HTMX
    ).content.decode()
    for html in (page, check):
        assert words in html.replace("&quot;", '"').replace("&#x27;", "'")


def test_the_export_names_the_cards(owner_web, deck):
    text = owner_web.get(f"/decks/{deck.pk}/export.txt").content.decode()
    assert "2 Katana" in text and "1 Iro" in text and "\n2 katana" not in text


def test_the_text_box_names_the_cards(owner_web, deck):
    html = owner_web.get(f"/decks/{deck.pk}/").content.decode()
    box = html.split('id="id_list"', 1)[1].split("</textarea>")[0]
    assert "2 Katana" in box and "2 katana" not in box


def test_a_click_changes_the_typed_text_not_the_saved_one(owner_web, deck):
    typed = "Characters\n1 Iro\n\nDeck\n2 Katana\n3 Füllkarte 00\n"
    data = {"card": "katana", "section": "deck", "delta": 1, "list": typed, "version": deck.version}
    response = owner_web.post(f"/decks/{deck.pk}/card/", data, **HTMX)
    deck.refresh_from_db()
    assert response.status_code == 200 and "3 Füllkarte 00" in deck.list and "3 Katana" in deck.list
    assert "amaya" not in deck.list.lower()


def test_a_stale_click_keeps_the_typed_text_and_says_so(owner_web, deck):
    typed = "Characters\n1 Iro\n\nDeck\n2 Katana\n3 Füllkarte 00\n"
    data = {"card": "katana", "section": "deck", "delta": 1, "list": typed, "version": deck.version - 1 or 99}
    before = deck.list
    response = owner_web.post(f"/decks/{deck.pk}/card/", data, **HTMX)
    html = response.content.decode()
    deck.refresh_from_db()
    assert deck.list == before and 'role="alert"' in html
    assert "3 Füllkarte 00" in html.split('id="id_list"', 1)[1].split("</textarea>")[0]


@pytest.mark.parametrize(
    "data", [{"card": "katana", "delta": 0}, {"card": "", "delta": 1}, {"card": "x", "delta": "a"}]
)
def test_a_bad_click_changes_nothing_and_says_why(owner_web, deck, data):
    before = deck.list
    response = owner_web.post(f"/decks/{deck.pk}/card/", {"section": "deck", **data}, **HTMX)
    deck.refresh_from_db()
    assert response.status_code == 200 and deck.list == before and 'class="error notice"' in response.content.decode()


def test_a_new_card_is_written_by_its_name_or_its_slug_when_the_name_is_shared(owner_web, deck):
    owner_web.post(f"/decks/{deck.pk}/card/", {"card": "eclair", "section": "deck", "delta": 2})
    owner_web.post(f"/decks/{deck.pk}/card/", {"card": "schwert-b", "section": "side", "delta": 1})
    deck.refresh_from_db()
    assert "2 Éclair" in deck.list and "1 schwert-b" in deck.list


def test_the_preview_shows_the_typed_list_to_its_owner_only(owner_web, client, stranger, deck):
    response = owner_web.post(f"/decks/{deck.pk}/preview/", {"list": "Characters\n1 iro\n\nDeck\n3 eclair\n"})
    html = response.content.decode()
    assert response.status_code == 200 and "Éclair" in html and 'id="deck-live"' in html
    client.force_login(stranger)
    assert client.post(f"/decks/{deck.pk}/preview/", {"list": "1 Iro"}).status_code == 404
    deck.public = True
    deck.save()
    assert client.post(f"/decks/{deck.pk}/preview/", {"list": "1 Iro"}).status_code == 404


def test_delete_asks_first_and_deletes_once_confirmed(owner_web, deck):
    assert owner_web.get(f"/decks/{deck.pk}/delete/").status_code == 200
    assert owner_web.post(f"/decks/{deck.pk}/delete/").status_code == 200
    assert owner_web.post(f"/decks/{deck.pk}/delete/", {"confirm": "no"}).status_code == 200
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert owner_web.post(f"/decks/{deck.pk}/delete/", {"confirm": "yes"}).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_nobody_else_may_delete_or_import(client, stranger, deck):
    deck.public = True
    deck.save()
    client.force_login(stranger)
    assert client.get(f"/decks/{deck.pk}/delete/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/delete/", {"confirm": "yes"}).status_code == 404
    data = {"list": "1 Iro", "mode": "replace", "confirm": "on"}
    assert client.post(f"/decks/{deck.pk}/import/", data).status_code == 404
    assert Deck.objects.get(pk=deck.pk).list == deck.list


def test_import_adds_and_replaces_only_once_confirmed(owner_web, deck):
    owner_web.post(f"/decks/{deck.pk}/import/", {"list": "1 Éclair", "mode": "add"})
    deck.refresh_from_db()
    assert "1 Éclair" in deck.list and "katana" in deck.list
    response = owner_web.post(f"/decks/{deck.pk}/import/", {"list": "1 Iro", "mode": "replace"})
    deck.refresh_from_db()
    assert response.status_code == 200 and "katana" in deck.list  # asked, not replaced
    owner_web.post(f"/decks/{deck.pk}/import/", {"list": "1 Iro", "mode": "replace", "confirm": "on"})
    deck.refresh_from_db()
    assert deck.list == "1 Iro"


@pytest.mark.parametrize("data", [{"list": "", "mode": "add"}, {"list": "1 Iro", "mode": "merge"}, {"mode": "add"}])
def test_a_bad_import_is_a_400_and_changes_nothing(owner_web, deck, data):
    response = owner_web.post(f"/decks/{deck.pk}/import/", data)
    assert response.status_code == 400 and Deck.objects.get(pk=deck.pk).list == deck.list


def test_a_stale_import_changes_nothing(owner_web, deck):
    data = {"list": "1 Iro", "mode": "replace", "confirm": "on", "version": deck.version + 5}
    owner_web.post(f"/decks/{deck.pk}/import/", data)
    assert Deck.objects.get(pk=deck.pk).list == deck.list


def test_a_public_deck_is_copied_into_the_readers_decks(client, stranger, deck):
    deck.public = True
    deck.save()
    client.force_login(stranger)
    response = client.post(f"/decks/{deck.pk}/copy/")
    copy = Deck.objects.get(owner=stranger)
    assert response.status_code == 302 and response["Location"] == f"/decks/{copy.pk}/"
    assert copy.list == deck.list and copy.format == deck.format and not copy.public and "Kotoba" in copy.name


def test_a_private_deck_of_another_user_cannot_be_copied(client, stranger, deck):
    assert client.post(f"/decks/{deck.pk}/copy/").status_code == 302  # to the sign-in
    client.force_login(stranger)
    assert client.post(f"/decks/{deck.pk}/copy/").status_code == 404
    assert client.get(f"/decks/{deck.pk}/copy/").status_code == 405
    assert not Deck.objects.filter(owner=stranger).exists()


def test_the_api_copies_a_public_deck(stranger_api, anon, owner_api, deck, stranger):
    assert stranger_api.post(f"/api/decks/{deck.pk}/copy/").status_code == 404
    assert anon.post(f"/api/decks/{deck.pk}/copy/").status_code in (401, 403)
    deck.public = True
    deck.save()
    response = stranger_api.post(f"/api/decks/{deck.pk}/copy/")
    body = response.json()
    assert response.status_code == 201 and body["owner"] == stranger.username and body["list"] == deck.list
    assert response["ETag"] == Deck.objects.get(pk=body["id"]).etag
    assert owner_api.post(f"/api/decks/{deck.pk}/copy/").status_code == 201  # one's own too
    assert stranger_api.post("/api/decks/999999/copy/").status_code == 404


def test_the_figures_of_a_kamelo_deck_are_its_cost_curve_and_genera(db):
    make_card("kamelo", "m1", "Eins", type="monster", cost=1)
    make_card("kamelo", "m3", "Drei", type="special_monster", cost=3)
    make_card("kamelo", "i0", "Null", type="item", cost=0)
    board = builder.deck_board(format_slug="kamelo/dufo", text="3 Eins\n1 Drei\n2 Null\nSide\n4 Eins\n")
    curve, genera = board["figures"]
    assert [(r["key"], r["count"]) for r in curve["rows"]] == [("0", 2), ("1", 3), ("2", 0), ("3", 1)]
    assert {r["key"]: r["count"] for r in genera["rows"]} == {"monster": 3, "special_monster": 1, "item": 2}


def test_the_figures_of_an_eredan_deck_are_its_guilds_classes_and_types(deck):
    guilds, classes, types = builder.deck_board(format_slug=deck.format, text=eredan_list(fillers=2))["figures"]
    assert {r["key"]: r["count"] for r in guilds["rows"]} == {"kotoba": 3, "neutral": 4}
    assert next(r for r in guilds["rows"] if r["key"] == "kotoba")["label"] == "Kotoba"  # the Guild row's name
    assert {r["key"]: r["count"] for r in classes["rows"]} == {"kaempfer": 1, "priester": 1, "magier": 1}
    assert {r["key"]: r["count"] for r in types["rows"]} == {"character": 3, "item": 4}


def test_the_figures_of_a_realmon_deck_count_its_stages(db):
    make_card("realmon", "a", "A", type="monster", attributes={"stage": 1})
    make_card("realmon", "b", "B", type="monster", attributes={"stage": 2})
    stages, _types = builder.deck_board(format_slug="realmon/basis", text="6 A\n5 B\n")["figures"]
    assert [(r["key"], r["count"]) for r in stages["rows"]] == [("1", 6), ("2", 5)]


def test_the_figures_of_a_duel_deck_are_its_types(db):
    make_card("duel", "r", "Ratte", type="creature")
    make_card("duel", "f", "Falle", type="trap")
    (types,) = builder.deck_board(format_slug="duel/standard", text="3 Ratte\n1 Falle\n")["figures"]
    assert [(r["key"], r["count"]) for r in types["rows"]] == [("creature", 3), ("trap", 1)]


def test_an_exact_name_then_names_starting_with_the_word_come_first(eredan_pool):
    make_card("eredan", "a-ring", "Aaron der Ringer")
    make_card("eredan", "ringe", "Ringelblume")
    make_card("eredan", "ring-exact", "Ring")
    assert [c["slug"] for c in builder.card_search(game="eredan", q="ring")] == [
        "ring-exact",
        "ring",
        "ringe",
        "a-ring",
    ]


def test_the_quick_adds_stop_at_the_copy_limit(db):
    assert builder.quick_adds(services.format_get("eredan/standard")) == [1, 2]  # E2
    assert builder.quick_adds(services.format_get("kamelo/dufo")) == [1, 2, 3, 4]  # no limit (K1)


def test_the_charge_bar_of_a_quilingo_deck_counts_against_500(eredan_pool):
    bar = builder._charge_bar({"charge": 620}, services.format_get("eredan/quilingo"))
    assert bar == {"charge": 620, "limit": 500, "over": 120, "left": 0, "percent": 100}
    assert builder._charge_bar({}, services.format_get("eredan/standard")) is None


@pytest.mark.parametrize("game", [g.slug for g in all_games() if g.search_examples])
def test_every_example_of_the_search_hint_finds_bundled_cards(bundled_cards, game):
    for example in get_game(game).search_examples:
        assert builder.card_search(game=game, q=example), example


def test_the_builder_speaks_german_by_default(owner_web, deck):
    with translation.override("de"):
        html = owner_web.get(f"/decks/{deck.pk}/").content.decode()
    assert "Karten hinzufügen" in html or "Karten" in html
    assert "nicht erkannt" in html and "Kartengalerie" in html
