"""Recording games and moving Elo ratings (api.md: per game, start 1500, K 32): every game between
two users is stored with both ratings as they stood before it and the change it made, so "the Elo
when the game was played" (the seed's Quilingo rule) is read back exactly. A tournament's final
result records its games (rated when the tournament is); a rated match between two people's seats
records its one game when it finishes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from engine.models import Match, Seat
from tournaments import elo
from tournaments.models import Pairing, PlayedGame, Rating
from tournaments.selectors import match_winner


@dataclass(frozen=True)
class GameOutcome:
    """One game to record: who sat as a and b (user ids), the winner (0 a, 1 b, None a draw) and
    the match it was played in, if any."""

    a: int
    b: int
    winner: int | None
    match: int | None = None


def _ratings(game: str, users: Sequence[int]) -> dict[int, Rating]:
    """The users' ratings in ``game`` (made at the start value when new), locked for this transaction."""
    for user in users:
        Rating.objects.get_or_create(game=game, user_id=user)
    return {r.user_id: r for r in Rating.objects.select_for_update().filter(game=game, user_id__in=users)}


@transaction.atomic
def games_record(
    *, game: str, outcomes: Sequence[GameOutcome], rated: bool, pairing: Pairing | None = None
) -> list[PlayedGame]:
    """Record ``outcomes`` in order, each with both ratings before it; when ``rated`` each moves
    both players' ratings at once (a's change is b's with the sign turned)."""
    ratings = _ratings(game, sorted({u for o in outcomes for u in (o.a, o.b)}))
    now = timezone.now()
    rows = []
    for number, outcome in enumerate(outcomes, start=1):
        a, b = ratings[outcome.a], ratings[outcome.b]
        score = 0.5 if outcome.winner is None else 1.0 - outcome.winner
        delta = elo.change(a.rating, b.rating, score) if rated else 0.0
        rows.append(
            PlayedGame(
                game=game, played=now, pairing=pairing, match_id=outcome.match, number=number,
                player_a_id=outcome.a, player_b_id=outcome.b, winner=outcome.winner,
                rating_a=a.rating, rating_b=b.rating, change_a=delta, change_b=-delta, rated=rated,
            )
        )  # fmt: skip
        if rated:
            a.rating, b.rating = a.rating + delta, b.rating - delta
            a.games, b.games = a.games + 1, b.games + 1
    for rating in ratings.values():
        rating.save(update_fields=["rating", "games", "updated"])
    return PlayedGame.objects.bulk_create(rows)


def match_rate(*, match_id: int) -> PlayedGame | None:
    """A finished rated match between two people's seats (two different users) counts as one rated
    game; any other match (the computer, one person, not rated) changes nothing."""
    match = Match.objects.filter(pk=match_id, finished=True, rated=True).first()
    if match is None:
        return None
    seats = list(match.seats.order_by("index"))
    users = [seat.user_id for seat in seats if seat.kind == Seat.Kind.HUMAN and seat.user_id is not None]
    if len(seats) != 2 or len(users) != 2 or users[0] == users[1]:
        return None
    outcome = GameOutcome(users[0], users[1], match_winner(match.result), match.pk)
    return games_record(game=match.game, outcomes=[outcome], rated=True)[0]
