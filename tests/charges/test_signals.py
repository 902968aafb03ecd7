"""Every change of a charge list, value or pin reaches other processes without Redis (through the
game's data_version in their database stamp), and deleting a list of thousands of values costs a
few statements, not a signal per value."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone

import cards.signals
import stamps
import stamps.keys
from cards.models import Card, Game
from charges import selectors as charge_selectors
from charges.models import ChargeList, ChargePin, ChargeValue
from decks.services import deck_validate

pytestmark = pytest.mark.django_db

QUILINGO = "eredan/quilingo"
DECK = "Characters\n1 Iro\n\nDeck\n1 Katana\n"


@pytest.fixture
def another_process(eredan: Game, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> Any:
    """Writes as by another worker on a process-local cache: committed, but its token never
    arrives here. Answers ``write(fn)``, which runs ``fn`` and its on-commit callbacks and checks
    that this process's token stayed put (so only the database stamp can have seen the change)."""
    monkeypatch.setattr(stamps.keys, "cache_is_local", lambda: True)
    monkeypatch.setattr(cards.signals, "data_changed", lambda: None)
    monkeypatch.setattr(stamps, "data_changed", lambda: None)  # the charges signals'
    monkeypatch.setattr(charge_selectors, "data_changed", lambda: None)  # current_charges_forget's

    def write(fn: Any) -> Any:
        before = stamps.local_version()
        with django_capture_on_commit_callbacks(execute=True):
            answer = fn()
        assert stamps.local_version() == before
        return answer

    return write


def validate() -> dict[str, Any]:
    return deck_validate(format_slug=QUILINGO, text=DECK)


def codes(result: dict[str, Any]) -> list[str]:
    return [p["code"] for p in result["problems"]]


def heavy_katana(eredan: Game) -> ChargeValue:
    """Today's list, giving Katana 600 (above E6's limit of 500)."""
    charge_list = ChargeList.objects.create(game=eredan, date=timezone.localdate())
    return ChargeValue.objects.create(list=charge_list, card=Card.objects.get(slug="katana"), charge=600)


def test_an_edited_value_is_seen_by_another_process(eredan: Game, another_process: Any) -> None:
    value = another_process(lambda: heavy_katana(eredan))
    assert "charge_limit" in codes(validate())
    value.charge = 7
    another_process(value.save)
    result = validate()
    assert result["summary"]["charge"] == 7
    assert "charge_limit" not in codes(result)
    assert charge_selectors.current_charges(game="eredan")["katana"] == 7


def test_a_lists_new_date_is_seen_by_another_process(eredan: Game, another_process: Any) -> None:
    charge_list = another_process(lambda: heavy_katana(eredan)).list
    assert charge_selectors.current_charges(game="eredan")["katana"] == 600
    charge_list.date = timezone.localdate() + timedelta(days=1)  # not in force before tomorrow
    another_process(charge_list.save)
    assert charge_selectors.current_charges(game="eredan")["katana"] == 0
    assert validate()["summary"]["charge"] == 0


def test_a_pins_new_format_is_seen_by_another_process(eredan: Game, another_process: Any) -> None:
    """The pins' checksum in the stamp leaves the format out: only the data_version sees this."""
    katana = Card.objects.get(slug="katana")
    pin = another_process(lambda: ChargePin.objects.create(card=katana, format="eredan/standard", banned=True))
    assert "banned_card" not in codes(validate())
    pin.format = QUILINGO
    another_process(pin.save)
    assert "banned_card" in codes(validate())


def test_a_value_deleted_in_the_admin_is_seen_by_another_process(
    eredan: Game, another_process: Any, admin_client: Any
) -> None:
    value = another_process(lambda: heavy_katana(eredan))
    assert validate()["summary"]["charge"] == 600
    url = f"/admin/charges/chargevalue/{value.pk}/delete/"
    answer = another_process(lambda: admin_client.post(url, {"post": "yes"}))
    assert answer.status_code == 302
    assert not ChargeValue.objects.exists()
    assert validate()["summary"]["charge"] == 0


def test_values_deleted_by_the_admins_action_are_seen_by_another_process(
    eredan: Game, another_process: Any, admin_client: Any
) -> None:
    value = another_process(lambda: heavy_katana(eredan))
    assert validate()["summary"]["charge"] == 600
    form = {"action": "delete_selected", "_selected_action": [value.pk], "post": "yes"}
    answer = another_process(lambda: admin_client.post("/admin/charges/chargevalue/", form))
    assert answer.status_code == 302
    assert not ChargeValue.objects.exists()
    assert validate()["summary"]["charge"] == 0


@pytest.fixture
def big_list(eredan: Game) -> ChargeList:
    """A list of 3,000 values (a charge update writes one per card)."""
    Card.objects.bulk_create(
        Card(game=eredan, slug=f"c{n}", name=f"C{n}", name_folded=f"c{n}", type="item") for n in range(3000)
    )
    charge_list = ChargeList.objects.create(game=eredan, date=date(2026, 11, 1))
    ChargeValue.objects.bulk_create(
        ChargeValue(list=charge_list, card_id=pk, charge=5) for pk in Card.objects.values_list("pk", flat=True)
    )
    return charge_list


def data_version(game: Game) -> int:
    return Game.objects.values_list("data_version", flat=True).get(pk=game.pk)


def test_deleting_a_list_of_thousands_of_values_costs_a_few_statements(
    eredan: Game, big_list: ChargeList, django_assert_max_num_queries: Any
) -> None:
    """A delete receiver on ChargeValue would load the values and signal each (one UPDATE each):
    the cascade is one DELETE, and the list's own delete bumps the version once."""
    version = data_version(eredan)
    with django_assert_max_num_queries(6):
        big_list.delete()
    assert not ChargeValue.objects.exists()
    assert data_version(eredan) == version + 1


def test_the_admin_confirms_a_lists_delete_with_the_count_of_its_values(
    eredan: Game, big_list: ChargeList, admin_client: Any, django_assert_max_num_queries: Any
) -> None:
    """Not a line (and a query for its card) per value."""
    url = f"/admin/charges/chargelist/{big_list.pk}/delete/"
    with django_assert_max_num_queries(12):
        page = admin_client.get(url)
    assert page.status_code == 200
    assert page.content.count(b"<li>") < 10
    assert b"Charge values: 3006" in page.content  # the fixture's six cards and the 3,000
    version = data_version(eredan)
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not ChargeList.objects.exists() and not ChargeValue.objects.exists()
    assert data_version(eredan) == version + 1


def test_the_admin_refuses_a_lists_delete_to_who_may_not_delete_its_values(
    eredan: Game, big_list: ChargeList, staff_user: Any, client: Any
) -> None:
    from django.contrib.auth.models import Permission

    staff_user.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="charges", codename__in=["view_chargelist", "delete_chargelist"]
        )
    )
    client.force_login(staff_user)
    url = f"/admin/charges/chargelist/{big_list.pk}/delete/"
    assert b"charge value" in client.get(url).content  # named among what they may not delete
    assert client.post(url, {"post": "yes"}).status_code == 403
    assert ChargeValue.objects.count() == 3006
