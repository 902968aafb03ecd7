"""``match_submit_action``: one player's action, applied atomically under the row's lock, logged with
what the table saw of it; then the computer's answer, outside the lock (``autoplay.ai_reply``).

A repeated ``Idempotency-Key`` replays the first answer (the same key with another body: 422);
only accepted actions are remembered, so a refused request may be retried with the same key.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from engine import invitations
from engine.core.base import BaseMatch
from engine.core.match import JSON, Action, IllegalActionError
from engine.errors import (
    BadMatchRequest,
    IllegalAction,
    KeyInUse,
    KeyReused,
    MatchOver,
    NotYourSeat,
    StaleVersion,
    illegal_action_message,
)
from engine.models import IdempotencyRecord, Match, MatchAction, Seat
from engine.selectors import applied_rows, match_get, match_locked, match_state
from engine.services.autoplay import ai_reply
from engine.services.engines import game_engine
from engine.services.table import restore
from engine.signals import match_acting
from engine.types import User


@dataclass(frozen=True)
class Answer:
    """What an action request answers: status, body and whether it replays an earlier answer."""

    status: int
    body: JSON
    replayed: bool = False


def request_hash(*, match_id: int, data: object) -> str:
    """A fingerprint of one request (its match and canonical JSON body) for Idempotency-Key checks."""
    text = json.dumps({"match": match_id, "body": data}, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def match_submit_action(
    *,
    match_id: int,
    user: User,
    player: int,
    action: Action | str,
    version: int,
    idempotency_key: str | None = None,
    body_hash: str = "",
) -> Answer:
    """Apply ``player``'s action (api.md): lock, replay or 422 for a known key, check the seat (403)
    and the version (409, nothing changed), apply (400 with the engine's reason), log, commit; then
    the AI seats answer outside the lock. The answer is the state as ``player`` sees it, plus
    ``applied``: this request's action and the AI's answers, each as ``player`` may see it."""
    with transaction.atomic():
        match = match_locked(match_id=match_id)
        if idempotency_key:
            replay = _replay(user=user, key=idempotency_key, body_hash=body_hash)
            if replay is not None:
                return replay
        seats = list(match.seats.all())
        invitations.match_check_started(match=match)
        _check_seat(seats=seats, player=player, user=user)
        if version != match.version:
            message = gettext("version %(version)s is stale: the match is at version %(current)s")
            raise StaleVersion(message % {"version": version, "current": match.version})
        table = restore(match, game_engine(match.game), seats)
        over = table.live.outcome() is not None
        match_acting.send(sender=Match, table=table, player=player)  # a clock may end the match here
        ended = not over and table.live.outcome() is not None
        if not ended:
            try:
                table.apply(player, action)
            except IllegalActionError as error:
                raise IllegalAction(illegal_action_message(str(error))) from None
        table.save()
        record = None
        if idempotency_key and not ended:  # kept with the accepted action; the AI's answer is added below
            first = _answer(match=match, player=player, rows=table.logged, live=table.live)
            record = _remember(user=user, match=match, key=idempotency_key, body_hash=body_hash, body=first.body)
    if ended:
        raise MatchOver(f"the match is over: {table.live.outcome().termination}")  # type: ignore[union-attr]
    rows = [*table.logged, *ai_reply(match_id=match_id)]
    answer = _answer(match=match_get(match_id=match_id), player=player, rows=rows)
    if record is not None:
        IdempotencyRecord.objects.filter(pk=record.pk).update(body=answer.body)
    return answer


def _answer(*, match: Match, player: int, rows: list[MatchAction], live: BaseMatch | None = None) -> Answer:
    applied = applied_rows(rows=rows, viewer={player}, finished=match.finished)
    return Answer(status=200, body={**match_state(match=match, player=player, live=live), "applied": applied})


def _replay(*, user: User, key: str, body_hash: str) -> Answer | None:
    """The stored answer to an earlier request with this key; 422 when that request differed."""
    record = IdempotencyRecord.objects.filter(user=user, key=key).first()  # type: ignore[misc]  # a signed-in user
    if record is None:
        return None
    if record.request_hash != body_hash:
        raise KeyReused("This Idempotency-Key was used for another request.")
    return Answer(status=record.status, body=record.body, replayed=True)


def _check_seat(*, seats: list[Seat], player: int, user: User) -> None:
    """Only the user of a human seat acts for it (403 otherwise; 400 for a seat that is not there)."""
    seat = next((s for s in seats if s.index == player), None)
    if seat is None:
        message = gettext("there is no player %(player)s in this match") % {"player": player}
        raise BadMatchRequest(message, code="bad_player")
    if seat.kind == Seat.Kind.AI:
        raise NotYourSeat(gettext("player %(player)s is played by the computer") % {"player": player})
    if seat.user_id != user.pk:
        raise NotYourSeat(gettext("you do not play for player %(player)s") % {"player": player})


def _remember(*, user: User, match: Match, key: str, body_hash: str, body: JSON) -> IdempotencyRecord:
    """Keep the key with the accepted action, in its transaction (with the answer as it stands
    before the AI answers; completed afterwards); a key taken meanwhile (another match, same user)
    is a 409."""
    try:
        with transaction.atomic():
            return IdempotencyRecord.objects.create(
                user=user,
                match=match,
                key=key,
                request_hash=body_hash,
                status=200,
                body=body,  # type: ignore[misc]  # a signed-in user
            )
    except IntegrityError:
        raise KeyInUse("A request with this Idempotency-Key is being processed.") from None
