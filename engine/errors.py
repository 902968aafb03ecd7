"""The match adapter's domain errors: what ``engine.services`` refuses, and how the API answers.

``config.exceptions`` turns each into its JSON answer (``{"detail", "code", ...}``) with its status;
the pages show the message.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext

from config.errors import DomainError
from decks.messages import translated_problem_list  # the deck rules' messages, translated

# The pure engine (engine/core/match.py ``find_legal``) refuses an action in English; these read
# its two reasons back so that the API answers them in the request's language.
_NOT_LEGAL = re.compile(r"(?P<action>.*) is not a legal action for player (?P<player>\d+) now", re.S)
_NOT_THEIR_TURN = re.compile(r"(?P<action>.*): it is not player (?P<player>\d+)'s turn to act", re.S)


def illegal_action_message(reason: str) -> str:
    """The engine's reason for refusing an action, in the active language (as it is when no
    pattern reads it: a reason a game adds stays English rather than being lost)."""
    if found := _NOT_LEGAL.fullmatch(reason):
        return gettext("%(action)s is not a legal action for player %(player)s now") % found.groupdict()
    if found := _NOT_THEIR_TURN.fullmatch(reason):
        return gettext("%(action)s: it is not player %(player)s's turn to act") % found.groupdict()
    return reason


class BadMatchRequest(DomainError):
    """400: a match that cannot be created or an action that cannot be read as asked."""

    default_code = "bad_match"


class BadOption(BadMatchRequest):
    """400: a match option the game does not know or a value outside its bounds (``option``)."""

    default_code = "bad_option"

    def __init__(self, message: str, *, option: str) -> None:
        super().__init__(message, option=option)


class IllegalDeck(BadMatchRequest):
    """400: a deck with problems of severity error; ``problems`` lists them as decks/validate does."""

    default_code = "illegal_deck"

    def __init__(self, index: int, problems: list[dict[str, Any]]) -> None:
        problems = translated_problem_list(problems)
        message = gettext("deck %(index)s is not legal") % {"index": index}
        first = f": {problems[0]['message']}" if problems else ""
        super().__init__(f"{message}{first}", deck=index, problems=problems)


class IllegalAction(DomainError):
    """400: an action that is not legal now; the message is the engine's reason."""

    default_code = "illegal_action"


class NotYourSeat(DomainError):
    """403: the user does not play for that seat (or it is the computer's)."""

    status = 403
    default_code = "permission_denied"


class StaleVersion(DomainError):
    """409: the client's version is not the match's: nothing changed."""

    status = 409
    default_code = "conflict"


class KeyInUse(DomainError):
    """409: a request with this Idempotency-Key is being processed."""

    status = 409
    default_code = "conflict"


class KeyReused(DomainError):
    """422: an Idempotency-Key used before for another request."""

    status = 422
    default_code = "idempotency_key_reused"


class MatchOver(DomainError):
    """409: the match ended before the action could be applied (a clock ran out)."""

    status = 409
    default_code = "match_over"


class WaitingForPlayers(DomainError):
    """409: the match has not started: an invited player has not accepted yet."""

    status = 409
    default_code = "waiting_for_players"


class InvitationAnswered(DomainError):
    """409: the invitation was accepted, declined or let lapse already."""

    status = 409
    default_code = "invitation_answered"


class SeatTaken(DomainError):
    """409: the open seat was taken by someone else first, or lapsed."""

    status = 409
    default_code = "seat_taken"


class AlreadySeated(DomainError):
    """409: the user plays in the match already."""

    status = 409
    default_code = "already_seated"


class BadClock(DomainError):
    """400: a clock that cannot be set (a match of more than two seats, a budget out of bounds)."""

    status = 400
    default_code = "bad_clock"
