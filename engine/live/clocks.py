"""Optional clocks (issue 20 item 5): each seat of a two-seat match has a time budget; the clock of
the seat to act runs, and when the turn passes to the other seat the seat that moved gains the
increment (a card game's turn is several actions, so the increment is per turn, not per action).
A seat whose budget runs out loses: ``termination: "time"``, the other seat wins with the points
as they stand.

The server enforces it in three places, so no client has to cooperate: an action of a seat out of
time ends the match instead (``engine.signals.match_acting``), every read of the play page checks,
and every open socket sets a timer for the running clock's deadline (``engine.live.consumers``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine.core.match import CLOCK_TERMINATION
from engine.errors import BadClock
from engine.invitations import match_waits
from engine.live.models import LiveMatch
from engine.models import Match
from engine.selectors import match_live, match_locked
from engine.services.engines import game_engine
from engine.services.table import Table, restore

TIME = CLOCK_TERMINATION
MAX_SECONDS = 24 * 3600
MAX_INCREMENT = 3600


def clock_setup(*, match: Match, seconds: int, increment: int = 0) -> LiveMatch:
    """Give the match's two seats ``seconds`` each (plus ``increment`` per turn); it starts at once,
    or when the last invited player accepts."""
    seats = match.seats.count()
    if seats != 2:
        raise BadClock("a clock needs a match of two seats")
    if not 1 <= seconds <= MAX_SECONDS or not 0 <= increment <= MAX_INCREMENT:
        raise BadClock(f"a budget of 1 to {MAX_SECONDS} seconds and an increment of 0 to {MAX_INCREMENT} seconds")
    live, _ = LiveMatch.objects.get_or_create(match=match)
    live.clock_ms, live.increment_ms = seconds * 1000, increment * 1000
    live.remaining = [seconds * 1000] * seats
    live.save()
    clock_follow(match_id=match.pk)
    return live


def _left(clock: LiveMatch, seat: int, now: datetime.datetime) -> int:
    """Milliseconds left for ``seat`` at ``now`` (its clock runs while it is to act)."""
    left = int(clock.remaining[seat])
    if clock.running == seat and clock.since is not None:
        left -= int((now - clock.since).total_seconds() * 1000)
    return left


def clock_view(*, match: Match, now: datetime.datetime | None = None) -> dict[str, Any] | None:
    """The clocks as the page shows them: ms left per seat, the running seat, the increment."""
    clock = LiveMatch.objects.filter(match=match, clock_ms__isnull=False).first()
    if clock is None:
        return None
    now = now or timezone.now()
    running = None if match.finished else clock.running
    seats: list[dict[str, Any]] = [
        {"index": i, "left_ms": max(0, _left(clock, i, now)), "running": i == running} for i in range(2)
    ]
    for seat in seats:  # as the page shows it before its script counts down: m:ss
        seconds = -(-int(seat["left_ms"]) // 1000)
        seat["text"] = f"{seconds // 60}:{seconds % 60:02d}"
    return {"seats": seats, "running": running, "increment_ms": clock.increment_ms, "budget_ms": clock.clock_ms}


def state_clock(match: Match) -> dict[str, Any]:
    """The ``clock`` key of a match's state (api.md): ms left per seat, the running seat, the
    increment and the budget; null for a match without a clock."""
    return {"clock": clock_view(match=match)}


def clock_deadline(*, match_id: int) -> datetime.datetime | None:
    """When the running clock runs out (None: no clock runs)."""
    clock = LiveMatch.objects.filter(match_id=match_id, clock_ms__isnull=False, running__isnull=False).first()
    if clock is None or clock.since is None or clock.running is None:
        return None
    return clock.since + datetime.timedelta(milliseconds=int(clock.remaining[clock.running]))


def time_out(table: Table, seat: int) -> None:
    """End the match on the table: ``seat`` ran out of time, the other seat wins."""
    view = table.live.view(None)
    points = [int(p.get("points") or 0) for p in view["players"]]
    table.live.finish([1 - seat], points, TIME)


def _out_of_time(clock: LiveMatch | None, now: datetime.datetime) -> int | None:
    """The running seat when its time is up, else None."""
    if clock is None or clock.clock_ms is None or clock.running is None:
        return None
    return clock.running if _left(clock, clock.running, now) <= 0 else None


def clock_check_table(*, table: Table) -> bool:
    """Inside a locked action: end the match when the running clock is out (True then)."""
    if table.match.finished:
        return False
    clock = LiveMatch.objects.filter(match_id=table.match.pk).first()
    seat = _out_of_time(clock, timezone.now())
    if seat is None:
        return False
    time_out(table, seat)
    return True


def clock_check(*, match_id: int) -> bool:
    """End the match if the running clock is out (idempotent; under the row's lock); True if it ended now."""
    clock = LiveMatch.objects.filter(match_id=match_id, clock_ms__isnull=False, running__isnull=False).first()
    if _out_of_time(clock, timezone.now()) is None:
        return False
    with transaction.atomic():
        match = match_locked(match_id=match_id)
        if match.finished:
            return False
        table = restore(match, game_engine(match.game))
        if not clock_check_table(table=table):
            return False
        table.save()  # sends match_changed on commit: the pages show the result, the clock stops
    return True


def clock_follow(*, match_id: int) -> None:
    """After a change: charge the seat whose clock ran, give it the increment when the turn passed,
    and start the clock of the seat now to act (none once the match is over or while it waits)."""
    with transaction.atomic():
        clock = LiveMatch.objects.select_for_update().filter(match_id=match_id, clock_ms__isnull=False).first()
        if clock is None:
            return
        match = Match.objects.get(pk=match_id)
        now = timezone.now()
        to_act = None if match.finished or match_waits(match=match) else match_live(match=match).to_act
        if clock.running is not None:
            clock.remaining[clock.running] = max(0, _left(clock, clock.running, now))
            if to_act != clock.running and not match.finished:
                clock.remaining[clock.running] += clock.increment_ms
        clock.running, clock.since = to_act, now
        clock.save(update_fields=["remaining", "running", "since"])
