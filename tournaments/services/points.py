"""The charges learn from the service's own tournaments (issue 38 item 3): a finished tournament of
a game that has charges (``charges.selectors.has_charges``: the game is read from the tournament's
format, never named here) counts in ``recompute_charges`` exactly like an imported one, because it
is imported: its export (``import_tournaments``' shape: each game with both registered lists and
both players' Elo as it stood before the game) goes through ``charges.services.tournaments_import``,
replacing an earlier copy of the same name and date. The charge formula then counts the format it
counts (E7: the last eight ``eredan/quilingo`` tournaments before the update), as for any import.

This is the one place where the tournaments meet the charges; when the charges app serves a
points-system protocol of its own, this module is what moves onto it.
"""

from __future__ import annotations

from charges.selectors import has_charges
from charges.services import tournaments_import
from tournaments.exports import tournament_export
from tournaments.models import Tournament


def tournament_finished(*, tournament: Tournament) -> None:
    """Hand a just finished tournament to the charges (in the transaction that finishes it)."""
    if not has_charges(tournament.game):
        return
    export = tournament_export(tournament=tournament)
    if export["tournaments"][0]["games"]:
        tournaments_import(data=export, replace=True)
