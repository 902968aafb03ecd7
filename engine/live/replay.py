"""The replay viewer's states (issue 20 item 4): a finished match dealt again from its log (seed,
decks, options) and stepped through action by action, each state as one seat or a spectator saw it.
The log replays bit for bit (api.md), so step N is the state after the N-th accepted action."""

from __future__ import annotations

from typing import Any

from engine import selectors
from engine.core.base import BaseMatch
from engine.games import get_game
from engine.models import Match, MatchAction
from engine.services.decks import deck_cards


def replay_rows(*, match: Match) -> list[MatchAction]:
    """The logged actions in order."""
    return list(MatchAction.objects.filter(match=match).order_by("seq"))


def replay_live(*, match: Match, rows: list[MatchAction], step: int) -> BaseMatch:
    """The engine's match after the first ``step`` actions of the log."""
    engine = get_game(match.game).engine
    assert engine is not None, f"{match.game} has no engine"
    decks = [deck_cards(deck) for deck in match.decks]
    live: BaseMatch = engine.new_match(decks, variant=match.variant, seed=match.seed, options=match.options)
    for row in rows[:step]:
        live.apply(row.player, row.action["id"])
    return live


def replay_state(*, match: Match, live: BaseMatch, step: int, seat: int | None) -> dict[str, Any]:
    """The state at ``step`` in the API's shape, as ``seat`` (None: a spectator) saw it then."""
    outcome = live.outcome()
    last = step == match.version
    finished = outcome is not None or (last and match.finished)
    return {
        **live.view(seat),
        "to_act": None if finished else live.to_act,
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "rules_version": match.rules_version,
        "version": step,
        "player": seat,
        "legal_actions": [],
        "finished": finished,
        "result": outcome.to_json() if outcome is not None else (match.result if last else None),
        "seats": selectors.match_seats(match=match),
        "invitations": [],
    }
