"""Saved decks under /api/decks/: privacy, ETag/If-Match, validation, export, missing cards."""

from __future__ import annotations

from typing import Any

import pytest

from decks.models import CollectionItem, Deck
from tests.decks.conftest import eredan_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_deck(owner, eredan_pool) -> Deck:
    return Deck.objects.create(owner=owner, name="Kotoba", format="eredan/standard", list=eredan_list())


@pytest.fixture
def public_deck(owner, eredan_pool) -> Deck:
    return Deck.objects.create(owner=owner, name="Shared", format="eredan/standard", list=eredan_list(), public=True)


def url(deck: Deck, suffix: str = "") -> str:
    return f"/api/decks/{deck.pk}/{suffix}"


def test_the_owner_creates_a_deck_and_gets_its_etag(owner_api, eredan_pool):
    response = owner_api.post(
        "/api/decks/", {"name": "Neu", "format": "eredan/standard", "list": "1 Iro"}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["owner"] == "alice" and body["version"] == 1 and body["game"] == "eredan"
    assert response["ETag"] == f'"deck-{body["id"]}-v1"'


def test_a_deck_with_an_unknown_format_is_refused(owner_api, db):
    response = owner_api.post("/api/decks/", {"name": "X", "format": "eredan/nope"}, format="json")
    assert response.status_code == 400
    assert "format" in response.json()["errors"]


@pytest.mark.parametrize("field, value", [("name", 5), ("list", 7), ("name", True)])
def test_a_number_where_the_schema_says_text_is_refused(owner_api, eredan_pool, field, value):
    body = {"name": "Neu", "format": "eredan/standard", "list": "1 Iro", field: value}
    response = owner_api.post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not Deck.objects.exists()


# -- the privacy matrix ------------------------------------------------------------------------


def test_list_shows_the_owner_only_their_decks(owner_api, stranger_api, private_deck, public_deck):
    assert {d["id"] for d in owner_api.get("/api/decks/").json()["results"]} == {private_deck.pk, public_deck.pk}
    assert stranger_api.get("/api/decks/").json()["results"] == []


def test_list_of_public_decks_never_shows_private_ones(stranger_api, anon, private_deck, public_deck):
    for client in (stranger_api, anon):
        ids = [d["id"] for d in client.get("/api/decks/?public=1").json()["results"]]
        assert ids == [public_deck.pk]


def test_anonymous_list_without_public_is_refused(anon, private_deck):
    assert anon.get("/api/decks/").status_code in (401, 403)


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_another_user_gets_404_for_a_private_deck(stranger_api, private_deck, method):
    response = getattr(stranger_api, method)(url(private_deck), {"name": "mine now"}, format="json")
    assert response.status_code == 404
    private_deck.refresh_from_db()
    assert private_deck.name == "Kotoba"


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_anonymous_gets_401_or_403_for_a_private_deck(anon, private_deck, method):
    response = getattr(anon, method)(url(private_deck), {"name": "x"}, format="json")
    assert response.status_code in (401, 403)
    assert Deck.objects.filter(pk=private_deck.pk, name="Kotoba").exists()


@pytest.mark.parametrize("client_name", ["stranger_api", "anon"])
def test_a_public_deck_is_readable_but_read_only_for_others(request, public_deck, client_name):
    client = request.getfixturevalue(client_name)
    assert client.get(url(public_deck)).json()["name"] == "Shared"
    assert client.get(url(public_deck, "validation/")).status_code == 200
    assert client.get(url(public_deck, "export/")).status_code == 200
    for method in ("put", "patch", "delete"):
        assert getattr(client, method)(url(public_deck), {"name": "x"}, format="json").status_code in (401, 403)
    assert Deck.objects.filter(pk=public_deck.pk, name="Shared").exists()


def test_the_owner_reads_updates_and_deletes(owner_api, private_deck):
    assert owner_api.get(url(private_deck)).status_code == 200
    response = owner_api.patch(url(private_deck), {"name": "Renamed", "public": True}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 2
    body = owner_api.get(url(private_deck)).json()
    assert owner_api.put(url(private_deck), {**body, "name": "Again"}, format="json").json()["name"] == "Again"
    assert owner_api.delete(url(private_deck)).status_code == 204
    assert not Deck.objects.filter(pk=private_deck.pk).exists()


@pytest.mark.parametrize("suffix", ["validation/", "export/", "missing/"])
def test_the_actions_of_a_private_deck_are_private(stranger_api, anon, private_deck, suffix):
    assert stranger_api.get(url(private_deck, suffix)).status_code == 404
    assert anon.get(url(private_deck, suffix)).status_code in (401, 403)


# -- ETag and If-Match -------------------------------------------------------------------------


def test_a_stale_if_match_answers_412_and_changes_nothing(owner_api, private_deck):
    etag = owner_api.get(url(private_deck))["ETag"]
    first = owner_api.patch(url(private_deck), {"name": "Tab 1"}, format="json", HTTP_IF_MATCH=etag)
    assert first.status_code == 200
    assert first["ETag"] != etag
    second = owner_api.patch(url(private_deck), {"name": "Tab 2"}, format="json", HTTP_IF_MATCH=etag)
    assert second.status_code == 412
    assert second.json()["code"] == "precondition_failed"
    assert owner_api.delete(url(private_deck), HTTP_IF_MATCH=etag).status_code == 412
    private_deck.refresh_from_db()
    assert private_deck.name == "Tab 1"


def test_a_current_if_match_is_honoured_for_put_and_delete(owner_api, private_deck):
    response = owner_api.get(url(private_deck))
    body = {**response.json(), "list": "1 Iro\n"}
    updated = owner_api.put(url(private_deck), body, format="json", HTTP_IF_MATCH=response["ETag"])
    assert updated.status_code == 200
    assert owner_api.delete(url(private_deck), HTTP_IF_MATCH=updated["ETag"]).status_code == 204


def test_if_none_match_answers_304(owner_api, private_deck):
    etag = owner_api.get(url(private_deck))["ETag"]
    assert owner_api.get(url(private_deck), HTTP_IF_NONE_MATCH=etag).status_code == 304


# -- validation, export, missing cards ----------------------------------------------------------


def test_validation_of_a_saved_deck(owner_api, private_deck):
    result = owner_api.get(url(private_deck, "validation/")).json()
    assert result["legal"] is True and result["format"] == "eredan/standard"


def test_validation_takes_as_of_and_refuses_a_bad_date(owner_api, private_deck):
    assert owner_api.get(url(private_deck, "validation/") + "?as_of=2026-01-01").status_code == 200
    assert owner_api.get(url(private_deck, "validation/") + "?as_of=soon").status_code == 400


def test_export_is_text_that_validates_the_same(owner_api, anon, private_deck):
    response = owner_api.get(url(private_deck, "export/"))
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    result = anon.post("/api/decks/validate/", {"format": "eredan/standard", "list": text}, format="json").json()
    assert result["legal"] is True and result["summary"]["count"] == 23


def test_missing_lists_what_the_collection_lacks(owner, owner_api, private_deck, eredan_pool):
    CollectionItem.objects.create(owner=owner, card=eredan_pool["iro"], count=1)
    CollectionItem.objects.create(owner=owner, card=eredan_pool["filler-00"], count=1)
    rows: list[dict[str, Any]] = owner_api.get(url(private_deck, "missing/")).json()
    by_card = {r["card"]: r for r in rows}
    assert "iro" not in by_card
    assert by_card["filler-00"] == {"card": "filler-00", "name": "Füllkarte 00", "needed": 2, "owned": 1, "missing": 1}
    assert by_card["amaya"]["missing"] == 1
    assert len(rows) == 2 + 1 + 9  # Amaya, Aku, filler-00, filler-01..09
