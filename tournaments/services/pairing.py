"""Pairing a round: the standings so far rank the active players, ``swiss.pair`` matches them
(no rematch; the bye to the lowest-ranked player without one) and the pairs take the tables in
rank order, the best at table 1. A bye is written with its result, a match won 2-0."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import swiss
from tournaments.errors import Conflict
from tournaments.models import Pairing, Tournament
from tournaments.selectors import final_results, player_order


def round_pair(*, tournament: Tournament) -> list[Pairing]:
    """Pair ``tournament.round`` (the caller holds the row's lock). 409 ``no_pairing`` when every
    pairing would repeat a pair that has met."""
    table = swiss.standings(player_order(tournament=tournament), final_results(tournament=tournament))
    active = set(tournament.players.filter(dropped=False).values_list("pk", flat=True))
    if not active:
        raise Conflict(_("Every player has dropped."), code="too_few_players")
    earlier = list(Pairing.objects.filter(tournament=tournament).values_list("a_id", "b_id"))
    met = {frozenset((a, b)) for a, b in earlier if b is not None}
    had_bye = {a for a, b in earlier if b is None}
    ranked = [line.player for line in table if line.player in active]
    try:
        pairs, bye = swiss.pair(ranked, {line.player: line.points for line in table}, met, had_bye)
    except swiss.NoPairing:
        message = _("Every pairing of round %(round)s would repeat a pair that has met: finish the tournament.")
        raise Conflict(message % {"round": tournament.round}, code="no_pairing") from None
    rows = [Pairing(tournament=tournament, round=tournament.round, table=i, a_id=a, b_id=b) for i, (a, b) in enumerate(pairs, start=1)]  # fmt: skip
    if bye is not None:
        rows.append(
            Pairing(tournament=tournament, round=tournament.round, a_id=bye, games=list(swiss.BYE_GAMES), decided="bye")
        )
    return Pairing.objects.bulk_create(rows)
