"""Pages of the live matches: the replay viewer, taking an open seat, answering a challenge, making
a finished match public. Plain GET links and POST forms: they work without JavaScript."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from engine import boards, selectors
from engine.live import lobby, replay
from engine.services import invitation_answer


def _number(value: str | None, name: str) -> int | None:
    """An optional whole number from the query; a clear 400 message for anything else."""
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(_("%(name)s must be a whole number") % {"name": name}) from None


def _replay_choice(request: HttpRequest, match: Any, last: int) -> tuple[int, int | None]:
    """The step (0 .. last; default: the end) and the seat (None: a spectator) asked for."""
    step = _number(request.GET.get("step"), "step")
    raw_seat = request.GET.get("seat", "")
    if raw_seat == "spectator":
        seat = None
    else:
        seat = _number(raw_seat, "seat")
        if seat is None:
            seat = selectors.match_default_player(match=match, user=request.user)
    if seat is not None and not 0 <= seat < match.seats.count():
        raise ValueError(_("there is no seat %(n)s in this match") % {"n": seat})
    return (last if step is None else max(0, min(step, last))), seat


def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/{id}/replay/?step=&seat=``: a finished match, step by step, as a seat or a
    spectator saw it (its players and creator; anyone once the owner made it public)."""
    match = selectors.match_get(match_id=pk)
    if not match.finished or not lobby.may_replay(match=match, user=request.user):
        raise Http404("no replay of this match")
    rows = replay.replay_rows(match=match)
    try:
        step, seat = _replay_choice(request, match, len(rows))
    except ValueError as error:
        return render(request, "matches/match_replay_error.html", {"match": match, "error": error}, status=400)
    live = replay.replay_live(match=match, rows=rows, step=step)
    state = replay.replay_state(match=match, live=live, step=step, seat=seat)
    context = boards.play_context(match=match, state=state, player=seat, viewer=set(range(match.seats.count())))
    shown = [row for row in context["log"] if row["seq"] <= step]
    base = reverse("live:replay", kwargs={"pk": pk})
    seat_arg = "spectator" if seat is None else str(seat)
    context.update(
        log=shown,
        step=step,
        last=len(rows),
        seat=seat,
        seat_arg=seat_arg,
        current=rows[step - 1] if step else None,
        links={
            name: f"{base}?step={target}&seat={seat_arg}"
            for name, target in (
                ("first", 0),
                ("back", max(0, step - 1)),
                ("forward", min(len(rows), step + 1)),
                ("last", len(rows)),
                ("here", step),
            )
        },  # fmt: skip
        seat_choices=[("spectator", _("Spectator"))] + [(str(i), n) for i, n in enumerate(context["seat_names"])],
        public=match.live.public if hasattr(match, "live") else False,
        owner=request.user.is_authenticated and match.created_by_id == request.user.pk,
    )
    return render(request, "matches/match_replay.html", context)


@login_required
@require_POST
def seat_take(request: HttpRequest, invitation: int) -> HttpResponse:
    """Take an open seat (the first taker gets it) and go to the match."""
    try:
        match = lobby.seat_take(user=request.user, invitation_id=invitation)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("matches:list")
    return redirect(match)


@login_required
@require_POST
def invitation_reply(request: HttpRequest, invitation: int, answer: str) -> HttpResponse:
    """Accept (and go to the match) or decline a challenge."""
    if answer not in ("accept", "decline"):
        raise Http404("accept or decline")
    try:
        row = invitation_answer(user=request.user, invitation_id=invitation, accept=answer == "accept")
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("matches:list")
    if answer == "accept":
        return redirect(row.seat.match)
    messages.info(request, _("Challenge declined."))
    return redirect("matches:list")


@login_required
@require_POST
def match_public(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner makes the match public (``public=1``) or private again."""
    live = lobby.match_publish(user=request.user, match_id=pk, public=request.POST.get("public") == "1")
    messages.info(request, _("The match is public now.") if live.public else _("The match is private now."))
    return redirect("live:replay" if live.match.finished else "matches:detail", pk=pk)
