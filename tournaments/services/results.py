"""Results of pairings: reported by one player and confirmed by the other (a differing report is a
dispute the organiser decides), entered by the organiser (final), or counted from the matches the
pairing plays in the service. A final result records its games and moves the ratings
(``ratings.games_record``); games reported by hand are recorded in the order a's wins, b's wins,
draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from engine.models import Match
from tournaments import live, swiss
from tournaments.errors import BadResult, Conflict, NotAllowed
from tournaments.models import Pairing, PairingMatch, Tournament
from tournaments.selectors import pairing_games_so_far, seated_outcome
from tournaments.services.ratings import GameOutcome, games_record

Games = list[int]


def pairing_locked(*, tournament_id: int, pairing_id: int) -> Pairing:
    """The pairing with its tournament's row locked (one result at a time per tournament); 404."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    pairing = (
        Pairing.objects.filter(pk=pairing_id, tournament_id=tournament_id).select_related("a__user", "b__user").first()
    )
    if tournament is None or pairing is None:
        raise Http404("no such pairing")
    pairing.tournament = tournament
    return pairing


def check_open(pairing: Pairing) -> None:
    """409 unless the pairing is a running round's match without a final result."""
    if pairing.tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is not running."), code=f"tournament_{pairing.tournament.status}")
    if pairing.b is None:
        raise Conflict(_("A bye has its result already."), code="bye")
    if pairing.final:
        raise Conflict(_("This pairing's result is final."), code="result_final")


def result_report(*, tournament_id: int, pairing_id: int, user: Any, games: Sequence[int]) -> Pairing:
    """A result ``[a's wins, b's wins, draws]``: by a player of the pairing (the first report waits
    for the other player's; the same games confirm it, others dispute it), or by the organiser
    (final, deciding a dispute). 400 for games that do not fit best-of; 403 for anyone else; 409
    for a final result, a bye, or a pairing played as matches (its matches decide)."""
    with transaction.atomic():
        pairing = pairing_locked(tournament_id=tournament_id, pairing_id=pairing_id)
        tournament = pairing.tournament
        check_open(pairing)
        problem = swiss.best_of_problem(list(games), tournament.best_of)
        if problem:
            raise BadResult(problem)
        side = pairing.side_of(user.pk)
        organiser = tournament.organiser_id == user.pk
        if side is None and not organiser:
            raise NotAllowed(_("Only the players of this pairing and the organiser report its result."), code="not_your_pairing")  # fmt: skip
        if organiser and (side is None or pairing.dispute is not None):
            _finish(pairing, list(games), "organiser")
        else:
            _player_report(pairing, list(games), user)
        live.announce_on_commit(tournament.pk)
    return pairing


def _player_report(pairing: Pairing, games: Games, user: Any) -> None:
    """A player's report: the first is a claim; the other player's equal report confirms it and a
    differing one disputes it; a player may change their own claim until it is confirmed."""
    if pairing.matches.exists():
        raise Conflict(_("This pairing is played in the service: its matches decide."), code="played_as_match")
    if pairing.claim is None or pairing.claimed_by_id == user.pk and pairing.dispute is None:
        pairing.claim, pairing.claimed_by = games, user
    elif pairing.claimed_by_id == user.pk:  # the claimer answers the dispute: agreeing settles it
        pairing.claim = games
    else:
        pairing.dispute = games
    if pairing.dispute is not None and pairing.dispute == pairing.claim:
        _finish(pairing, games, "players")
        return
    pairing.save(update_fields=["claim", "claimed_by", "dispute"])


def _finish(pairing: Pairing, games: Games, decided: str, matches: Sequence[Match] = ()) -> None:
    """Make the result final, record its games and move the ratings."""
    pairing.games, pairing.decided = games, decided
    pairing.save(update_fields=["games", "decided"])
    tournament = pairing.tournament
    assert pairing.b is not None
    a, b = pairing.a.user_id, pairing.b.user_id
    if matches:
        outcomes = [GameOutcome(*seated_outcome(pairing, m), match=m.pk) for m in matches]
    else:
        outcomes = [GameOutcome(a, b, 0)] * games[0] + [GameOutcome(a, b, 1)] * games[1]
        outcomes += [GameOutcome(a, b, None)] * games[2]
    games_record(game=tournament.game, outcomes=outcomes, rated=tournament.rated, pairing=pairing)


def pairing_match_finished(*, match_id: int) -> bool:
    """A match of a pairing finished: count its games; once one player has won the majority or
    every game of the best-of is played, that is the pairing's final result (unless the
    organiser entered one meanwhile). False when the match belongs to no pairing."""
    row = PairingMatch.objects.filter(match_id=match_id).values_list("pairing__tournament_id", "pairing_id").first()
    if row is None:
        return False
    with transaction.atomic():
        pairing = pairing_locked(tournament_id=row[0], pairing_id=row[1])
        if pairing.final:
            return True
        played = [pm.match for pm in pairing.matches.select_related("match") if pm.match.finished]
        games = pairing_games_so_far(pairing=pairing)
        needed = pairing.tournament.best_of // 2 + 1
        if max(games[0], games[1]) >= needed or sum(games) >= pairing.tournament.best_of:
            _finish(pairing, games, "match", played)
        live.announce_on_commit(pairing.tournament_id)
    return True
