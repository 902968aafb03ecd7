"""Reads of the tournaments app: which tournaments a user sees, a tournament as the API answers it
(players, pairings, standings, the lists when they may be shown), a player's next pairing, ratings.

Who sees what: the list shows public tournaments and the user's own (organised or entered); a
private tournament is unlisted, and read by its link. The registered lists are shown to everyone
once the tournament has finished, before that to the organiser, and each player sees their own.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from engine.models import Match
from tournaments import swiss
from tournaments.models import Pairing, Player, Rating, Tournament

PLACES = 4  # decimals of the percentages in answers


def tournament_list(*, user: Any, game: str | None = None, status: str | None = None) -> QuerySet[Tournament]:
    """Public tournaments and the user's own, newest first; optionally of one game or status."""
    mine = Q(organiser=user) | Q(players__user=user) if user.is_authenticated else Q(pk__in=[])
    ids = Tournament.objects.filter(Q(public=True) | mine).values("pk")
    rows = Tournament.objects.filter(pk__in=ids).select_related("organiser")
    if game:
        rows = rows.filter(game=game)
    if status:
        rows = rows.filter(status=status)
    return rows


def final_results(*, tournament: Tournament) -> list[swiss.Result]:
    """Every final result of the tournament, as the Swiss module reads them."""
    rows = Pairing.objects.filter(tournament=tournament, games__isnull=False).values_list("a_id", "b_id", "games")
    return [swiss.Result(a, b, (int(g[0]), int(g[1]), int(g[2]))) for a, b, g in rows if g is not None]


def player_order(*, tournament: Tournament) -> list[int]:
    """The seeded draw of the tournament's players (their ids)."""
    return swiss.draw_order(tournament.players.values_list("pk", flat=True), tournament.seed)


def open_tables(*, tournament: Tournament) -> list[int]:
    """The tables of the current round whose result is not final yet."""
    rows = Pairing.objects.filter(tournament=tournament, round=tournament.round, games__isnull=True)
    return sorted(t for t in rows.values_list("table", flat=True) if t is not None)


def match_winner(result: Any) -> int | None:
    """The winning seat of a finished two-seat match's result (None: a draw)."""
    winner = (result or {}).get("winner")
    return winner if isinstance(winner, int) and not isinstance(winner, bool) else None


def seated_outcome(pairing: Pairing, match: Match) -> tuple[int, int, int | None]:
    """(a's user, b's user, the winner as a or b) of one of the pairing's matches."""
    assert pairing.b is not None
    a, b = pairing.a.user_id, pairing.b.user_id
    seat = match_winner(match.result)
    first = match.seats.get(index=0).user_id
    winner = None if seat is None else (seat if first == a else 1 - seat)
    return a, b, winner


def pairing_games_so_far(*, pairing: Pairing) -> list[int]:
    """The games of a pairing's finished matches, as [a's wins, b's wins, draws]."""
    games = [0, 0, 0]
    for pm in pairing.matches.select_related("match"):
        if pm.match.finished:
            winner = seated_outcome(pairing, pm.match)[2]
            games[2 if winner is None else winner] += 1
    return games


def tournament_get(*, tournament_id: int | str) -> Tournament:
    """A tournament by id (public or private: a private one is read by its link); Http404."""
    tournament = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404(f"no tournament {tournament_id}")
    return tournament


def lists_shown(*, tournament: Tournament, user: Any) -> bool:
    """Whether ``user`` sees every registered list (finished, or the organiser)."""
    return tournament.status == Tournament.Status.FINISHED or tournament.organiser_id == user.pk


def standings(*, tournament: Tournament) -> list[swiss.Standing]:
    """The standings from the final results so far (MTR Appendix C)."""
    return swiss.standings(player_order(tournament=tournament), final_results(tournament=tournament))


def _percent(value: Any) -> float:
    return round(float(value), PLACES)


def standings_json(*, tournament: Tournament, players: dict[int, Player]) -> list[dict[str, Any]]:
    """api.md's standings: rank, user, points, OMW%, GW%, OGW% (0..1), plus rounds and dropped."""
    return [
        {
            "rank": line.rank,
            "user": players[line.player].user.username,
            "points": line.points,
            "omw": _percent(line.omw),
            "gw": _percent(line.gw),
            "ogw": _percent(line.ogw),
            "rounds": line.rounds,
            "dropped": players[line.player].dropped,
        }
        for line in standings(tournament=tournament)
    ]


def result_json(pairing: Pairing, names: dict[int, str]) -> dict[str, Any] | None:
    """A pairing's result: final (confirmed), or the report waiting for the other player
    (``reported_by``; ``disputed`` holds the other player's differing report)."""
    if pairing.games is not None:
        return {"games": pairing.games, "confirmed": True, "decided_by": pairing.decided or None}
    if pairing.claim is None:
        return None
    return {
        "games": pairing.claim,
        "confirmed": False,
        "reported_by": names.get(pairing.claimed_by_id or 0),
        "disputed": pairing.dispute,
    }


def pairing_json(pairing: Pairing, players: dict[int, Player], names: dict[int, str]) -> dict[str, Any]:
    """One pairing as api.md shows it, with the ids of the matches it played in the service."""
    matches = [pm.match_id for pm in pairing.matches.all()]
    return {
        "id": pairing.pk,
        "round": pairing.round,
        "table": pairing.table,
        "players": [players[pairing.a_id].user.username, players[pairing.b_id].user.username if pairing.b_id else None],
        "result": result_json(pairing, names),
        "match": matches[-1] if matches else None,
        "matches": matches,
    }


def player_json(player: Player, *, show_list: bool) -> dict[str, Any]:
    """A registered player; the locked list when the viewer may see it."""
    row: dict[str, Any] = {"user": player.user.username, "dropped": player.dropped}
    if player.dropped:
        row["dropped_round"] = player.dropped_round
    if show_list:
        row["deck"] = {"name": player.deck_name, "list": player.deck_list}
    return row


def tournament_players(*, tournament: Tournament) -> dict[int, Player]:
    """The tournament's players by id, with their users."""
    return {p.pk: p for p in tournament.players.select_related("user")}


def tournament_pairings(*, tournament: Tournament) -> list[Pairing]:
    """Every pairing, round by round, byes last in their round."""
    rows = tournament.pairings.prefetch_related("matches").order_by("round", "table", "id")
    return sorted(rows, key=lambda p: (p.round, p.table is None, p.table or 0))


def tournament_json(*, tournament: Tournament, user: Any) -> dict[str, Any]:
    """The tournament as ``GET tournaments/{id}/`` answers it to ``user``."""
    players = tournament_players(tournament=tournament)
    names = {p.user_id: p.user.username for p in players.values()}
    every_list = lists_shown(tournament=tournament, user=user)
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "format": tournament.format,
        "game": tournament.game,
        "date": tournament.date.isoformat(),
        "status": tournament.status,
        "round": tournament.round,
        "rounds": tournament.rounds,
        "rated": tournament.rated,
        "public": tournament.public,
        "best_of": tournament.best_of,
        "clock": {"seconds": tournament.clock_seconds, "increment": tournament.clock_increment}
        if tournament.clock_seconds
        else None,
        "organiser": tournament.organiser.username,
        "players": [player_json(p, show_list=every_list or p.user_id == user.pk) for p in players.values()],
        "pairings": [pairing_json(p, players, names) for p in tournament_pairings(tournament=tournament)],
        "standings": standings_json(tournament=tournament, players=players),
    }


def tournament_summary(*, tournament: Tournament) -> dict[str, Any]:
    """A tournament in lists."""
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "format": tournament.format,
        "game": tournament.game,
        "date": tournament.date.isoformat(),
        "status": tournament.status,
        "round": tournament.round,
        "rounds": tournament.rounds,
        "organiser": tournament.organiser.username,
        "public": tournament.public,
    }


def my_pairing(*, tournament: Tournament, user: Any) -> dict[str, Any] | None:
    """The signed-in player's pairing of the current round: opponent, table, side, its result so
    far, the running match; None when they have none (not playing, dropped, between rounds)."""
    if not user.is_authenticated or tournament.status != Tournament.Status.RUNNING:
        return None
    mine = Q(a__user=user) | Q(b__user=user)
    pairing = (
        tournament.pairings.filter(mine, round=tournament.round)
        .select_related("a__user", "b__user")
        .prefetch_related("matches__match")
        .first()
    )
    if pairing is None:
        return None
    side = pairing.side_of(user.pk)
    opponent = pairing.b if side == 0 else pairing.a
    running = next((pm.match for pm in pairing.matches.all() if not pm.match.finished), None)
    return {
        "pairing": pairing,
        "side": side,
        "opponent": opponent.user.username if opponent else None,
        "games_so_far": pairing_games_so_far(pairing=pairing) if pairing.matches.exists() else None,
        "running": running,
    }


def ratings_list(*, game: str) -> list[dict[str, Any]]:
    """api.md's ``GET ratings/?game=``: every rated player of the game, highest first."""
    rows = Rating.objects.filter(game=game, games__gt=0).select_related("user").order_by("-rating", "user__username")
    return [{"user": r.user.username, "rating": round(r.rating), "games": r.games} for r in rows]
