"""What the tournament services refuse, each with its HTTP status and stable ``code`` (the API's one
error shape, ``config.exceptions``); the pages show the message. A refused request changes nothing."""

from __future__ import annotations

from typing import Any

from config.errors import DomainError


class TournamentError(DomainError):
    """400: a request that cannot be read as asked (a bad result, a deck of another game ...)."""

    default_code = "bad_tournament_request"


class BadResult(TournamentError):
    """400: games that do not fit the tournament's best-of."""

    default_code = "bad_result"


class IllegalTournamentDeck(TournamentError):
    """400: the deck has problems of severity error in the format as of the tournament's date;
    ``problems`` lists every problem (as ``decks/validate/`` does)."""

    default_code = "illegal_deck"

    def __init__(self, message: str, *, problems: list[dict[str, Any]]) -> None:
        super().__init__(message, problems=problems)


class NotAllowed(DomainError):
    """403: only the organiser (or a player of the pairing) may do that."""

    status = 403
    default_code = "not_organiser"


class Conflict(DomainError):
    """409: the tournament is not in the state the request needs (registration closed, results
    missing, a result already final ...); ``code`` says which."""

    status = 409
    default_code = "conflict"
