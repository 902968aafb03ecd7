"""Reads of the match engine's Django adapter: matches, who may see what, states and logs.

Visibility (documented in the API schema), in one place:

- States: anyone, signed in or not, may spectate a match: the spectator view hides every hand, deck
  order and face-down card. A human seat's view (its hand and legal actions) is for that seat's
  user only; an AI seat's view only for the creator of a match without human seats (else a player
  could read the computer's hand). ``viewer_seats`` says whose hidden information a user may see.
- Actions: every logged action keeps what the table saw of it (the engine's ``public_action``).
  ``seen_action`` is the one rule for the state's ``applied``, the page's log and ``/log/``: the
  action itself for its own seat's viewer and once the match is finished, else what the table saw.
- The log: while the match runs, the seed (from which every shuffle follows) and the decks of the
  seats the reader does not hold are withheld (null), and the actions are as the reader's seats
  saw them; once it is finished, everyone gets the whole log, which replays it bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db.models import Q, QuerySet
from django.http import Http404
from rest_framework import exceptions

from engine.core.base import BaseMatch
from engine.core.match import JSON
from engine.games import get_game
from engine.invitations import invitation_states
from engine.models import Match, MatchAction, Seat
from engine.types import User


def match_get(*, match_id: int | str) -> Match:
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


def match_list(*, user: User) -> QuerySet[Match]:
    """The matches ``user`` plays in or created, most recently changed first."""
    if not user.is_authenticated:
        return Match.objects.none()
    mine = Q(created_by=user) | Q(seats__user=user)
    ids = Match.objects.filter(mine).values("pk")
    return Match.objects.filter(pk__in=ids).prefetch_related("seats__user")


def match_is_participant(*, match: Match, user: User) -> bool:
    """Whether ``user`` created the match or holds one of its seats."""
    if not user.is_authenticated:
        return False
    return match.created_by_id == user.pk or any(seat.user_id == user.pk for seat in match.seats.all())


def match_check_view(*, match: Match, user: User, player: int | None) -> None:
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


def viewer_seats(*, match: Match, user: User) -> set[int]:
    """The seats whose hidden information ``user`` may see: the human seats they hold and, for the
    creator of a match of computers only, every seat (they may view each)."""
    if not user.is_authenticated:
        return set()
    seats = list(match.seats.all())
    own = {s.index for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id == user.pk}
    if not own and match.created_by_id == user.pk and all(s.kind == Seat.Kind.AI for s in seats):
        return {s.index for s in seats}
    return own


def seen_action(*, action: JSON, public: JSON | None, actor: int, viewer: set[int], finished: bool) -> JSON:
    """What ``viewer`` (their seats) may see of ``actor``'s logged action: all of it for their own
    seats and once the match is over, else what the table saw (``public``; None: the action itself)."""
    if finished or actor in viewer or public is None:
        return action
    return public


def applied_rows(*, rows: Iterable[MatchAction], viewer: set[int], finished: bool) -> list[JSON]:
    """Logged rows as ``viewer`` may see them: ``[{"seq", "player", "action"}]``."""
    return [
        {
            "seq": row.seq,
            "player": row.player,
            "action": seen_action(
                action=row.action, public=row.public, actor=row.player, viewer=viewer, finished=finished
            ),
        }
        for row in rows
    ]


def match_live(*, match: Match) -> BaseMatch:
    """The engine's match restored from the row's state."""
    engine = get_game(match.game).engine
    assert engine is not None, f"{match.game} has no engine"  # a stored match was made by one
    restored: BaseMatch = engine.from_json(match.state)
    return restored


def match_seats(*, match: Match) -> list[JSON]:
    """The seats as the API shows them: index, kind, behaviour (AI) and its search budget (mcts:
    ``budget_ms`` or ``playouts``, null when not set) and username (human)."""
    return [
        {
            "index": seat.index,
            "kind": seat.kind,
            "behaviour": seat.behaviour or None,
            "budget_ms": seat.budget_ms,
            "playouts": seat.playouts,
            "user": seat.user.username if seat.user else None,
        }
        for seat in match.seats.all()
    ]


# What other apps add to every state (the live app: ``clock``); each takes the match, gives keys.
STATE_EXTRAS: list[Callable[[Match], JSON]] = []


def match_state(*, match: Match, player: int | None, live: BaseMatch | None = None) -> JSON:
    """The state as ``player`` (None: a spectator) may see it, in api.md's shape: the engine's view
    plus ``id``, ``version``, ``legal_actions`` (for ``player``), ``player`` and ``seats``."""
    live = live if live is not None else match_live(match=match)
    invited = invitation_states(match=match)
    waiting = any(row["status"] != "accepted" for row in invited)  # not started: nobody acts yet
    legal = live.legal_actions(player) if player is not None and not waiting else []
    return {
        **live.view(player),
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "rules_version": match.rules_version,
        "version": match.version,
        "to_act": None if waiting else live.to_act,
        "player": player,
        "legal_actions": [action.to_json() for action in legal],
        "finished": match.finished,
        "result": match.result,
        "seats": match_seats(match=match),
        "invitations": invited,
        **{key: value for extra in STATE_EXTRAS for key, value in extra(match).items()},
    }


def match_default_player(*, match: Match, user: User) -> int | None:
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


def match_log(*, match: Match, user: User) -> JSON:
    """The seed and every accepted action in order (api.md), with what a replay needs besides: game,
    variant, options and the decks as dealt. While the match runs: as ``user``'s seats may see it
    (seed and other seats' decks null, other seats' hiding actions as the table saw them)."""
    rows = MatchAction.objects.filter(match=match).order_by("seq")
    viewer = viewer_seats(match=match, user=user)
    done = match.finished
    return {
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "rules_version": match.rules_version,
        "finished": done,
        "seed": match.seed if done else None,
        "options": match.options,
        "decks": [deck if done or seat in viewer else None for seat, deck in enumerate(match.decks)],
        "version": match.version,
        "actions": applied_rows(rows=rows, viewer=viewer, finished=done),
    }


def match_log_rows(*, match: Match, viewer: set[int], limit: int) -> list[JSON]:
    """The newest ``limit`` actions, newest first, as ``viewer`` may see them (the page's log)."""
    rows = list(MatchAction.objects.filter(match=match).order_by("-seq")[:limit])
    return applied_rows(rows=rows, viewer=viewer, finished=match.finished)
