"""Writes of the tournaments app (HackSoft: keyword-only, typed, one transaction each), split by
concern:

- ``events``: create, register, start, next round, finish, drop;
- ``pairing``: a round's Swiss pairing (``tournaments.swiss``) and the tables;
- ``results``: reports, confirmations, disputes, the organiser's word, results of matches;
- ``matches``: a pairing played as a match of the game's engine;
- ``ratings``: games recorded with the Elo as it stood, ratings moved;
- ``points``: what a finished tournament hands to the charges.

Refusals are domain errors (``tournaments.errors``); nothing here names a game.
"""

from tournaments.services.events import (
    player_drop,
    player_register,
    round_next,
    tournament_create,
    tournament_finish,
    tournament_start,
)
from tournaments.services.matches import format_variant, pairing_match_start
from tournaments.services.ratings import games_record, match_rate
from tournaments.services.results import pairing_match_finished, result_report

__all__ = [
    "format_variant",
    "games_record",
    "match_rate",
    "pairing_match_finished",
    "pairing_match_start",
    "player_drop",
    "player_register",
    "result_report",
    "round_next",
    "tournament_create",
    "tournament_finish",
    "tournament_start",
]
