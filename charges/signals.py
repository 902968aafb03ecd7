"""Charge lists, their values and pins change the data version (cards/signals.py) once committed,
so that per-process copies of today's charges and of the bans are rebuilt at once (E6, E7)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from cards.signals import data_changed
from charges.models import ChargeList, ChargePin, ChargeValue


@receiver(post_save, sender=ChargeList, dispatch_uid="charges-data-version-list-saved")
@receiver(post_delete, sender=ChargeList, dispatch_uid="charges-data-version-list-deleted")
@receiver(post_save, sender=ChargeValue, dispatch_uid="charges-data-version-value-saved")
@receiver(post_delete, sender=ChargeValue, dispatch_uid="charges-data-version-value-deleted")
@receiver(post_save, sender=ChargePin, dispatch_uid="charges-data-version-pin-saved")
@receiver(post_delete, sender=ChargePin, dispatch_uid="charges-data-version-pin-deleted")
def _charge_data_changed(**kwargs: Any) -> None:
    data_changed()


@receiver(post_save, sender=ChargePin, dispatch_uid="charges-pin-stats-saved")
@receiver(post_delete, sender=ChargePin, dispatch_uid="charges-pin-stats-deleted")
def _pin_changed(instance: ChargePin, **kwargs: Any) -> None:
    from charges.services import charge_pins_changed

    charge_pins_changed(game=instance.card.game)
