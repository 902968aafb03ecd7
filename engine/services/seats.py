"""The seats of a new match: a human (the creator, or a user invited by name: engine.invitations) or
the computer with a behaviour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import BadMatchRequest
from engine.invitations import seat_holder
from engine.models import Seat
from engine.types import PlayerSpec, User


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
            user, _invited = seat_holder(creator=creator, ref=player.get("user"))
            seats.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=user))  # another user: empty until they accept
    return seats


def default_players(*, seats: int) -> list[dict[str, Any]]:
    """The creator in seat 0 and the computer in every other seat."""
    return [{"kind": "human"}] + [{"kind": "ai"}] * (seats - 1)
