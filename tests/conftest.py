"""Fixtures shared by every test: users, API clients, the bundled cards on demand."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

from accounts.models import User

# Property tests run on shared, busy machines: how long generating an example takes says nothing
# about the code (a 60-example test once failed Hypothesis' too_slow check while other suites ran).
settings.register_profile("kartothek", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kartothek")


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Every test starts with an empty cache: throttle counts and sign-in lockouts of one test
    (all from 127.0.0.1) must not refuse the next test's requests."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous API client."""
    return APIClient()


def _user(username: str, **extra: Any) -> User:
    return User.objects.create_user(username=username, password="pw-" + username, **extra)


@pytest.fixture
def user(db: Any) -> User:
    return _user("alice")


@pytest.fixture
def other_user(db: Any) -> User:
    return _user("bob")


@pytest.fixture
def staff_user(db: Any) -> User:
    return _user("staff", is_staff=True)


@pytest.fixture
def user_client(user: User) -> APIClient:
    """An API client signed in as `user` (alice)."""
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def other_client(other_user: User) -> APIClient:
    """An API client signed in as `other_user` (bob)."""
    client = APIClient()
    client.force_authenticate(other_user)
    return client


@pytest.fixture
def staff_client(staff_user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(staff_user)
    return client


# The bundled cards as raw rows, per test process and database: imported once (the import validates,
# derives and indexes every card), then written back by one executemany per table for every later
# test (each test's transaction is rolled back, so each starts without them).
_BUNDLED_ROWS: dict[str, tuple[Any, list[tuple[str, list[tuple[Any, ...]]]]]] = {}


def _card_tables() -> list[str]:
    """The cards app's tables an import fills (the games and guilds exist from migrate on)."""
    from django.apps import apps

    from cards.models import Game, Guild

    models = apps.get_app_config("cards").get_models(include_auto_created=True)
    return [m._meta.db_table for m in models if m not in (Game, Guild)]


def _insert_sql(connection: Any, table: str, width: int) -> str:
    marks = ", ".join(["%s"] * width)
    return f"INSERT INTO {connection.ops.quote_name(table)} VALUES ({marks})"


def _db_value(connection: Any, value: Any) -> Any:
    """A raw value read back, ready to be written again (PostgreSQL hands out JSON as dicts)."""
    if connection.vendor == "postgresql" and isinstance(value, dict | list):
        from psycopg.types.json import Jsonb

        return Jsonb(value)
    return value


def _base_rows() -> tuple[Any, ...]:
    """The ids of the games and guilds the kept rows point to (a transactional test's flush makes
    them anew with other ids)."""
    from cards.models import Game, Guild

    games = tuple(Game.objects.order_by("id").values_list("id", "slug"))
    return games + tuple(Guild.objects.order_by("id").values_list("id", "slug"))


@pytest.fixture
def bundled_cards(db: Any) -> None:
    """Every bundled card set of the five games in the test database, as ``import_cards`` leaves them.

    The first test of a process imports them and keeps the tables' raw rows; later tests get the
    same rows back. Foreign keys are checked at commit (SQLite and PostgreSQL alike), so the
    tables' order does not matter; the rows keep their ids, so every test sees the same cards."""
    from django.db import connection, transaction

    from cards.services import card_import
    from engine.games import all_games

    base = _base_rows()
    held = _BUNDLED_ROWS.get(connection.vendor)
    if held is None or held[0] != base:  # first use, or a flush made the games and guilds anew
        for game in all_games():
            card_import(cards=game.bundled_cards(), game=game.slug, source=game.slug)
        with connection.cursor() as cursor:
            tables = []
            for table in _card_tables():
                cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
                tables.append((table, [tuple(row) for row in cursor.fetchall()]))
        _BUNDLED_ROWS[connection.vendor] = (base, tables)
        return
    # One transaction: a transactional test runs in autocommit, where each statement's deferred
    # foreign keys would be checked on its own (a card's guilds before the card).
    with transaction.atomic(), connection.cursor() as cursor:
        for table, rows in held[1]:
            if not rows:
                continue
            values = [tuple(_db_value(connection, v) for v in row) for row in rows]
            if connection.vendor == "postgresql":  # COPY: one stream, not a round trip per row
                with cursor.cursor.copy(f"COPY {connection.ops.quote_name(table)} FROM STDIN") as copy:
                    for row in values:
                        copy.write_row(row)
            else:
                cursor.executemany(_insert_sql(connection, table, len(rows[0])), values)
