"""`recompute_charges` and the selectors: lists dated and kept (E7), the list in force at a date (E6)."""

from __future__ import annotations

from datetime import date
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.models import Card, CardStat
from charges import selectors
from charges.models import ChargeList, ChargePin, ChargeValue
from charges.services import charge_list_recompute, tournaments_import
from tests.charges.conftest import game, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(eredan: Any) -> None:
    """Two Quilingo tournaments: iro and katana played by strong players, aez only by a weak one."""
    tournaments_import(
        data={
            "tournaments": [
                tournament("Q1", "2026-11-05", [game(1600, ["aez"], 1550, ["iro"], 1)]),
                tournament("Q2", "2026-11-12", [game(1650, ["iro", "katana", "katana"], 1500, ["aez", "katana"])]),
                tournament("Standard", "2026-11-13", [game(2000, ["schild"], 2000, ["schild"])], "eredan/standard"),
            ]
        }
    )


def test_e7_recompute_writes_a_dated_list_with_every_card(played: Any) -> None:
    out = StringIO()
    call_command("recompute_charges", "--game", "eredan", "--as-of", "2026-11-20", stdout=out)
    charge_list = ChargeList.objects.get()
    assert charge_list.date == date(2026, 11, 20)
    # The docstring's worked example: iro 200, katana 167, aez 33; the standard tournament does not count.
    assert selectors.charges_of_list(charge_list) == {
        "aez": 33,
        "iro": 200,
        "katana": 167,
        "amaya": 0,
        "schild": 0,
        "zahal": 200,
    }
    assert [t["name"] for t in charge_list.parameters["tournaments"]] == ["Q2", "Q1"]
    assert charge_list.parameters["elo_threshold"] == 1550
    assert "dated 2026-11-20: 6 cards, 4 with charge >= 5, from 2 tournament(s) and 2 game(s)" in out.getvalue()


def test_e7_a_card_banned_at_start_has_200_in_the_first_list_then_moves_with_its_use(played: Any) -> None:
    first = charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    assert first.parameters["system_start"] == "2026-11-20"
    tournaments_import(data={"tournaments": [tournament("Q3", "2026-11-26", [game(1800, ["zahal"], 1500, ["iro"])])]})
    second = charge_list_recompute(game="eredan", as_of=date(2026, 12, 1))
    # Q3 (after the start, w=1) counts zahal's use 100 * (1 + 0.01 * 250) * 1.5 = 525; Q2 and Q1 hold 200 (w=0.8, 0.64).
    assert selectors.charges_of_list(second)["zahal"] == round((525 + 0.8 * 200 + 0.64 * 200) / 2.44) == 333


def test_e7_every_past_list_is_kept(played: Any) -> None:
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 10))
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    assert ChargeList.objects.count() == 2
    assert ChargeValue.objects.count() == 12


def test_e7_recompute_writes_the_charge_search_stat(played: Any) -> None:
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    stats = dict(CardStat.objects.filter(key="charge").values_list("card__slug", "value"))
    assert stats == selectors.charges_in_force(game="eredan")
    assert stats["iro"] == 200


def test_e6_as_of_picks_the_list_in_force(played: Any) -> None:
    early = charge_list_recompute(game="eredan", as_of=date(2026, 11, 10))  # counts Q1 only
    late = charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    assert selectors.charge_list_in_force(game="eredan", as_of=date(2026, 11, 9)) is None
    assert selectors.charge_list_in_force(game="eredan", as_of=date(2026, 11, 10)) == early
    assert selectors.charge_list_in_force(game="eredan", as_of=date(2026, 11, 19)) == early
    assert selectors.charge_list_in_force(game="eredan", as_of=date(2026, 11, 20)) == late
    assert selectors.charges_in_force(game="eredan", as_of=date(2026, 11, 15))["katana"] == 0
    assert selectors.charges_in_force(game="eredan", as_of=date(2026, 11, 25))["katana"] == 167


def test_e7_without_any_list_a_card_banned_at_start_has_200_and_others_0(eredan: Any) -> None:
    charges = selectors.charges_in_force(game="eredan", as_of=date(2026, 1, 1))
    assert charges == {"aez": 0, "iro": 0, "amaya": 0, "katana": 0, "schild": 0, "zahal": 200}


def test_e7_a_card_missing_from_a_list_and_released_after_it_has_20(played: Any) -> None:
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    newer = eredan_set(released=date(2026, 11, 15))
    Card.objects.create(game=newer.game, slug="neu", name="Neu", type="item", set=newer)
    assert selectors.charges_in_force(game="eredan", as_of=date(2026, 11, 20))["neu"] == 20


def eredan_set(released: date) -> Any:
    from cards.models import CardSet, Game

    return CardSet.objects.create(game=Game.objects.get(slug="eredan"), code="neu", name="Neu", released=released)


def test_e7_a_pin_survives_an_update(played: Any, staff_user: Any) -> None:
    ChargePin.objects.create(card=Card.objects.get(slug="aez"), charge=450, created_by=staff_user, reason="too strong")
    assert selectors.charges_in_force(game="eredan")["aez"] == 450  # at once, before any update
    charge_list = charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    assert selectors.charges_of_list(charge_list)["aez"] == 450
    assert charge_list.parameters["pins"] == {"aez": 450}
    charge_list_recompute(game="eredan")
    assert selectors.current_charges(game="eredan")["aez"] == 450


def test_e7_a_deactivated_pin_stops_counting_at_the_next_update(played: Any) -> None:
    pin = ChargePin.objects.create(card=Card.objects.get(slug="aez"), charge=450)
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
    pin.active = False
    pin.save()
    later = charge_list_recompute(game="eredan", as_of=date(2026, 11, 21))
    assert selectors.charges_of_list(later)["aez"] == 33


def test_e7_bans_are_per_format_and_only_active_ones(eredan: Any) -> None:
    ChargePin.objects.create(card=Card.objects.get(slug="iro"), banned=True)
    ChargePin.objects.create(card=Card.objects.get(slug="aez"), banned=True, active=False)
    ChargePin.objects.create(card=Card.objects.get(slug="amaya"), charge=10)
    assert selectors.banned_cards(game="eredan", format="eredan/quilingo") == {"iro"}
    assert selectors.banned_cards(game="eredan", format="eredan/standard") == set()


def test_e6_charge_of_a_card_and_none_for_a_game_without_charges(played: Any) -> None:
    from cards.models import Game

    charge_list_recompute(game="eredan")
    assert selectors.charge_of(Card.objects.get(slug="iro")) == 200
    kamelo, _ = Game.objects.get_or_create(slug="kamelo", defaults={"name": "Ka-Mel-Oh!"})
    camel = Card.objects.create(game=kamelo, slug="kamel", name="Kamel", type="monster")
    assert selectors.charge_of(camel) is None
    assert selectors.current_charges(game="kamelo") == {}


def test_e7_the_command_refuses_a_bad_date_and_a_game_without_charges(eredan: Any) -> None:
    with pytest.raises(CommandError, match="not a date"):
        call_command("recompute_charges", "--as-of", "20.11.2026", stdout=StringIO())
    with pytest.raises(CommandError, match="no charges"):
        call_command("recompute_charges", "--game", "kamelo", stdout=StringIO())


def test_e7_the_scheduled_task_recomputes(played: Any) -> None:
    from charges.schedule import CHARGE_BEAT_SCHEDULE
    from charges.tasks import recompute_charges

    list_id = recompute_charges.apply(kwargs={"game": "eredan", "as_of": "2026-11-20"}).get()
    assert ChargeList.objects.get(pk=list_id).date == date(2026, 11, 20)
    entry = CHARGE_BEAT_SCHEDULE["charges-recompute-eredan"]
    assert entry["task"] == recompute_charges.name
    assert entry["schedule"].day_of_month == {1, 15}
