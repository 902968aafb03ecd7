"""A match being played in one unit of work: its row, seats, the live engine match and new log rows.

Every accepted action is logged with what the table saw of it (the engine's ``public_action``), so
that the state's ``applied``, the page's log and ``/log/`` all show it by one rule
(``engine.selectors.seen_action``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from django.db import transaction

from engine.core.base import BaseMatch
from engine.core.match import Action, find_legal
from engine.core.players import play
from engine.models import Match, MatchAction, Seat
from engine.services.engines import Engine, ai_seed
from engine.services.seats import seat_budget
from engine.signals import match_changed, match_finished


@dataclass
class Table:
    """A match in play: apply actions (human or AI) on the live engine state, then save."""

    match: Match
    seats: list[Seat]
    live: BaseMatch
    engine: Engine
    logged: list[MatchAction] = field(default_factory=list)

    def apply(self, player: int, action: Action | str) -> MatchAction:
        """Apply a legal action (IllegalActionError otherwise), bump the version, log it."""
        chosen = find_legal(self.live.legal_actions(player), action, player)
        shown = self.live.public_action(player, chosen)
        self.live.apply(player, chosen)
        self.match.version += 1
        full = chosen.to_json()
        row = MatchAction(
            match=self.match,
            seq=self.match.version,
            player=player,
            action=full,
            public=None if shown == full else shown,
        )
        self.logged.append(row)
        return row

    def ai_seats(self) -> dict[int, Seat]:
        """Seat index -> seat of the computer's seats."""
        return {seat.index: seat for seat in self.seats if seat.kind == Seat.Kind.AI}

    def ai_to_act(self) -> bool:
        """Whether a computer seat must act now."""
        return self.live.to_act is not None and self.live.to_act in self.ai_seats()

    def play_ai(self, max_steps: int, max_seconds: float | None = None) -> int:
        """Let AI seats act, each from what it knows (its view; ``mcts`` samples the hidden part),
        until a human must act, the match is over, ``max_steps`` actions were taken or
        ``max_seconds`` passed (a search player thinks for up to its budget per action); the number
        taken."""
        ai = self.ai_seats()
        started = time.perf_counter()
        for step in range(max_steps):
            player = self.live.to_act
            if player is None or player not in ai:
                return step
            if max_seconds is not None and step and time.perf_counter() - started >= max_seconds:
                return step
            seat = ai[player]
            seed = ai_seed(self.match.seed, self.match.version + 1)
            self.apply(player, play(self.engine, seat.behaviour, self.live, player, seed, seat_budget(seat)))
        return max_steps

    def save(self) -> None:
        """Write the state, the outcome and the new log rows."""
        outcome = self.live.outcome()
        ends = outcome is not None and not self.match.finished
        self.match.state = self.live.to_json()
        self.match.finished = outcome is not None
        self.match.result = outcome.to_json() if outcome is not None else None
        # decks (large, never changed after creation) stay out of the UPDATE
        self.match.save(update_fields=["state", "version", "finished", "result", "updated"])
        MatchAction.objects.bulk_create(self.logged)
        match_id, version = self.match.pk, self.match.version
        transaction.on_commit(lambda: match_changed.send(sender=Match, match_id=match_id, version=version))
        if ends:
            transaction.on_commit(lambda: match_finished.send(sender=Match, match_id=match_id))


def restore(match: Match, engine: Engine, seats: list[Seat] | None = None) -> Table:
    """A table for a stored match (its seats loaded unless given)."""
    live: BaseMatch = engine.from_json(match.state)
    return Table(match=match, seats=seats if seats is not None else list(match.seats.all()), live=live, engine=engine)
