"""The key of every per-process copy of a game's data, and the copies kept under such keys."""

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
from django.dispatch import receiver
from django.utils import timezone

from stamps.rows import rows_stamp, rows_stamp_all
from stamps.version import data_version, local_version

T = TypeVar("T")
_KEPT: dict[Hashable, tuple[Hashable, Any]] = {}
_KEPT_LOCK = threading.Lock()


def data_stamp(*, game: str) -> tuple[Any, ...]:
    """The key of every per-process copy of ``game``'s cards and charges: today's date (the charge
    list in force moves at midnight), the data version token and, when the cache is process-local
    (no Redis: other processes' bumps are not seen), this process's count of bumps in its place and
    the database's own stamp."""
    if cache_is_local():
        return (game, local_today(), local_version(), *rows_stamp(game))
    return (game, local_today(), data_version())


def data_stamp_all() -> tuple[Any, ...]:
    """``data_stamp`` for readers of every game's cards (a search across games): one token and,
    with a process-local cache, one database stamp for all games."""
    if cache_is_local():
        return ("*", local_today(), local_version(), *rows_stamp_all())
    return ("*", local_today(), data_version())


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


@receiver(setting_changed, dispatch_uid="stamps-cache-is-local")
def _caches_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":
        cache_is_local.cache_clear()


def kept(key: Hashable, stamp: Hashable, build: Callable[[], T]) -> T:
    """``build()``'s answer, kept per process under ``key`` until ``stamp`` changes. Shared by
    every caller: never change the answer."""
    with _KEPT_LOCK:
        held = _KEPT.get(key)
    if held is not None and held[0] == stamp:
        value: T = held[1]
        return value
    value = build()
    with _KEPT_LOCK:
        _KEPT[key] = (stamp, value)
    return value
