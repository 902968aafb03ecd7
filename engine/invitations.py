"""Seat invitations (issue 19 item 4): a human seat for another user is an offer that user accepts
or declines; nobody is seated, nor shown a match in their list, without consent.

- ``POST matches/`` names other players by username only. Such a seat starts empty with a pending
  invitation, and the match waits: no AI move, no action (409 ``waiting_for_players``) until every
  invitation is accepted; the last acceptance starts it (the AI makes its first moves then).
- A name that matches no account gets the same answer as any other: an invitation nobody will
  answer, which lapses after ``INVITATION_DAYS`` and then reads ``declined``, as an invitation the
  invitee declined or let lapse does. The creator learns nothing about which names exist.
- Only the invitee sees and answers an invitation (anyone else: 404); answering twice is a 409.

The reads and the writes a new match makes live here (one small sub-domain); engine.services and
engine.selectors call ``seat_holder``, ``invitations_create``, ``match_check_started`` and
``invitation_states``. Answering an invitation, which starts the match, is a service
(``engine.services.invitations``): this module imports neither services nor selectors.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils import timezone

from engine.core.match import JSON
from engine.errors import WaitingForPlayers
from engine.models import Match, Seat, SeatInvitation

INVITATION_DAYS = 7
Status = SeatInvitation.Status


def seat_holder(*, creator: Any, ref: str | None) -> tuple[Any, str | None]:
    """Who takes a human seat now, and whom to invite to it: the creator when the seat names
    nobody or the creator's own username, else nobody yet and the name to invite."""
    name = (ref or "").strip()
    if not name or name == creator.get_username():
        return creator, None
    return None, name


def invited_names(*, creator: Any, players: Sequence[Any]) -> dict[int, str]:
    """Seat index -> the username to invite, for the human seats that name another user."""
    named = {
        i: seat_holder(creator=creator, ref=p.get("user"))[1] for i, p in enumerate(players) if p.get("kind") != "ai"
    }
    return {index: name for index, name in named.items() if name}


def invitations_create(*, seats: Sequence[Seat], invited: dict[int, str]) -> list[SeatInvitation]:
    """Pending invitations for the saved ``seats`` whose index ``invited`` names (index -> username)."""
    if not invited:
        return []
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=set(invited.values()))}
    expires = timezone.now() + datetime.timedelta(days=INVITATION_DAYS)
    rows = [
        SeatInvitation(seat=seat, user=users.get(invited[seat.index]), username=invited[seat.index], expires=expires)
        for seat in seats
        if seat.index in invited
    ]
    return SeatInvitation.objects.bulk_create(rows)


def invitation_status(invitation: SeatInvitation, now: datetime.datetime) -> str:
    """What an invitation reads: a pending one past its expiry reads ``declined``."""
    if invitation.status == Status.PENDING and invitation.expires <= now:
        return Status.DECLINED
    return str(invitation.status)


def invitation_states(*, match: Match) -> list[JSON]:
    """The match's invitations as its state shows them to anyone: seat and status (no names)."""
    now = timezone.now()
    rows = SeatInvitation.objects.filter(seat__match=match).select_related("seat").order_by("seat__index")
    return [{"seat": row.seat.index, "status": invitation_status(row, now)} for row in rows]


def match_waits(*, match: Match) -> bool:
    """Whether some invitation of the match is not accepted (the match has not started)."""
    return SeatInvitation.objects.filter(seat__match=match).exclude(status=Status.ACCEPTED).exists()


def match_check_started(*, match: Match) -> None:
    """409 while the match waits for its invited players."""
    if match_waits(match=match):
        raise WaitingForPlayers("the match waits until every invited player has accepted")


def invitations_of(*, user: Any, sent: bool = False) -> QuerySet[SeatInvitation]:
    """The invitations ``user`` received (or, with ``sent``, sent as a match's creator), newest first."""
    if not user.is_authenticated:
        return SeatInvitation.objects.none()
    mine = Q(seat__match__created_by=user) if sent else Q(user=user)
    return SeatInvitation.objects.filter(mine).select_related("seat__match__created_by")


def invitation_json(invitation: SeatInvitation, *, now: datetime.datetime | None = None) -> JSON:
    """An invitation as the API answers it."""
    match = invitation.seat.match
    creator = match.created_by
    return {
        "id": invitation.pk,
        "match": match.pk,
        "game": match.game,
        "variant": match.variant,
        "seat": invitation.seat.index,
        "username": invitation.username,
        "invited_by": creator.get_username() if creator else None,
        "status": invitation_status(invitation, now or timezone.now()),
        "created": invitation.created.isoformat(),
        "expires": invitation.expires.isoformat(),
    }
