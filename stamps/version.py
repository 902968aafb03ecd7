"""The data version: one token in the default cache that changes whenever cards or charges change.

Readers that keep per-process copies of card and charge data (the deck validator's name index,
today's charges, the bans, card answers) key them by this token instead of reloading per request.
Writers bump it after their transaction commits (never before: a reader between the bump and the
commit would file the old rows under the new token): the cards app's signals for cards, sets and
guilds, the charges app's for lists, values and pins. Bulk inserts send no signals: call
``data_changed()`` after them.

With Redis the token is shared by every worker; with a process-local cache (LocMemCache) other
processes' writes are not seen through it, so readers add the database stamp then (``stamps.keys``).
"""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "kartothek:data-version"


def data_version() -> str:
    """The current data version token (created on first use or after the cache lost it)."""
    token: str | None = cache.get(VERSION_KEY)
    if token is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        token = cache.get(VERSION_KEY) or "lost"
    return token


_bumps = 0  # this process's bumps of the token


def local_version() -> int:
    """How many times this process bumped the token. With a process-local cache that is all the
    token can say (no other process reaches it), without the cache's key checks and pickling per
    read, and no eviction or ``cache.clear()`` can lose it."""
    return _bumps


def _bump() -> None:
    global _bumps
    _bumps += 1  # a bump lost to a race between threads is harmless: both commits precede both writes
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)


def data_changed() -> None:
    """Announce changed cards or charges: a new token once the current transaction commits."""
    transaction.on_commit(_bump)
