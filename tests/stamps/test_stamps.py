"""The database stamp and today's date that key every per-process copy of cards and charges
(the stamps module): cheap when nothing changed, never stale when something did."""

from __future__ import annotations

import threading
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, connections
from django.test.utils import override_settings
from django.utils import timezone

import stamps as selectors
import stamps.keys
from cards.models import Card, Game

pytestmark = pytest.mark.django_db(transaction=True)  # another connection must see the commits

SQLITE_ONLY = pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the pragma shortcut is SQLite's")


def in_another_connection(write: Any) -> None:
    """Run ``write`` in a thread of its own, so on a connection of its own, committed."""

    def run() -> None:
        try:
            write()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()


# The stamp of one game (deck validation, a game's search) and of every game (a search across games).
STAMPS = pytest.mark.parametrize("stamp", [lambda: selectors.rows_stamp("eredan"), selectors.rows_stamp_all])


@SQLITE_ONLY
@STAMPS
def test_an_unchanged_database_is_not_asked_again(eredan: Game, django_assert_num_queries: Any, stamp: Any) -> None:
    first = stamp()
    with django_assert_num_queries(0):
        assert stamp() == first


@STAMPS
def test_a_commit_of_another_connection_moves_the_stamp(eredan: Game, stamp: Any) -> None:
    first = stamp()
    later = timezone.now() + timedelta(seconds=5)
    in_another_connection(lambda: Card.objects.filter(slug="aez").update(updated=later))  # no signal
    assert stamp() != first


def test_a_write_without_signal_on_this_connection_moves_the_stamp(eredan: Game) -> None:
    first = selectors.rows_stamp("eredan")
    Card.objects.filter(slug="aez").update(updated=timezone.now() + timedelta(seconds=5))
    assert selectors.rows_stamp("eredan") != first


def test_a_new_connection_is_asked_afresh(eredan: Game) -> None:
    first = selectors.rows_stamp("eredan")
    connection.close()
    Card.objects.filter(slug="aez").update(updated=timezone.now() + timedelta(seconds=5))
    assert selectors.rows_stamp("eredan") != first


def test_today_is_the_sites_local_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stamps.keys, "_TODAY", (0.0, 0.0, "", date.min))
    assert selectors.local_today() == timezone.localdate()
    # Far east and far west of UTC the dates differ for most of the day: each zone gets its own.
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        with override_settings(TIME_ZONE=zone):
            assert selectors.local_today() == timezone.localdate()


def test_today_moves_at_midnight(monkeypatch: pytest.MonkeyPatch) -> None:
    assert selectors.local_today() == timezone.localdate()
    since, until, zone, _day = stamps.keys._TODAY
    monkeypatch.setattr(stamps.keys, "_TODAY", (since, until, zone, date(2000, 1, 1)))
    assert selectors.local_today() == date(2000, 1, 1)  # kept within the day
    monkeypatch.setattr(stamps.keys.time, "time", lambda: until)  # the next midnight
    monkeypatch.setattr(stamps.keys, "_TODAY", (since, until, zone, date(2000, 1, 1)))
    assert selectors.local_today() == timezone.localdate()


@pytest.mark.parametrize(
    ("day", "hours"),
    [(date(2026, 3, 28), 24), (date(2026, 3, 29), 23), (date(2026, 10, 25), 25)],
)
def test_a_day_ends_at_local_midnight_even_across_a_dst_change(day: date, hours: int) -> None:
    berlin = ZoneInfo("Europe/Berlin")
    since, until = selectors.day_bounds(datetime(day.year, day.month, day.day, 13, 30, tzinfo=berlin))
    assert datetime.fromtimestamp(since, berlin) == datetime(day.year, day.month, day.day, tzinfo=berlin)
    assert datetime.fromtimestamp(until, berlin).date() == day + timedelta(days=1)
    assert datetime.fromtimestamp(until, berlin).hour == 0
    assert until - since == hours * 3600


def test_a_change_of_the_cache_setting_is_seen(settings: Any) -> None:
    """Whether the cache is process-local is kept, but not past a change of CACHES."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert selectors.cache_is_local()
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://x"}}
    assert not selectors.cache_is_local()
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    assert selectors.cache_is_local()
