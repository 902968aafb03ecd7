"""Celery tasks: the charge update, scheduled twice a month by ``charges.schedule`` (E7)."""

from __future__ import annotations

from datetime import date

from celery import shared_task

from charges.services import charge_list_recompute


@shared_task(name="charges.recompute")
def recompute_charges(game: str, as_of: str | None = None) -> int:
    """One charge update of ``game`` dated ``as_of`` (ISO date, default today); answers the list's id."""
    charge_list = charge_list_recompute(game=game, as_of=date.fromisoformat(as_of) if as_of else None)
    return int(charge_list.pk)
