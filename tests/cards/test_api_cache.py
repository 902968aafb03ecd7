"""Card answers kept per process (cards.selectors.kept_answer): every change is seen at once."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone

from cards.models import Card, CardSet, Game
from charges.models import ChargeList, ChargePin, ChargeValue

pytestmark = pytest.mark.django_db(transaction=True)  # the data version moves on commit

DETAIL = "/api/cards/eredan/aez/"


@pytest.fixture
def cards(db: Any) -> Game:
    """Eredan cards aez and iro (charge 0 at the start: no list in force)."""
    game, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan iTCG"})
    card_set = CardSet.objects.create(game=game, code="base", name="Basis", released=date(2026, 1, 1))
    for slug in ("aez", "iro"):
        Card.objects.create(game=game, slug=slug, name=slug.capitalize(), type="item", set=card_set)
    return game


def search(client: Any, q: str) -> set[str]:
    return {row["slug"] for row in client.get("/api/cards/", {"game": "eredan", "q": q}).json()["results"]}


def test_a_card_edit_is_seen_at_once_by_detail_and_search(api_client: Any, cards: Game) -> None:
    assert api_client.get(DETAIL).json()["name"] == "Aez"
    assert search(api_client, "wüstenfuchs") == set()
    card = Card.objects.get(slug="aez")
    card.name = "Wüstenfuchs"
    card.save()
    card.reindex()
    assert api_client.get(DETAIL).json()["name"] == "Wüstenfuchs"
    assert search(api_client, "wüstenfuchs") == {"aez"}


def test_a_card_edit_without_signal_as_by_another_process_is_seen_at_once(api_client: Any, cards: Game) -> None:
    # Another gunicorn worker's bump does not reach this process's LocMemCache: the database stamp does.
    assert api_client.get(DETAIL).json()["name"] == "Aez"
    assert search(api_client, "type:item") == {"aez", "iro"}
    Card.objects.filter(slug="aez").update(name="Geändert", updated=timezone.now() + timedelta(seconds=1))
    assert api_client.get(DETAIL).json()["name"] == "Geändert"
    Card.objects.filter(slug="iro").delete()
    assert search(api_client, "type:item") == {"aez"}


def test_e6_a_new_charge_list_is_seen_at_once(api_client: Any, cards: Game) -> None:
    assert api_client.get(DETAIL).json()["charge"] == 0
    charge_list = ChargeList.objects.create(game=cards, date=timezone.localdate())
    ChargeValue.objects.create(list=charge_list, card=Card.objects.get(slug="aez"), charge=120)
    assert api_client.get(DETAIL).json()["charge"] == 120
    assert {row["slug"]: row["charge"] for row in api_client.get("/api/cards/?game=eredan").json()["results"]} == {
        "aez": 120,
        "iro": 0,
    }


def test_e7_a_pin_is_seen_at_once_and_its_removal_too(api_client: Any, cards: Game) -> None:
    assert api_client.get(DETAIL).json()["charge"] == 0
    pin = ChargePin.objects.create(card=Card.objects.get(slug="aez"), charge=450)
    assert api_client.get(DETAIL).json()["charge"] == 450
    ChargePin.objects.filter(pk=pin.pk).update(active=False)  # no signal: the database stamp sees it
    assert api_client.get(DETAIL).json()["charge"] == 0


def test_answers_keep_the_host_of_the_request(api_client: Any, cards: Game) -> None:
    first = api_client.get(DETAIL, HTTP_HOST="localhost").json()["image"]["full"]
    second = api_client.get(DETAIL, HTTP_HOST="127.0.0.1").json()["image"]["full"]
    assert first.startswith("http://localhost/") and second.startswith("http://127.0.0.1/")


def test_a_missing_card_is_not_kept(api_client: Any, cards: Game) -> None:
    url = "/api/cards/eredan/neu/"
    assert api_client.get(url).status_code == 404
    Card.objects.create(game=cards, slug="neu", name="Neu", type="item")
    assert api_client.get(url).json()["name"] == "Neu"


def test_a_delete_by_another_process_is_seen_through_the_games_data_version(
    api_client: Any, cards: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Redis another worker's token never reaches this process: the delete's transaction
    bumps the game's data_version, which this process reads in its database stamp."""
    import cards.signals

    assert search(api_client, "type:item") == {"aez", "iro"}
    monkeypatch.setattr(cards.signals, "data_changed", lambda: None)  # the other worker's token
    Card.objects.filter(slug="aez").delete()  # not the newest card: the newest update stays put
    assert search(api_client, "type:item") == {"iro"}
