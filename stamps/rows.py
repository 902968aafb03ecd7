"""The database's own stamp of a game's data, in one raw query (the ORM's query building would cost
more than the query), built from the columns the apps register.

The cards app registers the games table (alias ``g``, with its ``data_version`` and ``slug``) and
the newest card update; the charges app its lists' and pins' counts, newest ids and checksum. Each
column is an SQL expression over ``g`` (``register_rows``); ``rows_stamp(game)`` answers them as a
tuple, ``rows_stamp_all()`` one row per game.

On SQLite the answer is kept per connection while the database has not changed: SQLite's
``PRAGMA data_version`` moves when another connection commits, and the connection's own
``total_changes`` when it writes (with or without a signal), so both unchanged means the query
would answer the same (and the pragma costs a tenth of it).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections

Columns = Callable[[], list[str]]
_GAMES: list[Callable[[], str]] = []
_COLUMNS: list[Columns] = []


def register_rows(columns: Columns, *, games_table: Callable[[], str] | None = None) -> None:
    """Add stamp columns (SQL expressions over the games table ``g``); the cards app also names the
    games table. Called from ``AppConfig.ready``; the SQL is built on first use."""
    if games_table is not None:
        _GAMES[:] = [games_table]
    if columns not in _COLUMNS:
        _COLUMNS.append(columns)
    _rows_stamp_sql.cache_clear()
    _rows_stamp_all_sql.cache_clear()


def rows_stamp(game: str) -> tuple[Any, ...]:
    """The registered columns for ``game`` (see the module docstring)."""
    return _kept_rows(game, lambda: _rows_stamp_query(game))


def rows_stamp_all() -> tuple[Any, ...]:
    """``rows_stamp`` of every game, in one query (a search may span all games), kept as it is."""
    return _kept_rows("*", _rows_stamp_all_query)


def _kept_rows(key: str, query: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
    """``query()``, on SQLite kept per connection while the database has not changed; on another
    database asked every time."""
    raw = _sqlite_connection()
    if raw is None:
        return query()
    version = (raw.execute("PRAGMA data_version").fetchone()[0], raw.total_changes)
    kept: dict[str, tuple[Any, ...]] = _KEPT_ROWS.__dict__.setdefault("by_key", {})
    held = kept.get(key)
    if held is not None and held[0] is raw and held[1] == version:
        answer: tuple[Any, ...] = held[2]
        return answer
    # A commit between the pragma and the query is inside the answer but not the version: the
    # next call then sees a new version and asks again, never the reverse.
    stamp = query()
    kept[key] = (raw, version, stamp)
    return stamp


_KEPT_ROWS = threading.local()  # like Django's connections: one per thread


def _sqlite_connection() -> Any:
    """The SQLite connection of this thread (opened if need be), or None on another database."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each access through `connection` costs a lookup
    if db.vendor != "sqlite":
        return None
    if db.connection is None:
        db.ensure_connection()
    return db.connection


def _rows_stamp_query(game: str) -> tuple[Any, ...]:
    with connection.cursor() as cursor:
        cursor.execute(_rows_stamp_sql(), [game])
        return tuple(cursor.fetchone() or ())


@functools.cache
def _rows_stamp_sql() -> str:
    if not _GAMES:
        raise RuntimeError("no app registered the games table (cards.apps registers it at start-up)")
    columns = [column for source in _COLUMNS for column in source()]
    return f"SELECT {', '.join(columns)} FROM {_GAMES[0]()} g WHERE g.slug = %s"


def _rows_stamp_all_query() -> tuple[Any, ...]:
    with connection.cursor() as cursor:
        cursor.execute(_rows_stamp_all_sql())
        return tuple(tuple(row) for row in cursor.fetchall())


@functools.cache
def _rows_stamp_all_sql() -> str:
    head, _, _ = _rows_stamp_sql().rpartition(" WHERE ")
    return head.replace("SELECT ", "SELECT g.id, ", 1) + " ORDER BY g.id"
