"""Reads of the match engine's Django adapter: matches, who may see what, states and logs.

Visibility (documented in the API schema): anyone, signed in or not, may spectate a match - the
spectator view hides every hand, deck order and face-down card. A human seat's view (its hand and
legal actions) is for that seat's user only; an AI seat's view only for the creator of a match
without human seats (else a player could read the computer's hand). The log (with the seed, from
which every shuffle follows) is for participants, and for everyone once the match is finished.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404
from rest_framework import exceptions

from engine.core.match import JSON
from engine.games import get_game
from engine.models import Match, MatchAction, Seat


def match_get(*, match_id: Any) -> Match:
    """A match by id; Http404 when there is none."""
    match = Match.objects.filter(pk=match_id).prefetch_related("seats__user").first()
    if match is None:
        raise Http404(f"no match {match_id}")
    return match


def match_locked(*, match_id: int) -> Match:
    """A match by id with its row locked for this transaction (select_for_update); Http404."""
    # decks are only read by the log; an action needs the state alone
    match = Match.objects.select_for_update().defer("decks").filter(pk=match_id).first()
    if match is None:
        raise Http404(f"no match {match_id}")
    return match


def match_list(*, user: Any) -> QuerySet[Match]:
    """The matches ``user`` plays in or created, most recently changed first."""
    if not user.is_authenticated:
        return Match.objects.none()
    mine = Q(created_by=user) | Q(seats__user=user)
    ids = Match.objects.filter(mine).values("pk")
    return Match.objects.filter(pk__in=ids).prefetch_related("seats__user")


def match_is_participant(*, match: Match, user: Any) -> bool:
    """Whether ``user`` created the match or holds one of its seats."""
    if not user.is_authenticated:
        return False
    return match.created_by_id == user.pk or any(seat.user_id == user.pk for seat in match.seats.all())


def match_check_view(*, match: Match, user: Any, player: int | None) -> None:
    """Raise unless ``user`` may see the match as ``player`` (None: the spectator view, for all)."""
    if player is None:
        return
    seats = list(match.seats.all())
    seat = next((s for s in seats if s.index == player), None)
    if seat is None:
        raise exceptions.ValidationError({"player": [f"there is no player {player} in this match"]})
    if seat.kind == Seat.Kind.HUMAN and user.is_authenticated and seat.user_id == user.pk:
        return
    no_humans = all(s.kind == Seat.Kind.AI for s in seats)
    if seat.kind == Seat.Kind.AI and no_humans and user.is_authenticated and match.created_by_id == user.pk:
        return
    raise exceptions.PermissionDenied(f"only player {player}'s user may see their view")


def match_check_log(*, match: Match, user: Any) -> None:
    """Raise unless ``user`` may read the log: participants always, everyone once it is finished."""
    if not match.finished and not match_is_participant(match=match, user=user):
        raise exceptions.PermissionDenied("the log of a running match is for its players only")


def match_live(*, match: Match) -> Any:
    """The engine's match restored from the row's state."""
    return get_game(match.game).engine.from_json(match.state)


def match_seats(*, match: Match) -> list[JSON]:
    """The seats as the API shows them: index, kind, behaviour (AI) and username (human)."""
    return [
        {
            "index": seat.index,
            "kind": seat.kind,
            "behaviour": seat.behaviour or None,
            "user": seat.user.username if seat.user else None,
        }
        for seat in match.seats.all()
    ]


def match_state(*, match: Match, player: int | None, live: Any = None) -> JSON:
    """The state as ``player`` (None: a spectator) may see it, in api.md's shape: the engine's view
    plus ``id``, ``version``, ``legal_actions`` (for ``player``), ``player`` and ``seats``."""
    live = live if live is not None else match_live(match=match)
    legal = live.legal_actions(player) if player is not None else []
    return {
        **live.view(player),
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "version": match.version,
        "to_act": live.to_act,
        "player": player,
        "legal_actions": [action.to_json() for action in legal],
        "finished": match.finished,
        "result": match.result,
        "seats": match_seats(match=match),
    }


def match_default_player(*, match: Match, user: Any) -> int | None:
    """The seat ``user`` plays (the first, if several), else None (the spectator view)."""
    if not user.is_authenticated:
        return None
    return next((s.index for s in match.seats.all() if s.kind == Seat.Kind.HUMAN and s.user_id == user.pk), None)


def match_summary(*, match: Match) -> JSON:
    """A match in lists: no state, just who plays what and how it stands."""
    return {
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "version": match.version,
        "to_act": None if match.finished else _to_act(match),
        "finished": match.finished,
        "result": match.result,
        "seats": match_seats(match=match),
        "created": match.created.isoformat(),
        "updated": match.updated.isoformat(),
    }


def _to_act(match: Match) -> int | None:
    to_act: int | None = match_live(match=match).to_act
    return to_act


def match_log(*, match: Match) -> JSON:
    """The seed and every accepted action in order (api.md), with what a replay needs besides:
    game, variant, options and the decks as dealt."""
    rows = MatchAction.objects.filter(match=match).order_by("seq").values_list("seq", "player", "action")
    return {
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "seed": match.seed,
        "options": match.options,
        "decks": match.decks,
        "version": match.version,
        "actions": [{"seq": seq, "player": player, "action": action} for seq, player, action in rows],
    }
