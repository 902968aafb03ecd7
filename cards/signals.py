"""Card saves and deletes, guild changes and set changes announce changed data (``stamps``): the
data version token once the transaction commits, and the game's ``data_version`` row inside it
(other processes without Redis read it in their database stamp). Bulk inserts send no signals:
their writers call ``stamps.data_changed()`` and ``rows_changed`` themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import Signal, receiver

from cards.models import Card, CardSet, Game, Guild
from stamps import data_changed

# Sent by ``card_import`` inside its transaction with ``games`` (the slugs it wrote): the charges app
# rewrites the searched ``charge`` stats from the same charges the pages show (one source of truth).
cards_imported = Signal()


def games_table() -> str:
    """The games table of the database stamp (``stamps.rows``; alias ``g`` there)."""
    return str(Game._meta.db_table)


def stamp_columns() -> list[str]:
    """The cards' columns of the database stamp: the game's ``data_version``, which moves with
    every card write, deletes included (``rows_changed``), and the newest card update (an index
    read), which also catches writes that sent no signal."""
    return ["g.data_version", f"(SELECT MAX(c.updated) FROM {Card._meta.db_table} c WHERE c.game_id = g.id)"]


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
    games = Game.objects.all() if None in ids else Game.objects.filter(pk__in={i for i in ids if i is not None})
    games.update(data_version=F("data_version") + 1)
