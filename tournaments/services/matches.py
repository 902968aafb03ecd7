"""A pairing played in the service: each game is a match of the game's engine in a variant of the
tournament's format, dealt with both registered lists (as locked at registration), seeded from the
tournament's seed, each player at their seat (a in seat 0 in odd games, b in even ones) and, when
the tournament sets one, with the clocks of live play. Its result counts by itself
(``results.pairing_match_finished``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.core.match import Variant
from engine.errors import BadMatchRequest
from engine.games import get_game
from engine.live import clocks
from engine.models import Match
from engine.services import match_create_seated
from tournaments.errors import Conflict, NotAllowed, TournamentError
from tournaments.models import Pairing, PairingMatch, Tournament
from tournaments.services.results import check_open, pairing_locked


def format_variant(format_slug: str) -> Variant | None:
    """The first two-seat variant of the format's game whose seats play that format (None: the
    game has no engine, or none for this format)."""
    engine = get_game(format_slug.split("/", 1)[0]).engine
    if engine is None:
        return None
    return next((v for v in engine.variants if v.format == format_slug and v.min_players <= 2 <= v.max_players), None)


def match_seed(tournament: Tournament, pairing: Pairing, number: int) -> int:
    """The match's seed: from the tournament's, the pairing and the game's number (arithmetic
    only, so that it is the same in every process)."""
    return (tournament.seed * 1_000_003 + pairing.pk * 7_919 + number) % 2**31


def _check_player(pairing: Pairing, user: Any) -> None:
    if pairing.side_of(user.pk) is None and pairing.tournament.organiser_id != user.pk:
        raise NotAllowed(_("Only the players of this pairing and the organiser start its match."), code="not_your_pairing")  # fmt: skip


def pairing_match_start(*, tournament_id: int, pairing_id: int, user: Any) -> Match:
    """Start the pairing's next game as a match (by one of its players or the organiser). 409
    while one of its matches runs, once the result is final or reported by hand; 400 when the
    format has no rules engine."""
    with transaction.atomic():
        pairing = pairing_locked(tournament_id=tournament_id, pairing_id=pairing_id)
        tournament = pairing.tournament
        _check_player(pairing, user)
        check_open(pairing)
        if pairing.claim is not None:
            raise Conflict(_("A result of this pairing was reported by hand."), code="result_reported")
        running = pairing.matches.filter(match__finished=False).values_list("match_id", flat=True).first()
        if running is not None:
            raise Conflict(_("A match of this pairing is running."), code="match_running", match=running)
        variant = format_variant(tournament.format)
        if variant is None:
            message = _("%(format)s has no rules engine to play in.") % {"format": tournament.format}
            raise TournamentError(message, code="no_engine")
        number = pairing.matches.count() + 1
        assert pairing.b is not None
        seated = [pairing.a, pairing.b] if number % 2 else [pairing.b, pairing.a]
        try:
            match = match_create_seated(
                creator=tournament.organiser,
                game=tournament.game,
                variant=variant.slug,
                users=[p.user for p in seated],
                decks=[[c for c in p.cards if c["section"] != "side"] for p in seated],
                seed=match_seed(tournament, pairing, number),
            )
        except BadMatchRequest as error:
            raise TournamentError(error.message, code=error.code) from None
        PairingMatch.objects.create(pairing=pairing, match=match, number=number)
        if tournament.clock_seconds:
            clocks.clock_setup(match=match, seconds=tournament.clock_seconds, increment=tournament.clock_increment)
    return match
