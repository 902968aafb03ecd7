"""Answering a seat invitation (engine.invitations has the rest of them): the last acceptance
starts the match, so this is a service (it takes the match's lock and lets the computer move)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from engine.errors import InvitationAnswered
from engine.invitations import Status, invitation_status, invitations_of, match_waits
from engine.models import Seat, SeatInvitation
from engine.selectors import match_locked
from engine.services.autoplay import ai_reply


def invitation_answer(*, user: Any, invitation_id: int, accept: bool) -> SeatInvitation:
    """Accept (take the seat) or decline one of ``user``'s pending invitations; the last acceptance
    starts the match (the computer's opening moves follow, outside the row lock). 404 for an
    invitation that is not the user's; 409 once answered or lapsed."""
    with transaction.atomic():
        found = invitations_of(user=user).filter(pk=invitation_id).values_list("seat__match_id", flat=True).first()
        if found is None:
            raise Http404("no such invitation")
        match = match_locked(match_id=found)  # one answer at a time per match
        invitation = SeatInvitation.objects.select_related("seat__match__created_by").get(pk=invitation_id)
        now = timezone.now()
        if invitation_status(invitation, now) != Status.PENDING:
            raise InvitationAnswered(f"this invitation is {invitation_status(invitation, now)} already")
        invitation.status = Status.ACCEPTED if accept else Status.DECLINED
        invitation.answered = now
        invitation.save(update_fields=["status", "answered"])
        if accept:
            Seat.objects.filter(pk=invitation.seat_id).update(user=user)
        started = accept and not match_waits(match=match)
    if started:
        ai_reply(match_id=match.pk)
    return invitation
