"""The collection under /api/collection/: privacy, setting counts, CSV import (all or nothing), export."""

from __future__ import annotations

import io

import pytest

from decks.models import CollectionItem

pytestmark = pytest.mark.django_db


def upload(client, text: str, mode: str | None = None):
    data = {"file": io.BytesIO(text.encode("utf-8"))}
    data["file"].name = "collection.csv"
    if mode:
        data["mode"] = mode
    return client.post("/api/collection/import/", data, format="multipart")


def owned(user) -> dict[str, int]:
    return dict(CollectionItem.objects.filter(owner=user).values_list("card__slug", "count"))


@pytest.fixture
def owner_items(owner, eredan_pool):
    return [
        CollectionItem.objects.create(owner=owner, card=eredan_pool["iro"], count=2),
        CollectionItem.objects.create(owner=owner, card=eredan_pool["katana"], count=3),
    ]


# -- privacy -----------------------------------------------------------------------------------


def test_the_list_shows_only_the_owners_cards(owner_api, stranger_api, owner_items):
    assert {r["card"] for r in owner_api.get("/api/collection/").json()["results"]} == {"iro", "katana"}
    assert stranger_api.get("/api/collection/").json()["results"] == []


@pytest.mark.parametrize("path", ["/api/collection/", "/api/collection/export/"])
def test_anonymous_cannot_read_a_collection(anon, owner_items, path):
    assert anon.get(path).status_code in (401, 403)


def test_anonymous_cannot_write_a_collection(anon, owner, owner_items):
    assert anon.post("/api/collection/", {"game": "eredan", "card": "iro", "count": 9}, format="json").status_code in (
        401,
        403,
    )
    assert upload(anon, "game,card,count\neredan,iro,9\n").status_code in (401, 403)
    item = owner_items[0]
    assert anon.patch(f"/api/collection/{item.pk}/", {"count": 9}, format="json").status_code in (401, 403)
    assert anon.delete(f"/api/collection/{item.pk}/").status_code in (401, 403)
    assert owned(owner) == {"iro": 2, "katana": 3}


@pytest.mark.parametrize("method", ["get", "patch", "put", "delete"])
def test_another_user_gets_404_for_an_item(stranger_api, owner, owner_items, method):
    response = getattr(stranger_api, method)(f"/api/collection/{owner_items[0].pk}/", {"count": 9}, format="json")
    assert response.status_code == 404
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_the_owner_reads_updates_and_deletes_an_item(owner_api, owner, owner_items):
    item = owner_items[0]
    assert owner_api.get(f"/api/collection/{item.pk}/").json()["count"] == 2
    assert owner_api.patch(f"/api/collection/{item.pk}/", {"count": 5}, format="json").status_code == 200
    assert owned(owner)["iro"] == 5
    assert owner_api.delete(f"/api/collection/{item.pk}/").status_code == 204
    assert "iro" not in owned(owner)


def test_a_strangers_post_and_import_touch_only_their_own(stranger_api, stranger, owner, owner_items):
    assert (
        stranger_api.post("/api/collection/", {"game": "eredan", "card": "iro", "count": 1}, format="json").status_code
        == 200
    )
    assert upload(stranger_api, "game,card,count\neredan,katana,1\n").status_code == 200
    assert owned(stranger) == {"katana": 1}
    assert owned(owner) == {"iro": 2, "katana": 3}


# -- setting counts ----------------------------------------------------------------------------


def test_post_sets_a_count_by_slug_or_name_and_zero_removes(owner_api, owner, eredan_pool):
    assert (
        owner_api.post("/api/collection/", {"game": "eredan", "card": "Éclair", "count": 2}, format="json").json()[
            "count"
        ]
        == 2
    )
    assert (
        owner_api.post("/api/collection/", {"game": "eredan", "card": "eclair", "count": 4}, format="json").json()[
            "count"
        ]
        == 4
    )
    assert owned(owner) == {"eclair": 4}
    assert (
        owner_api.post("/api/collection/", {"game": "eredan", "card": "eclair", "count": 0}, format="json").status_code
        == 200
    )
    assert owned(owner) == {}


@pytest.mark.parametrize(
    "body",
    [
        {"game": "eredan", "card": "nope", "count": 1},
        {"game": "eredan", "card": "Schwert", "count": 1},
        {"game": "chess", "card": "iro", "count": 1},
        {"game": "eredan", "card": "iro", "count": -1},
        {"game": "eredan", "card": "iro", "count": "lots"},
        {"game": "eredan", "card": "iro"},
    ],
)
def test_post_refuses_bad_input(owner_api, owner, eredan_pool, body):
    response = owner_api.post("/api/collection/", body, format="json")
    assert response.status_code == 400
    assert {"detail", "code"} <= set(response.json())
    assert owned(owner) == {}


def test_the_list_filters_by_game_and_name(owner_api, owner, owner_items, card_factory):
    CollectionItem.objects.create(owner=owner, card=card_factory("duel", "drache", "Drache"), count=1)
    assert [r["card"] for r in owner_api.get("/api/collection/?game=duel").json()["results"]] == ["drache"]
    assert [r["card"] for r in owner_api.get("/api/collection/?q=KATA").json()["results"]] == ["katana"]


# -- CSV ---------------------------------------------------------------------------------------


def test_import_replaces_the_collection_by_default(owner_api, owner, owner_items):
    response = upload(owner_api, "game,card,count\neredan,Amaya,1\neredan,katana,2\neredan,katana,1\n")
    assert response.status_code == 200, response.content
    assert response.json() == {"mode": "replace", "cards": 2, "copies": 4}
    assert owned(owner) == {"amaya": 1, "katana": 3}


def test_import_in_add_mode_adds_to_what_is_owned(owner_api, owner, owner_items):
    assert upload(owner_api, "\ufeffgame,card,count\neredan,katana,2\neredan,aku,1\n", mode="add").status_code == 200
    assert owned(owner) == {"iro": 2, "katana": 5, "aku": 1}


def test_import_reports_every_bad_row_by_line_and_imports_nothing(owner_api, owner, owner_items):
    text = "game,card,count\neredan,amaya,1\neredan,nope,1\nchess,iro,1\n\neredan,aku,-2\neredan,Schwert,1\n"
    response = upload(owner_api, text)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_csv"
    assert [e["line"] for e in body["errors"]] == [3, 4, 6, 7]
    assert owned(owner) == {"iro": 2, "katana": 3}


@pytest.mark.parametrize(
    "text",
    ["card,count\niro,1\n", "name;count\n", "\n\n"],
)
def test_import_refuses_a_file_without_the_header(owner_api, owner, owner_items, text):
    response = upload(owner_api, text)
    assert response.status_code == 400
    assert response.json()["errors"][0]["line"] == 1
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_import_refuses_an_empty_file(owner_api, owner, owner_items):
    assert upload(owner_api, "").status_code == 400
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_import_refuses_an_unknown_mode_and_a_missing_file(owner_api, owner, owner_items):
    assert upload(owner_api, "game,card,count\neredan,aku,1\n", mode="merge").status_code == 400
    assert owner_api.post("/api/collection/import/", {}, format="multipart").status_code == 400
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_export_round_trips_through_import(owner_api, owner, owner_items):
    response = owner_api.get("/api/collection/export/")
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode()
    assert text.splitlines()[0] == "game,card,count"
    CollectionItem.objects.filter(owner=owner).delete()
    assert upload(owner_api, text).status_code == 200
    assert owned(owner) == {"iro": 2, "katana": 3}


@pytest.mark.parametrize("count", ["1000", "9" * 25, "9" * 5000])
def test_import_refuses_a_count_above_the_limit(owner_api, owner, owner_items, count):
    response = upload(owner_api, f"game,card,count\neredan,amaya,1\neredan,aku,{count}\n")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["line"] == 3 and "at most 999" in error["message"]
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_import_refuses_rows_of_one_card_that_add_up_above_the_limit(owner_api, owner, owner_items):
    response = upload(owner_api, "game,card,count\neredan,aku,600\neredan,amaya,1\neredan,aku,400\n")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"line": 4, "message": "1000 copies in all; at most 999 of a card"}]
    assert owned(owner) == {"iro": 2, "katana": 3}


def test_import_in_add_mode_refuses_to_go_above_the_limit_and_writes_nothing(owner_api, owner, owner_items):
    response = upload(owner_api, "game,card,count\neredan,aku,1\neredan,katana,997\n", mode="add")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"line": 3, "message": "1000 copies in all; at most 999 of a card"}]
    assert owned(owner) == {"iro": 2, "katana": 3}
    assert upload(owner_api, "game,card,count\neredan,katana,996\n", mode="add").status_code == 200
    assert owned(owner)["katana"] == 999
