"""The seats of a new match: a human (the creator, or a named user) or the computer with a behaviour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model

from engine.errors import BadMatchRequest
from engine.models import Seat
from engine.types import PlayerSpec, User


def seat_user(*, creator: User, ref: object, index: int) -> User:
    """The user a human seat names (id or username); the creator when it names none."""
    if ref is None:
        return creator
    users = get_user_model().objects
    found = users.filter(pk=ref).first() if isinstance(ref, int) else users.filter(username=str(ref)).first()
    if found is None:
        raise BadMatchRequest(f"player {index}: there is no user {ref!r}", code="unknown_user")
    return found


def seats_for(*, creator: User, players: Sequence[PlayerSpec], behaviours: Sequence[str]) -> list[Seat]:
    """Unsaved seats for the request's players (human: a user; ai: a known behaviour)."""
    seats: list[Seat] = []
    for index, player in enumerate(players):
        if player.get("kind") == Seat.Kind.AI:
            behaviour = str(player.get("behaviour") or behaviours[0])
            if behaviour not in behaviours:
                raise BadMatchRequest(
                    f"player {index}: unknown AI behaviour {behaviour!r}; the behaviours are {', '.join(behaviours)}",
                    code="unknown_behaviour",
                )
            seats.append(Seat(index=index, kind=Seat.Kind.AI, behaviour=behaviour))
        else:
            user = seat_user(creator=creator, ref=player.get("user"), index=index)
            seats.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=user))
    return seats


def default_players(*, seats: int) -> list[dict[str, Any]]:
    """The creator in seat 0 and the computer in every other seat."""
    return [{"kind": "human"}] + [{"kind": "ai"}] * (seats - 1)
