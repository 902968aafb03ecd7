"""The charges API: `GET charges/` (api.md, E6), diff, lists, history, pins (administrators only, E7)."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card
from charges.models import ChargePin

pytestmark = pytest.mark.django_db


def test_e6_charges_answers_the_list_in_force_with_every_card(api_client: Any, lists: Any) -> None:
    body = api_client.get("/api/charges/", {"game": "eredan", "as_of": "2026-11-15"}).json()
    assert body["date"] == "2026-11-10"
    assert [row["card"] for row in body["charges"]] == sorted(["aez", "iro", "amaya", "katana", "zahal", "schild"])
    assert {row["card"]: row["charge"] for row in body["charges"]}["iro"] == 75
    assert api_client.get("/api/charges/", {"game": "eredan", "as_of": "2026-11-25"}).json()["date"] == "2026-11-20"


def test_e6_charges_without_a_list_answers_the_start_values_and_date_null(api_client: Any, eredan: Any) -> None:
    body = api_client.get("/api/charges/", {"game": "eredan"}).json()
    assert body["date"] is None
    assert {row["card"]: row["charge"] for row in body["charges"]}["zahal"] == 200


@pytest.mark.parametrize(
    ("params", "needle"),
    [
        ({"game": "eredan", "as_of": "12.11.2026"}, "as_of"),
        ({"game": "eredan", "as_of": "2026-02-30"}, "as_of"),
        ({"game": "nosuchgame"}, "unknown game"),
        ({"game": "kamelo"}, "has no charges"),
    ],
)
def test_e6_charges_refuses_bad_input_with_400(
    api_client: Any, eredan: Any, params: dict[str, str], needle: str
) -> None:
    response = api_client.get("/api/charges/", params)
    assert response.status_code == 400
    assert needle in response.json()["detail"]


def test_e7_diff_lists_the_cards_whose_charge_changed(api_client: Any, lists: Any) -> None:
    body = api_client.get("/api/charges/diff/", {"game": "eredan", "from": "2026-11-15", "to": "2026-11-25"}).json()
    changes = {row["card"]: (row["from"], row["to"]) for row in body["changes"]}
    assert changes["katana"] == (0, 167)
    assert "amaya" not in changes
    assert body["from"]["date"] == "2026-11-10" and body["to"]["date"] == "2026-11-20"


@pytest.mark.parametrize(
    "params",
    [
        {"from": "2026-11-15"},
        {"from": "x", "to": "2026-11-25"},
        {"game": "duel", "from": "2026-11-01", "to": "2026-11-02"},
    ],
)
def test_e7_diff_refuses_bad_input(api_client: Any, eredan: Any, params: dict[str, str]) -> None:
    assert api_client.get("/api/charges/diff/", params).status_code == 400


def test_e7_lists_are_answered_newest_first(api_client: Any, lists: Any) -> None:
    body = api_client.get("/api/charges/lists/", {"game": "eredan"}).json()
    assert [row["date"] for row in body["results"]] == ["2026-11-20", "2026-11-10"]
    assert api_client.get("/api/charges/lists/", {"game": "realmon"}).status_code == 400


def test_e7_history_of_a_card(api_client: Any, lists: Any) -> None:
    body = api_client.get("/api/charges/history/katana/", {"game": "eredan"}).json()
    assert [(row["date"], row["charge"]) for row in body["history"]] == [("2026-11-10", 0), ("2026-11-20", 167)]
    assert api_client.get("/api/charges/history/nosuchcard/").status_code == 404


def test_e7_only_administrators_pin(
    api_client: Any, user_client: Any, staff_client: Any, staff_user: Any, eredan: Any
) -> None:
    pin = {"game": "eredan", "card": "iro", "charge": 300, "reason": "dominant"}
    assert api_client.post("/api/charges/pins/", pin, format="json").status_code in (401, 403)
    assert user_client.post("/api/charges/pins/", pin, format="json").status_code == 403
    assert user_client.get("/api/charges/pins/").status_code == 403
    response = staff_client.post("/api/charges/pins/", pin, format="json")
    assert response.status_code == 201, response.content
    stored = ChargePin.objects.get()
    assert (stored.card.slug, stored.charge, stored.created_by, stored.active) == ("iro", 300, staff_user, True)
    assert {r["card"]: r["charge"] for r in api_client.get("/api/charges/").json()["charges"]}["iro"] == 300


@pytest.mark.parametrize(
    "pin",
    [
        {"card": "iro"},
        {"card": "nosuchcard", "charge": 3},
        {"card": "iro", "charge": -1},
        {"card": "iro", "banned": True, "format": "kamelo/dufo"},
    ],
)
def test_e7_a_pin_must_name_a_card_and_a_charge_or_a_ban(staff_client: Any, eredan: Any, pin: dict[str, Any]) -> None:
    assert staff_client.post("/api/charges/pins/", pin, format="json").status_code == 400
    assert ChargePin.objects.count() == 0


def test_e7_pins_are_in_the_admin_for_staff_only(client: Any, staff_user: Any, user: Any, eredan: Any) -> None:
    staff_user.is_superuser = True
    staff_user.save()
    client.force_login(user)
    assert client.get("/admin/charges/chargepin/add/").status_code == 302  # to the admin's login
    client.force_login(staff_user)
    assert client.get("/admin/charges/chargepin/add/").status_code == 200
    card = Card.objects.get(slug="katana")
    response = client.post(
        "/admin/charges/chargepin/add/",
        {"card": card.pk, "format": "eredan/quilingo", "charge": "250", "reason": "why not", "active": "on"},
    )
    assert response.status_code == 302, response.content[:2000]
    assert ChargePin.objects.get().created_by == staff_user
    for page in ("tournament", "tournamentgame", "chargelist", "chargevalue", "chargepin"):
        assert client.get(f"/admin/charges/{page}/").status_code == 200
