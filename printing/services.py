"""Writes of the printing app: render a print sheet now, or queue it as a background job."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import timezone

from config.queue import enqueue
from printing.layouts import LayoutError, plan_layout
from printing.models import PrintJob
from printing.options import OPTION_NAMES, print_options
from printing.pdf import PrintCard, render_sheet
from printing.selectors import (
    cards_from_deck,
    cards_from_list,
    cards_from_refs,
    cards_from_stored,
    deck_for_user,
    print_cards,
)

logger = logging.getLogger(__name__)
BACKGROUND_ABOVE = 200  # issue 6 item 5: larger prints run in a Celery worker when one is configured


PRINT_JOB = "printing.print_job"  # the background job that renders a stored print job


def print_runs_in_background(*, user: Any, card_count: int) -> bool:
    """Whether a print of ``card_count`` cards goes to a worker: above 200 cards, with Redis, signed in.

    Without REDIS_URL there is no worker (Celery runs eagerly), so the print is rendered at once;
    an anonymous request has nobody to own a job, so it is rendered at once too.
    """
    limit = getattr(settings, "PRINT_BACKGROUND_ABOVE", BACKGROUND_ABOVE)
    return bool(settings.REDIS_URL) and card_count > limit and bool(getattr(user, "is_authenticated", False))


def print_sheet_render(*, cards: Sequence[PrintCard], options: Mapping[str, Any]) -> bytes:
    """The PDF of ``cards`` with the request's ``options``; raises LayoutError for misfits."""
    return render_sheet(cards, print_options(options))


def print_job_create(*, owner: Any, cards: Sequence[PrintCard], options: Mapping[str, Any]) -> PrintJob:
    """Store a print job for ``owner`` and hand it to the worker (``printing.tasks``)."""
    job = PrintJob.objects.create(
        owner=owner,
        title=str(options.get("title") or "Kartothek"),
        total=len(cards),
        cards=[[c.card["game"], c.card["slug"]] for c in cards],
        options=dict(options),
    )
    enqueue(PRINT_JOB, job.pk)
    job.refresh_from_db()
    return job


def print_job_run(*, job: PrintJob) -> None:
    """Render ``job`` (in the worker), recording progress after every sheet and the PDF at the end."""
    job.status = PrintJob.Status.RUNNING
    job.save(update_fields=["status"])

    def progress(done: int, total: int) -> None:
        PrintJob.objects.filter(pk=job.pk).update(done=done, total=total)

    try:
        pdf = render_sheet(cards_from_stored(job.cards), print_options(job.options), progress)
    except LayoutError as exc:
        _finish(job, status=PrintJob.Status.FAILED, error=str(exc))
        return
    except Exception as exc:
        logger.exception("print job %s failed", job.pk)
        _finish(job, status=PrintJob.Status.FAILED, error=f"rendering failed: {exc.__class__.__name__}")
        return
    job.pdf.save(f"print-{job.pk}.pdf", ContentFile(pdf), save=False)
    job.done = job.total
    _finish(job, status=PrintJob.Status.DONE, error="")


def _finish(job: PrintJob, *, status: str, error: str) -> None:
    job.status = status
    job.error = error
    job.finished = timezone.now()
    job.save(update_fields=["status", "error", "finished", "pdf", "done"])


class DeckNotFound(LookupError):
    """A deck id that is not one of the user's decks (answered as 404, like an absent one)."""


def print_submit(*, user: Any, request: Mapping[str, Any]) -> bytes | PrintJob:
    """Carry out a validated print request: the PDF, or a queued job for a large one.

    Raises DeckNotFound, SourceError (cards that cannot be read) or LayoutError (settings that do
    not fit the paper), each with a message for the user.
    """
    options = {name: request[name] for name in OPTION_NAMES if name in request}
    plan_layout(print_options(options))  # refuse a misfit before reading any card
    cards = print_cards(print_request_cards(user=user, request=request))
    if print_runs_in_background(user=user, card_count=len(cards)):
        return print_job_create(owner=user, cards=cards, options=options)
    return print_sheet_render(cards=cards, options=options)


def print_request_cards(*, user: Any, request: Mapping[str, Any]) -> list[tuple[dict[str, Any], int]]:
    """(card dict, count) for the request's one source: a saved deck, a deck list or a card list."""
    if request.get("deck") is not None:
        deck = deck_for_user(user=user, deck_id=int(request["deck"]))
        if deck is None:
            raise DeckNotFound(f"no deck {request['deck']} of yours")
        return cards_from_deck(deck=deck, user=user, missing=bool(request.get("missing")))
    if request.get("list") is not None:
        return cards_from_list(format_slug=str(request.get("format")), text=str(request["list"]))
    return cards_from_refs(request.get("cards") or [])
