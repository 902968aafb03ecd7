"""A pin or ban counts at once everywhere, the card search's `charge` field included (E7)."""

from __future__ import annotations

from typing import Any

import pytest

from charges.models import ChargePin

pytestmark = pytest.mark.django_db(transaction=True)  # the stats follow on commit


def found(api_client: Any, query: str) -> set[str]:
    rows = api_client.get("/api/cards/", {"game": "eredan", "q": query}).json()["results"]
    return {row["slug"] for row in rows}


def test_e7_a_new_pin_moves_the_card_in_charge_searches_at_once(api_client: Any, staff_client: Any, lists: Any) -> None:
    assert "aez" not in found(api_client, "charge>=300")
    pin = {"game": "eredan", "card": "aez", "charge": 300, "reason": "dominant"}
    assert staff_client.post("/api/charges/pins/", pin, format="json").status_code == 201
    assert "aez" in found(api_client, "charge>=300")
    ChargePin.objects.get().delete()
    assert "aez" not in found(api_client, "charge>=300")
