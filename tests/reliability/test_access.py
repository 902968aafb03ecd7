"""Access control of every object endpoint: owner / other user / anonymous x list, read, create,
update, delete (issue 8 item 3).

One table, one parametrised test. The objects belong to alice ("owner"); bob is "other"; "anon"
sends no credentials; "staff" is an administrator (charge pins are theirs alone). Clients sign in
with real API tokens, so token authentication is part of what is tested.

What the table fixes: another user's private object answers 404 (its existence is private too);
an anonymous write answers 401 or 403; lists never show another user's private objects. Where the
design makes an object public on purpose it says so: a deck marked public is readable by anyone but
changeable by its owner only (403); anyone may spectate a match (no hand is shown) and read the log of a
running match as the table saw it (no seed, no deck; tests/matches/test_log.py checks what it
withholds), while a seat's view and acting for a seat are its user's (403).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pytest
from django.core.files.base import ContentFile
from rest_framework.test import APIClient

from accounts.models import User
from accounts.tokens import token_create
from cards.models import Card, Game
from cards.services import card_import
from charges.models import ChargePin
from decks.models import CollectionItem, Deck
from engine.games import get_game
from printing.models import PrintJob
from tests.matches.conftest import create_body

DENIED = (401, 403)  # anonymous: DRF answers 403 when the first authentication class (session) has no challenge
KATANA = {"game": "eredan", "card": "katana"}


class World:
    """The objects under test, all alice's, each built the first time a row needs it."""

    def __init__(self, users: dict[str, User]) -> None:
        self.users = users

    @cached_property
    def card(self) -> Card:
        game, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan iTCG"})
        return Card.objects.create(game=game, slug="katana", name="Katana", type="weapon")

    @cached_property
    def deck(self) -> Deck:
        return Deck.objects.create(owner=self.users["owner"], name="Alice private", format="eredan/standard")

    @cached_property
    def public_deck(self) -> Deck:
        return Deck.objects.create(
            owner=self.users["owner"], name="Alice public", format="eredan/standard", public=True
        )

    @cached_property
    def item(self) -> CollectionItem:
        return CollectionItem.objects.create(owner=self.users["owner"], card=self.card, count=2)

    @cached_property
    def job(self) -> PrintJob:
        job = PrintJob.objects.create(owner=self.users["owner"], title="alice", status=PrintJob.Status.DONE, total=1)
        job.pdf.save("alice.pdf", ContentFile(b"%PDF-1.4 alice"))
        return job

    @cached_property
    def match(self) -> int:
        """A running dufo match: alice (seat 0) against the random AI."""
        body = create_body(options={"first_player": 0})
        # Only the cards the two decks name: importing the whole set would double the row's time.
        named = {line.split(" ", 1)[1] for deck in body["decks"] for line in deck["list"].splitlines() if " " in line}
        cards = [card for card in get_game("kamelo").bundled_cards() if card["name"] in named]
        card_import(cards=cards, game="kamelo", source="kamelo")
        response = client_for(self.users["owner"]).post("/api/matches/", body, format="json")
        assert response.status_code == 201, response.content
        return int(response.json()["id"])

    @cached_property
    def pin(self) -> int:
        return ChargePin.objects.create(card=self.card, format="eredan/quilingo", charge=20).pk


def client_for(user: User | None) -> APIClient:
    """An API client with the user's token (none for anonymous)."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION="Token " + token_create(user=user, name="test")[1])
    return client


@dataclass(frozen=True)
class Row:
    """One request and what it must answer. `url` and `body` may name world objects as {deck} etc."""

    resource: str
    action: str
    actor: str
    method: str
    url: str
    expect: int | tuple[int, ...]
    body: dict[str, Any] | None = None
    lists: str | None = None  # for list rows: the world object that the answer must show / must hide
    shows: bool = False

    @property
    def id(self) -> str:
        return f"{self.resource}-{self.action}-{self.actor}"


def rows_for(resource: str, action: str, method: str, url: str, expect: dict[str, Any], **extra: Any) -> list[Row]:
    """One row per actor of `expect` ({actor: status})."""
    return [Row(resource, action, actor, method, url, status, **extra) for actor, status in expect.items()]


def deck_rows() -> list[Row]:
    new_deck = {"name": "New", "format": "eredan/standard", "list": ""}
    return [
        Row("deck", "list", "owner", "GET", "/api/decks/", 200, lists="deck", shows=True),
        Row("deck", "list", "other", "GET", "/api/decks/", 200, lists="deck"),
        Row("deck", "list", "anon", "GET", "/api/decks/", DENIED),
        Row("deck", "list-public", "other", "GET", "/api/decks/?public=1", 200, lists="deck"),
        Row("deck", "list-public", "anon", "GET", "/api/decks/?public=1", 200, lists="deck"),
        *rows_for("deck", "read", "GET", "/api/decks/{deck}/", {"owner": 200, "other": 404, "anon": DENIED}),
        *rows_for("deck", "validation", "GET", "/api/decks/{deck}/validation/", {"other": 404, "anon": DENIED}),
        *rows_for("deck", "create", "POST", "/api/decks/", {"owner": 201, "anon": DENIED}, body=new_deck),
        *rows_for(
            "deck",
            "update",
            "PATCH",
            "/api/decks/{deck}/",
            {"owner": 200, "other": 404, "anon": DENIED},
            body={"name": "Renamed"},
        ),  # fmt: skip
        *rows_for("deck", "delete", "DELETE", "/api/decks/{deck}/", {"owner": 204, "other": 404, "anon": DENIED}),
        *rows_for("public-deck", "read", "GET", "/api/decks/{public_deck}/", {"other": 200, "anon": 200}),
        *rows_for(
            "public-deck",
            "update",
            "PATCH",
            "/api/decks/{public_deck}/",
            {"other": 403, "anon": DENIED},
            body={"name": "Stolen"},
        ),  # fmt: skip
        *rows_for("public-deck", "delete", "DELETE", "/api/decks/{public_deck}/", {"other": 403, "anon": DENIED}),
        *rows_for(
            "deck", "print", "POST", "/api/print/", {"owner": 200, "other": 404, "anon": 404}, body={"deck": "{deck}"}
        ),  # fmt: skip
    ]


def collection_rows() -> list[Row]:
    return [
        Row("collection", "list", "owner", "GET", "/api/collection/", 200, lists="item", shows=True),
        Row("collection", "list", "other", "GET", "/api/collection/", 200, lists="item"),
        Row("collection", "list", "anon", "GET", "/api/collection/", DENIED),
        *rows_for("collection", "read", "GET", "/api/collection/{item}/", {"owner": 200, "other": 404, "anon": DENIED}),
        *rows_for(
            "collection",
            "create",
            "POST",
            "/api/collection/",
            {"owner": 200, "anon": DENIED},
            body={**KATANA, "count": 3},
        ),  # fmt: skip
        *rows_for(
            "collection",
            "update",
            "PATCH",
            "/api/collection/{item}/",
            {"owner": 200, "other": 404, "anon": DENIED},
            body={"count": 5},
        ),  # fmt: skip
        *rows_for(
            "collection", "delete", "DELETE", "/api/collection/{item}/", {"owner": 204, "other": 404, "anon": DENIED}
        ),  # fmt: skip
        *rows_for("collection", "export", "GET", "/api/collection/export/", {"anon": DENIED}),
    ]


def match_rows() -> list[Row]:
    act = {"player": 0, "action": "end_turn", "version": 0}
    return [
        Row("match", "list", "owner", "GET", "/api/matches/", 200, lists="match", shows=True),
        Row("match", "list", "other", "GET", "/api/matches/", 200, lists="match"),
        Row("match", "list", "anon", "GET", "/api/matches/", DENIED),
        *rows_for("match", "spectate", "GET", "/api/matches/{match}/", {"other": 200, "anon": 200}),
        *rows_for(
            "match", "read-seat", "GET", "/api/matches/{match}/?player=0", {"owner": 200, "other": 403, "anon": 403}
        ),  # fmt: skip
        # a running match's log: everyone gets what they may see (no seed, no deck, hiding actions hidden)
        *rows_for("match", "log", "GET", "/api/matches/{match}/log/", {"owner": 200, "other": 200, "anon": 200}),
        *rows_for("match", "create", "POST", "/api/matches/", {"anon": DENIED}, body={"game": "kamelo"}),
        *rows_for("match", "act", "POST", "/api/matches/{match}/actions/", {"other": 403, "anon": DENIED}, body=act),
        *rows_for("match", "delete", "DELETE", "/api/matches/{match}/", {"owner": 405, "other": 405}),
    ]


def print_job_rows() -> list[Row]:
    return [
        *rows_for("print-job", "read", "GET", "/api/print/jobs/{job}/", {"owner": 200, "other": 404, "anon": DENIED}),
        *rows_for(
            "print-job", "pdf", "GET", "/api/print/jobs/{job}/pdf/", {"owner": 200, "other": 404, "anon": DENIED}
        ),  # fmt: skip
        *rows_for(
            "print-job",
            "create",
            "POST",
            "/api/print/",
            {"owner": 200, "anon": 200},
            body={"cards": [{**KATANA, "count": 1}]},
        ),  # fmt: skip
        *rows_for("print-job", "delete", "DELETE", "/api/print/jobs/{job}/", {"owner": 405, "other": 405}),
    ]


def pin_rows() -> list[Row]:
    new_pin = {**KATANA, "format": "eredan/quilingo", "charge": 30}
    return [
        Row("charge-pin", "list", "staff", "GET", "/api/charges/pins/", 200, lists="pin", shows=True),
        *rows_for("charge-pin", "list", "GET", "/api/charges/pins/", {"owner": 403, "anon": DENIED}),
        *rows_for(
            "charge-pin",
            "create",
            "POST",
            "/api/charges/pins/",
            {"staff": 201, "owner": 403, "anon": DENIED},
            body=new_pin,
        ),  # fmt: skip
    ]


ROWS = [*deck_rows(), *collection_rows(), *match_rows(), *print_job_rows(), *pin_rows()]


def fill(value: Any, world: World) -> Any:
    """Replace the {object} placeholders of a URL or body with the world's ids."""
    if isinstance(value, dict):
        return {key: fill(item, world) for key, item in value.items()}
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return getattr(world, value[1:-1]).pk
    if isinstance(value, str) and "{" in value:
        name = value.split("{", 1)[1].split("}", 1)[0]
        obj = getattr(world, name)
        return value.replace("{" + name + "}", str(getattr(obj, "pk", obj)))
    return value


def listed_ids(data: Any) -> set[int]:
    return {int(entry["id"]) for entry in (data["results"] if isinstance(data, dict) else data)}


@pytest.fixture
def world(db: Any, media: Any) -> World:
    # Users without a password: hashing one costs about a second here, and tokens need none.
    users = {"owner": "alice", "other": "bob", "staff": "admin"}
    world = World({role: User.objects.create(username=name, is_staff=role == "staff") for role, name in users.items()})
    assert world.card.pk  # the card that create rows name (cheap, so always there)
    return world


@pytest.fixture
def media(settings: Any, tmp_path: Any) -> Any:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.mark.django_db
@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_access_matrix(row: Row, world: World) -> None:
    target = getattr(world, row.lists) if row.lists else None
    url = fill(row.url, world)
    body = fill(row.body, world) if row.body is not None else None
    client = client_for(world.users.get(row.actor))
    data = None if body is None else json.dumps(body)
    response = client.generic(row.method, url, data=data, content_type="application/json")
    expected = row.expect if isinstance(row.expect, tuple) else (row.expect,)
    assert response.status_code in expected, (row.id, response.status_code, response.content[:300])
    if target is not None:
        target_id = int(getattr(target, "pk", target))
        assert (target_id in listed_ids(response.json())) is row.shows, row.id
