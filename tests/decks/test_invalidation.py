"""Validation keeps names, charges and bans per process (issue 4's speed goal): every change of the
data is seen by the next validation, whether the cache is process-local (the database stamp sees
it) or shared (only the version token bumped on commit by the signals sees it)."""

from __future__ import annotations

from typing import Any

import pytest

import stamps.keys
from cards.models import Card
from charges import selectors as charge_selectors
from charges.models import ChargeList, ChargePin, ChargeValue
from decks.services import deck_validate
from tests.decks.conftest import eredan_list, make_card

pytestmark = pytest.mark.django_db

QUILINGO = "eredan/quilingo"


@pytest.fixture(params=["local cache", "shared cache"])
def cache_mode(request: Any, monkeypatch: Any) -> str:
    """Both ways of noticing a change: with a shared cache the database stamp is left out."""
    if request.param == "shared cache":
        monkeypatch.setattr(stamps.keys, "cache_is_local", lambda: False)
    return str(request.param)


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Any:
    """Run a write and its on-commit callbacks (the version bump), as a committed request would."""

    def run(write: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return write()

    return run


def check(text: str, fmt: str = QUILINGO) -> dict[str, Any]:
    return deck_validate(format_slug=fmt, text=text)


def codes(result: dict[str, Any]) -> list[str]:
    return [p["code"] for p in result["problems"]]


def heavy_katana(pool: dict[str, Card]) -> ChargeList:
    """A charge list (as a recompute writes it) giving Katana 600: above E6's limit of 500."""
    charge_list = ChargeList.objects.create(game=pool["katana"].game, date=charge_selectors.timezone.localdate())
    ChargeValue.objects.create(list=charge_list, card=pool["katana"], charge=600)
    return charge_list


def test_e6_a_new_charge_list_counts_at_once(eredan_pool, cache_mode, commit):
    text = eredan_list(extra="1 Katana\n")
    assert "charge_limit" not in codes(check(text))
    commit(lambda: heavy_katana(eredan_pool))
    result = check(text)
    assert "charge_limit" in codes(result)
    assert result["summary"]["charge"] == 600


def test_e6_a_recompute_counts_at_once(eredan_pool, cache_mode, commit):
    from charges.services import charge_list_recompute

    text = eredan_list(extra="1 Katana\n")
    commit(lambda: heavy_katana(eredan_pool))
    assert check(text)["summary"]["charge"] == 600
    commit(lambda: charge_list_recompute(game="eredan"))  # no tournaments: every card back to 0
    assert check(text)["summary"]["charge"] == 0


def test_e7_a_new_pin_counts_at_once(eredan_pool, cache_mode, commit):
    text = eredan_list(extra="1 Katana\n")
    assert check(text)["summary"]["charge"] == 0
    pin = commit(lambda: ChargePin.objects.create(card=eredan_pool["katana"], format=QUILINGO, charge=505))
    result = check(text)
    assert result["summary"]["charge"] == 505
    assert "charge_limit" in codes(result)
    pin.charge = 7
    commit(lambda: pin.save())
    assert check(text)["summary"]["charge"] == 7


def test_e7_a_deactivated_pin_stops_counting_at_once(eredan_pool, cache_mode, commit):
    """The admin's action deactivates with QuerySet.update (no signal): it calls the forget."""
    text = eredan_list(extra="1 Katana\n")
    commit(lambda: ChargePin.objects.create(card=eredan_pool["katana"], format=QUILINGO, charge=505))
    assert check(text)["summary"]["charge"] == 505

    def deactivate() -> None:
        ChargePin.objects.update(active=False)
        charge_selectors.current_charges_forget(game="eredan")

    commit(deactivate)
    assert check(text)["summary"]["charge"] == 0


def test_e7_a_new_ban_counts_at_once_in_its_format_only(eredan_pool, cache_mode, commit):
    text = eredan_list(extra="1 Katana\n")
    assert "banned_card" not in codes(check(text))
    commit(lambda: ChargePin.objects.create(card=eredan_pool["katana"], format=QUILINGO, banned=True))
    assert "banned_card" in codes(check(text))
    assert "banned_card" not in codes(check(text, "eredan/standard"))


def test_a_renamed_card_is_found_by_its_new_name_at_once(eredan_pool, cache_mode, commit):
    assert "unknown_card" not in codes(check(eredan_list(extra="1 Katana\n")))
    katana = eredan_pool["katana"]
    katana.name = "Wakizashi"
    commit(lambda: katana.save())
    assert "unknown_card" not in codes(check(eredan_list(extra="1 Wakizashi\n")))
    assert "unknown_card" in codes(check(eredan_list(extra="1 Katana\n")))


def test_a_new_card_is_found_at_once(eredan_pool, cache_mode, commit):
    assert "unknown_card" in codes(check(eredan_list(extra="1 Nodachi\n")))
    commit(lambda: make_card("eredan", "nodachi", "Nodachi", type="weapon"))
    assert "unknown_card" not in codes(check(eredan_list(extra="1 Nodachi\n")))


def test_a_bulk_inserted_card_is_found_at_once(eredan_pool, cache_mode):
    """Bulk inserts send no signal (the card import's first pass): an unknown name rechecks."""
    assert "unknown_card" in codes(check(eredan_list(extra="1 Nodachi\n")))
    game = eredan_pool["katana"].game
    Card.objects.bulk_create([Card(game=game, slug="nodachi", name="Nodachi", name_folded="nodachi", type="weapon")])
    assert "unknown_card" not in codes(check(eredan_list(extra="1 Nodachi\n")))


def test_a_changed_guild_counts_at_once(eredan_pool, cache_mode, commit):
    """E4: the card dicts the rules read are rebuilt too (guilds are a many-to-many)."""
    text = eredan_list(extra="1 Katana\n")
    assert "off_guild_card" not in codes(check(text))
    zil = eredan_pool["zil-potion"].guilds.get()
    commit(lambda: eredan_pool["katana"].guilds.set([zil]))
    assert "off_guild_card" in codes(check(text))


def test_validation_at_another_date_reads_that_dates_list(eredan_pool, cache_mode, commit):
    import datetime

    text = eredan_list(extra="1 Katana\n")
    commit(lambda: heavy_katana(eredan_pool))
    yesterday = charge_selectors.timezone.localdate() - datetime.timedelta(days=1)
    assert deck_validate(format_slug=QUILINGO, text=text, as_of=yesterday)["summary"]["charge"] == 0
    assert check(text)["summary"]["charge"] == 600
