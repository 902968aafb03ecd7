"""Charge lists, their values and pins change the data version (``stamps``), so that
per-process copies of today's charges and of the bans are rebuilt at once (E6, E7): the token once
committed (this process and, with Redis, every other) and the game's ``data_version`` inside the
writing transaction (other processes without Redis read it in their database stamp, which does not
see an edit of only a stored value, a list's date or a pin's format).

A ChargeValue has no delete receiver, on purpose: any pre- or post-delete receiver of a model keeps
Django from deleting its rows in one statement, so deleting a list (or a card) would load its
thousands of values and send one signal each, each an UPDATE. The list's own delete announces its
values' cascade once; the admin announces the values it deletes (charges/admin.py). Other code that
deletes values, or changes lists, values or pins with ``QuerySet.update``, calls ``charges_changed``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

import cards.signals
import stamps
from cards.models import Game
from charges.models import ChargeList, ChargePin, ChargeValue
from charges.selectors import current_charges_forget, has_charges
from charges.services import card_charge_stats_write, charge_pins_changed


def charges_changed(*, game_ids: Iterable[int | None]) -> None:
    """Announce changed charge lists, values or pins of these games (None: every game) to every
    process: call it inside the writing transaction, after writes that send no signal."""
    stamps.data_changed()
    cards.signals.rows_changed(game_ids=game_ids)


@receiver(post_save, sender=ChargeList, dispatch_uid="charges-data-version-list-saved")
@receiver(post_delete, sender=ChargeList, dispatch_uid="charges-data-version-list-deleted")
def _list_changed(instance: ChargeList, **kwargs: Any) -> None:
    charges_changed(game_ids=[instance.game_id])  # a delete: its values' cascade too, in one go


@receiver(post_save, sender=ChargeValue, dispatch_uid="charges-data-version-value-saved")
def _value_saved(instance: ChargeValue, **kwargs: Any) -> None:
    # The update's values come by bulk_create (no signal; its list's save announces them): this is
    # the admin's or a script's edit of one value, where one read of the list is nothing.
    charges_changed(game_ids=[instance.list.game_id])


@receiver(post_save, sender=ChargePin, dispatch_uid="charges-pin-saved")
@receiver(post_delete, sender=ChargePin, dispatch_uid="charges-pin-deleted")
def _pin_changed(instance: ChargePin, **kwargs: Any) -> None:
    cards.signals.rows_changed(game_ids=[instance.card.game_id])
    charge_pins_changed(game=instance.card.game)  # the token, and the cards' charge stats on commit


@receiver(cards.signals.cards_imported, dispatch_uid="charges-cards-imported")
def _cards_imported(games: list[str], **kwargs: Any) -> None:
    """New or changed cards have a charge from the moment they exist (a new card's, a banned card's
    E7 start): the searched ``charge`` stats are written from the charges the pages show, so
    ``charge>=200`` finds the card that shows ⚡200 before any recompute."""
    for game in Game.objects.filter(slug__in=[g for g in games if has_charges(g)]):
        current_charges_forget(game=game.slug)
        card_charge_stats_write(game=game)
