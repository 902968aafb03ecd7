"""The seats of a new match: a human (the creator, or a user invited by name: engine.invitations) or
the computer with a behaviour (and, for the search player ``mcts``, a budget the server bounds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import mcts
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
            budget_ms, playouts = _budget(index, behaviour, player)
            seats.append(
                Seat(index=index, kind=Seat.Kind.AI, behaviour=behaviour, budget_ms=budget_ms, playouts=playouts)
            )
        else:
            user, _invited = seat_holder(creator=creator, ref=str(player.get("user") or "") or None)
            seats.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=user))  # another user: empty until they accept
    return seats


def _budget(index: int, behaviour: str, player: PlayerSpec) -> tuple[int | None, int | None]:
    """A search seat's ``budget_ms`` or ``playouts`` (None: not given), checked against the bounds."""
    given = {key: player.get(key) for key in ("budget_ms", "playouts") if player.get(key) is not None}
    if given and behaviour != "mcts":
        raise BadMatchRequest(
            f"player {index}: a budget is for the search player mcts, not {behaviour!r}", code="bad_budget"
        )
    if len(given) > 1:
        raise BadMatchRequest(f"player {index}: give budget_ms or playouts, not both", code="bad_budget")
    values: dict[str, int] = {}
    for key, value in given.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadMatchRequest(f"player {index}: {key} must be a whole number", code="bad_budget")
        values[key] = value
    try:
        mcts.budget_for(**values)
    except ValueError as error:
        raise BadMatchRequest(f"player {index}: {error}", code="bad_budget") from None
    return values.get("budget_ms"), values.get("playouts")


def seat_budget(seat: Seat) -> mcts.Budget | None:
    """The search budget of a computer seat (None for the game's own players)."""
    if seat.behaviour != "mcts":
        return None
    return mcts.budget_for(budget_ms=seat.budget_ms, playouts=seat.playouts)


DEFAULT_SEATS = 2  # a match created with neither decks nor players (a variant that deals its own decks)


def default_players(*, seats: int) -> list[dict[str, Any]]:
    """The creator in seat 0 and the computer in every other seat."""
    return [{"kind": "human"}] + [{"kind": "ai"}] * (seats - 1)
