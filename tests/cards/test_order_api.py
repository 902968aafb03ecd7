"""The API's `order` on `GET cards/` (issue 17): name, cost, charge and every numeric attribute of
the game, ascending or descending with a leading `-`, as the gallery sorts; cards without the value
come last either way; anything else is a 400 problem naming the value, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from cards.folding import fold
from engine.games import all_games

pytestmark = pytest.mark.django_db

GAME_KEYS = [(game.slug, key) for game in all_games() for key in (*game.schema.numeric_keys, "cost", "charge")]


def _all(client: Any, **params: Any) -> list[dict[str, Any]]:
    """Every card the list answers for ``params``, page after page (200 a page)."""
    rows: list[dict[str, Any]] = []
    page = 1
    while True:
        response = client.get("/api/cards/", {**params, "page_size": 200, "page": page})
        assert response.status_code == 200, response.json()
        body = response.json()
        rows += body["results"]
        if not body["next"]:
            return rows
        page += 1


def _value(card: dict[str, Any], key: str) -> Any:
    if key in ("cost", "charge"):
        return card.get(key)
    return card["attributes"].get(key)


def _check_sorted(rows: list[dict[str, Any]], key: str, descending: bool) -> None:
    values = [_value(card, key) for card in rows]
    present = [v for v in values if v is not None]
    assert values[: len(present)] == present, f"cards without {key} come last"
    assert present == sorted(present, reverse=descending)
    for a, b in zip(rows, rows[1:], strict=False):  # ties: by name, ascending in both directions
        if _value(a, key) == _value(b, key):
            assert fold(a["name"]) <= fold(b["name"])


@pytest.mark.parametrize(("game", "key"), GAME_KEYS, ids=[f"{g}-{k}" for g, k in GAME_KEYS])
def test_order_by_each_numeric_field_ascending_and_descending(
    api_client: Any, bundled_cards: None, game: str, key: str
) -> None:
    up = _all(api_client, game=game, order=key)
    down = _all(api_client, game=game, order=f"-{key}")
    assert len(up) == len(down) > 0
    assert {c["slug"] for c in up} == {c["slug"] for c in down}
    _check_sorted(up, key, descending=False)
    _check_sorted(down, key, descending=True)
    if any(_value(c, key) is not None for c in up) and len({_value(c, key) for c in up}) > 1:
        assert _value(up[0], key) != _value(down[0], key)  # the order really changes what comes first


def test_order_by_name_ascending_and_descending(api_client: Any, bundled_cards: None) -> None:
    up = [fold(c["name"]) for c in _all(api_client, game="eredan", order="name")]
    down = [fold(c["name"]) for c in _all(api_client, game="eredan", order="-name")]
    assert up == sorted(up) and down == sorted(down, reverse=True) and up != down


def test_order_applies_with_a_search_and_across_games(api_client: Any, bundled_cards: None) -> None:
    rows = _all(api_client, game="eredan", q="type:character", order="-attack")
    assert rows and all(c["type"] == "character" for c in rows)
    _check_sorted(rows, "attack", descending=True)
    every = _all(api_client, order="-cost")
    assert {c["game"] for c in every} == {g.slug for g in all_games()}
    _check_sorted(every, "cost", descending=True)


def test_order_continues_across_pages(api_client: Any, bundled_cards: None) -> None:
    whole = [c["slug"] for c in _all(api_client, game="kamelo", order="-ap")]
    first = api_client.get("/api/cards/", {"game": "kamelo", "order": "-ap", "page_size": 10}).json()
    second = api_client.get("/api/cards/", {"game": "kamelo", "order": "-ap", "page_size": 10, "page": 2}).json()
    assert [c["slug"] for c in first["results"] + second["results"]] == whole[:20]


def test_the_gallery_and_the_api_sort_alike(api_client: Any, client: Any, bundled_cards: None) -> None:
    """The same `order` in the gallery's URL lists the same first cards as the API."""
    page = client.get("/cards/", {"game": "eredan", "order": "-attack"}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    api = _all(api_client, game="eredan", order="-attack")
    shown = [c["slug"] for c in page.context["cards"]]
    assert shown == [c["slug"] for c in api[: len(shown)]]


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"game": "eredan", "order": "nosuch"}, "nosuch"),
        ({"game": "eredan", "order": "-nosuch"}, "-nosuch"),
        ({"game": "eredan", "order": "--attack"}, "--attack"),
        ({"game": "eredan", "order": "attack-"}, "attack-"),
        ({"game": "eredan", "order": "ap"}, "ap"),  # Ka-Mel-Oh!'s field, not Eredan's
        ({"game": "kamelo", "order": "charge;drop"}, "charge;drop"),
        ({"game": "eredan", "order": "100%"}, "100%"),
        ({"game": "eredan", "order": "-"}, "-"),
        ({"order": "nosuch"}, "nosuch"),
        ({"game": "eredan", "order": "x" * 300}, "x" * 20),
        ({"game": "eredan", "order": "attäck"}, "attäck"),
    ],
)
def test_an_unknown_order_is_a_400_problem_naming_it(
    api_client: Any, bundled_cards: None, params: dict[str, str], named: str
) -> None:
    de = api_client.get("/api/cards/", params, HTTP_ACCEPT_LANGUAGE="de")
    en = api_client.get("/api/cards/", params, HTTP_ACCEPT_LANGUAGE="en")
    assert de.status_code == en.status_code == 400
    assert de.json()["code"] == en.json()["code"] == "invalid"
    assert "order" in en.json()["errors"]
    assert named in en.json()["detail"] and named in de.json()["detail"]
    assert en.json()["detail"].startswith("order: unknown order")
    assert de.json()["detail"].startswith("order: unbekannte Reihenfolge")


def test_a_repeated_order_parameter_is_refused_or_answered_never_a_500(api_client: Any, bundled_cards: None) -> None:
    response = api_client.get("/api/cards/?game=eredan&order=attack&order=-attack")
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.json()["code"] == "invalid"
