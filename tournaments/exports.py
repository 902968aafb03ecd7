"""A tournament taken out of the service: its standings as CSV, and (once finished) its games in
``import_tournaments``' JSON shape (api.md), so another Kartothek instance can import it: each game
with both players' names, their Elo as it stood before the game and their registered lists."""

from __future__ import annotations

import csv
import io
from typing import Any

from tournaments.models import PlayedGame, Player, Tournament
from tournaments.selectors import standings_json, tournament_players

CSV_HEADER = ("rank", "user", "points", "omw", "gw", "ogw", "rounds", "dropped")


def standings_csv(*, tournament: Tournament) -> str:
    """The standings, one player a line, percentages as fractions of 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for line in standings_json(tournament=tournament, players=tournament_players(tournament=tournament)):
        writer.writerow([line[key] for key in CSV_HEADER])
    return out.getvalue()


def deck_slugs(player: Player) -> list[str]:
    """The registered list as the results file has it: a slug per copy, the side deck left out."""
    return [c["card"]["slug"] for c in player.cards if c["section"] != "side" for _ in range(int(c["count"]))]


def tournament_export(*, tournament: Tournament) -> dict[str, Any]:
    """``{"tournaments": [one]}`` with every game the tournament's pairings recorded."""
    players = {p.user_id: p for p in tournament_players(tournament=tournament).values()}
    decks = {user: deck_slugs(p) for user, p in players.items()}
    rows = (
        PlayedGame.objects.filter(pairing__tournament=tournament)
        .select_related("player_a", "player_b")
        .order_by("pairing__round", "pairing__table", "number")
    )
    games = [
        {
            "players": [
                {"name": g.player_a.username, "elo": round(g.rating_a), "deck": decks[g.player_a_id]},
                {"name": g.player_b.username, "elo": round(g.rating_b), "deck": decks[g.player_b_id]},
            ],
            "winner": g.winner,
        }
        for g in rows
    ]
    entry = {"name": tournament.name, "date": tournament.date.isoformat(), "format": tournament.format, "games": games}
    return {"tournaments": [entry]}
