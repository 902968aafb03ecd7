"""The data version: one token in the default cache that changes whenever cards or charges change.

Readers that keep per-process copies of card and charge data (the deck validator's name index,
today's charges, the bans) key them by this token instead of reloading per request. Writers bump it
after their transaction commits (never before: a reader between the bump and the commit would file
the old rows under the new token). Card saves and deletes, guild changes and set changes bump it
here; the charges app bumps it for lists, values and pins (charges/signals.py).

With Redis the token is shared by every worker; with a process-local cache (LocMemCache) other
processes' writes are not seen through it, so readers add a database stamp then
(``charges.selectors.data_stamp``). Bulk inserts send no signals: ``data_changed()`` after them.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from cards.models import Card, CardSet, Game, Guild

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


@receiver(post_save, sender=Card, dispatch_uid="cards-data-version-card-saved")
@receiver(post_delete, sender=Card, dispatch_uid="cards-data-version-card-deleted")
@receiver(post_save, sender=CardSet, dispatch_uid="cards-data-version-set-saved")
@receiver(post_delete, sender=CardSet, dispatch_uid="cards-data-version-set-deleted")
@receiver(post_save, sender=Guild, dispatch_uid="cards-data-version-guild-saved")
@receiver(post_delete, sender=Guild, dispatch_uid="cards-data-version-guild-deleted")
@receiver(m2m_changed, sender=Card.guilds.through, dispatch_uid="cards-data-version-card-guilds")
def _card_data_changed(sender: Any, instance: Any = None, **kwargs: Any) -> None:
    data_changed()
    rows_changed(game_ids=[getattr(instance, "game_id", None)])


def rows_changed(*, game_ids: Iterable[int | None]) -> None:
    """Bump the games' ``data_version`` inside the writing transaction: other processes, which do
    not see this process's token without Redis, read it in their database stamp (an O(1) read,
    where counting a game's cards grew with the catalogue). None means every game."""
    ids = set(game_ids)
    games = Game.objects.all() if None in ids else Game.objects.filter(pk__in=ids)
    games.update(data_version=F("data_version") + 1)
