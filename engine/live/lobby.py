"""Finding an opponent and something to watch (issue 20 items 2 and 3): the matches page's lists,
open seats that the first taker fills, the answers to a challenge, and making a match public.

A challenge is a seat named for another user (``engine.invitations``: they accept or decline). An
open seat is the same kind of invitation addressed to nobody (``OPEN_SEAT``, a name no account can
have): the match waits for it like for any invitation, and the first signed-in user who takes it
gets the seat and answers it at once.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404
from django.utils import timezone

from engine import invitations, selectors, services
from engine.errors import AlreadySeated, SeatTaken
from engine.live import clocks
from engine.live.models import LiveMatch
from engine.models import Match, SeatInvitation
from engine.types import User

OPEN_SEAT = "*"  # Django usernames cannot contain "*": an invitation to whoever takes it first
LIST_ROWS = 20
Status = SeatInvitation.Status


def open_seats(*, user: User) -> list[dict[str, Any]]:
    """Open seats of other users' matches, newest first, each with its invitation id."""
    rows = SeatInvitation.objects.filter(
        username=OPEN_SEAT, user__isnull=True, status=Status.PENDING, expires__gt=timezone.now()
    ).select_related("seat__match__created_by")
    if user.is_authenticated:
        rows = rows.exclude(seat__match__created_by=user).exclude(seat__match__seats__user=user)  # type: ignore[misc]  # a signed-in user
    return [invitations.invitation_json(row) for row in rows[:LIST_ROWS]]


def watch_running() -> list[dict[str, Any]]:
    """Matches in play (started, not finished), most recently changed first: anyone may watch."""
    waiting = SeatInvitation.objects.exclude(status=Status.ACCEPTED).values("seat__match")
    running = Match.objects.filter(finished=False).exclude(pk__in=waiting).prefetch_related("seats__user")
    return [selectors.match_summary(match=m) for m in running[:LIST_ROWS]]


def watch_finished() -> list[dict[str, Any]]:
    """Finished matches their owners made public, newest first."""
    public = Match.objects.filter(finished=True, live__public=True).prefetch_related("seats__user")
    return [selectors.match_summary(match=m) for m in public[:LIST_ROWS]]


def lobby_context(*, user: User) -> dict[str, Any]:
    """The matches page's lists: invitations received and sent, open seats, matches to watch."""
    now = timezone.now()
    received = [invitations.invitation_json(row, now=now) for row in invitations.invitations_of(user=user)[:LIST_ROWS]]
    sent = [invitations.invitation_json(row, now=now) for row in invitations.invitations_of(user=user, sent=True)]
    return {
        "invitations": [row for row in received if row["status"] == Status.PENDING],
        "sent": [row for row in sent if row["status"] == Status.PENDING][:LIST_ROWS],
        "open_seats": open_seats(user=user),
        "running": watch_running(),
        "finished_public": watch_finished(),
        "open_seat": OPEN_SEAT,
    }


def seat_take(*, user: User, invitation_id: int) -> Match:
    """Take an open seat: the first taker's claim wins (one conditional UPDATE), then it is
    accepted as an invitation (the match starts when no other seat waits). 404 for no open seat;
    409 when taken meanwhile, lapsed, or when the user plays in the match already."""
    row = SeatInvitation.objects.filter(pk=invitation_id, username=OPEN_SEAT).select_related("seat__match").first()
    if row is None:
        raise Http404("no such open seat")
    match = row.seat.match
    if match.created_by_id == user.pk or match.seats.filter(user=user).exists():  # type: ignore[misc]  # a signed-in user
        raise AlreadySeated("you play in this match already")
    claimed = SeatInvitation.objects.filter(
        pk=invitation_id, user__isnull=True, status=Status.PENDING, expires__gt=timezone.now()
    ).update(user=user)
    if not claimed:
        raise SeatTaken("this seat was taken already")
    services.invitation_answer(user=user, invitation_id=invitation_id, accept=True)
    return match


def match_publish(*, user: User, match_id: int, public: bool) -> LiveMatch:
    """Make a match public (listed and replayable for anyone once finished) or private again;
    only its creator may (404 for anyone else, who need not learn that it exists privately)."""
    match = Match.objects.filter(Q(pk=match_id) & Q(created_by=user)).first() if user.is_authenticated else None
    if match is None:
        raise Http404("no such match of yours")
    live, _ = LiveMatch.objects.update_or_create(match=match, defaults={"public": public})
    return live


def may_replay(*, match: Match, user: User) -> bool:
    """Whether ``user`` may step through the finished match: its players and creator, or anyone
    once its owner made it public."""
    if selectors.match_is_participant(match=match, user=user):
        return True
    return LiveMatch.objects.filter(match=match, public=True).exists()


def match_setup(*, match: Match, clock: tuple[int, int] | None, public: bool) -> None:
    """The new match's live settings from its form: a clock (seconds, increment) and publicity."""
    if public:
        LiveMatch.objects.update_or_create(match=match, defaults={"public": True})
    if clock is not None:
        clocks.clock_setup(match=match, seconds=clock[0], increment=clock[1])
