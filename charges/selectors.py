"""Reads of the charge system: the list in force at a date (E6), bans, history, diffs.

Decided here (and in docs/charges.md):
- The list in force at ``as_of`` is the newest list of the game dated on or before ``as_of``
  (ties: the one created last). Active charge pins created after that list was computed, and on
  or before ``as_of``, override its values (pins made before are already inside the list).
- With no list in force every card has its start value: 200 for a card banned when the system
  began (E7), 0 for any other.
- A card missing from a list (imported after it was computed) has 20 when released after the
  list's newest counted tournament (E7's new card), else its start value.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Hashable
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.signals import setting_changed
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import QuerySet
from django.dispatch import receiver
from django.utils import timezone

from cards.models import Card, Game
from cards.signals import data_changed, data_version, local_version
from charges.conf import CHARGE_GAMES, charge_constants
from charges.models import ChargeList, ChargePin, ChargeValue


def has_charges(game: str) -> bool:
    """Whether the game has charges at all (E6: only Eredan)."""
    return game in CHARGE_GAMES


def charge_list_in_force(*, game: str, as_of: date | None = None) -> ChargeList | None:
    """The newest charge list of ``game`` dated on or before ``as_of`` (default: today), or None."""
    as_of = as_of or timezone.localdate()
    return ChargeList.objects.filter(game__slug=game, date__lte=as_of).order_by("-date", "-created", "-id").first()


def _start_values(game: str, charge_list: ChargeList | None) -> dict[str, int]:
    """Every card's value when the list does not hold it (the module docstring's rules)."""
    constants = charge_constants()
    newest = charge_list.parameters.get("newest_tournament") if charge_list else None
    newest_date = date.fromisoformat(newest) if newest else None
    values: dict[str, int] = {}
    rows = Card.objects.filter(game__slug=game).values_list("slug", "banned_at_start", "set__released")
    for slug, banned, released in rows:
        if banned:
            values[slug] = constants.banned_start_charge
        elif newest_date and released and released > newest_date:
            values[slug] = constants.new_card_charge
        else:
            values[slug] = 0
    return values


def active_pins(*, game: str) -> QuerySet[ChargePin]:
    """Active charge pins of ``game``'s cards, newest first."""
    return ChargePin.objects.filter(active=True, charge__isnull=False, card__game__slug=game).order_by(
        "-created", "-id"
    )


def pinned_charges(*, game: str, after: Any = None, until: date | None = None) -> dict[str, int]:
    """slug -> pinned charge of the active pins (the newest pin of a card wins), created in the window."""
    pins = active_pins(game=game)
    if after is not None:
        pins = pins.filter(created__gt=after)
    if until is not None:
        pins = pins.filter(created__date__lte=until)
    result: dict[str, int] = {}
    for slug, charge in pins.values_list("card__slug", "charge"):
        result.setdefault(slug, charge)
    return result


def charges_of_list(charge_list: ChargeList) -> dict[str, int]:
    """slug -> charge as stored in one list."""
    return dict(ChargeValue.objects.filter(list=charge_list).values_list("card__slug", "charge"))


def charges_in_force(*, game: str, as_of: date | None = None) -> dict[str, int]:
    """Every card of ``game`` -> its charge in force at ``as_of`` (default today), E6; {} without charges."""
    if not has_charges(game):
        return {}
    as_of = as_of or timezone.localdate()
    charge_list = charge_list_in_force(game=game, as_of=as_of)
    charges = _start_values(game, charge_list)
    if charge_list is not None:
        charges.update(charges_of_list(charge_list))
    charges.update(pinned_charges(game=game, after=charge_list.created if charge_list else None, until=as_of))
    return charges


# -- today's charges and the bans, kept per process until the data version moves -------------------

T = TypeVar("T")
_MEMO: dict[Hashable, tuple[Hashable, Any]] = {}
_MEMO_LOCK = threading.Lock()


def rows_stamp(game: str) -> tuple[Any, ...]:
    """What the database says of the game's cards, charge lists and pins, in one raw query (the
    ORM's query building would cost more than the query): the game's data version and newest card
    update, the lists' count and newest id, the pins' count and newest id, and a
    checksum of the pins' cards, charges, bans and active flags (pins have no `updated`). An edit
    of only a pin's format or of a stored value shows in the game's data version, which the
    charges signals bump (charges/signals.py); one made without signals goes unseen.

    On SQLite the answer is kept per connection while the database has not changed: SQLite's
    ``PRAGMA data_version`` moves when another connection commits, and the connection's own
    ``total_changes`` when it writes (with or without a signal), so both unchanged means the
    query would answer the same (and the pragma costs a tenth of it)."""
    return _kept_rows(game, lambda: _rows_stamp_query(game))


def _kept_rows(key: str, query: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
    """``query()``, on SQLite kept per connection while the database has not changed (see
    ``rows_stamp``); on another database asked every time."""
    raw = _sqlite_connection()
    if raw is None:
        return query()
    version = (raw.execute("PRAGMA data_version").fetchone()[0], raw.total_changes)
    kept: dict[str, tuple[Any, ...]] = _KEPT_ROWS.__dict__.setdefault("by_key", {})
    held = kept.get(key)
    if held is not None and held[0] is raw and held[1] == version:
        return held[2]
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
    card, game_table = Card._meta.db_table, Game._meta.db_table
    lists, pins = ChargeList._meta.db_table, ChargePin._meta.db_table
    return (
        # g.data_version moves with every card write, deletes included (cards/signals.py); the
        # newest update (an index read) also catches writes that sent no signal.
        f"SELECT g.data_version,"
        f" (SELECT MAX(c.updated) FROM {card} c WHERE c.game_id = g.id),"
        f" (SELECT COUNT(*) FROM {lists} l WHERE l.game_id = g.id),"
        f" (SELECT MAX(l.id) FROM {lists} l WHERE l.game_id = g.id),"
        f" (SELECT COUNT(*) FROM {pins}), (SELECT MAX(id) FROM {pins}),"
        f" (SELECT SUM(id * (1 + 2 * CAST(active AS INTEGER) + 4 * CAST(banned AS INTEGER)"
        f" + 8 * (COALESCE(charge, -1) + 1)) + card_id) FROM {pins})"
        f" FROM {game_table} g WHERE g.slug = %s"
    )


def rows_stamp_all() -> tuple[Any, ...]:
    """``rows_stamp`` of every game, in one query (a search may span all games), kept as it is."""
    return _kept_rows("*", _rows_stamp_all_query)


def _rows_stamp_all_query() -> tuple[Any, ...]:
    with connection.cursor() as cursor:
        cursor.execute(_rows_stamp_all_sql())
        return tuple(tuple(row) for row in cursor.fetchall())


@functools.cache
def _rows_stamp_all_sql() -> str:
    head, _, _ = _rows_stamp_sql().rpartition(" WHERE ")
    return head.replace("SELECT ", "SELECT g.id, ", 1) + " ORDER BY g.id"


def data_stamp_all() -> tuple[Any, ...]:
    """``data_stamp`` for readers of every game's cards (a search across games): one token and,
    with a process-local cache, one database stamp for all games."""
    if cache_is_local():
        return ("*", local_today(), local_version(), *rows_stamp_all())
    return ("*", local_today(), data_version())


def data_stamp(*, game: str) -> tuple[Any, ...]:
    """The key of every per-process copy of ``game``'s cards and charges: today's date (the list
    in force moves at midnight), the data version token (cards/signals.py) and, when the cache is
    process-local (no Redis: other processes' bumps are not seen), this process's count of bumps
    in its place and the database's own stamp."""
    if cache_is_local():
        return (game, local_today(), local_version(), *rows_stamp(game))
    return (game, local_today(), data_version())


_TODAY: tuple[float, float, str, date] = (0.0, 0.0, "", date.min)  # valid from, until, zone, the date


def local_today() -> date:
    """``timezone.localdate()`` in the site's zone (``TIME_ZONE``; nothing here activates another),
    kept from one local midnight to the next: every request's stamp asks, and the time zone
    conversion costs ten times the clock read."""
    global _TODAY
    now, zone = time.time(), settings.TIME_ZONE
    since, until, kept_zone, day = _TODAY
    if since <= now < until and zone == kept_zone:
        return day
    local = timezone.localtime()
    _TODAY = (*day_bounds(local), zone, local.date())
    return local.date()


def day_bounds(moment: datetime) -> tuple[float, float]:
    """The POSIX times of the local midnights that begin and end ``moment``'s day (aware). The
    arithmetic is on the wall clock, so a day with a DST change lasts 23 or 25 hours."""
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight.timestamp(), (midnight + timedelta(days=1)).timestamp()


@functools.cache
def cache_is_local() -> bool:
    """Whether the default cache lives in this process only (so other processes' tokens are
    unseen). Asked on every request: the answer is kept until the CACHES setting changes."""
    return isinstance(caches["default"], LocMemCache | DummyCache)


@receiver(setting_changed, dispatch_uid="charges-cache-is-local")
def _caches_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":
        cache_is_local.cache_clear()


def _memo(key: Hashable, stamp: Hashable, build: Callable[[], T]) -> T:
    """``build()``'s answer, kept per process under ``key`` until ``stamp`` changes."""
    with _MEMO_LOCK:
        held = _MEMO.get(key)
    if held is not None and held[0] == stamp:
        value: T = held[1]
        return value
    value = build()
    with _MEMO_LOCK:
        _MEMO[key] = (stamp, value)
    return value


def current_charges(*, game: str, stamp: tuple[Any, ...] | None = None) -> dict[str, int]:
    """Every card of ``game`` -> its charge in force today (E6), kept per process until the data
    changes (``data_stamp``; pass it when you hold one). Shared: never change the answer."""
    if not has_charges(game):
        return {}
    stamp = stamp or data_stamp(game=game)
    return _memo(("charges", game), stamp, lambda: charges_in_force(game=game, as_of=stamp[1]))


def current_charges_forget(*, game: str) -> None:
    """Drop the kept charges of ``game`` everywhere (after an update or a pin edit, also those
    made with ``QuerySet.update``, which sends no signal)."""
    data_changed()


def charge_of(card: Card) -> int | None:
    """The card's charge in force today; None for a game without charges."""
    game = card.game.slug
    if not has_charges(game):
        return None
    charges = current_charges(game=game)
    if card.slug in charges:
        return charges[card.slug]
    return charge_constants().banned_start_charge if card.banned_at_start else 0


def banned_cards(*, game: str, format: str) -> set[str]:
    """Slugs of the cards an administrator banned in ``format`` (active ban pins)."""
    pins = ChargePin.objects.filter(active=True, banned=True, format=format, card__game__slug=game)
    return set(pins.values_list("card__slug", flat=True))


def charge_lists(*, game: str) -> QuerySet[ChargeList]:
    """The charge lists of ``game``, newest first."""
    return ChargeList.objects.filter(game__slug=game).order_by("-date", "-created", "-id")


def charge_history(*, card: Card) -> list[dict[str, Any]]:
    """The card's charge in every list of its game, oldest first: ``[{list, date, charge}]``."""
    rows = (
        ChargeValue.objects.filter(card=card)
        .order_by("list__date", "list__created", "list_id")
        .values_list("list_id", "list__date", "charge")
    )
    return [{"list": list_id, "date": day, "charge": charge} for list_id, day, charge in rows]


def charge_diff(*, game: str, before: date, after: date) -> list[dict[str, Any]]:
    """Cards whose charge differs between the lists in force at two dates: ``[{card, from, to}]``."""
    old = charges_in_force(game=game, as_of=before)
    new = charges_in_force(game=game, as_of=after)
    return [
        {"card": slug, "from": old.get(slug), "to": new.get(slug)}
        for slug in sorted(old.keys() | new.keys())
        if old.get(slug) != new.get(slug)
    ]
