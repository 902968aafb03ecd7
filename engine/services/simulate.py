"""Matches between computer players with the pure engine, nothing written (``manage.py simulate``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.decks import CardIndex, parse_deck_list
from engine.core.decks import Deck as RulesDeck
from engine.core.match import DeckCard
from engine.core.mcts import Budget
from engine.core.players import play
from engine.games import get_format, get_game, sample_decks
from engine.services.autoplay import AI_STEPS_MAX
from engine.services.engines import Engine, ai_seed


class SimulationDeckError(ValueError):
    """A deck for ``simulate`` that is no sample nor readable file, or that has problems."""


def _simulation_text(format_slug: str, ref: str) -> str:
    """The list text of a sample deck (by name or 1-based number) or of a deck-list file."""
    samples = sample_decks(format_slug)
    if ref.isdigit() and 1 <= int(ref) <= len(samples):
        return samples[int(ref) - 1]["list"]
    named = [s for s in samples if s["name"].casefold() == ref.casefold()]
    if named:
        return named[0]["list"]
    path = Path(ref)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    names = ", ".join(f"{n}: {s['name']}" for n, s in enumerate(samples, 1))
    raise SimulationDeckError(f"{ref!r} is no sample deck of {format_slug} ({names}) and no file")


def simulation_deck(*, format_slug: str, ref: str) -> list[DeckCard]:
    """A deck for the pure engine from the game's bundled cards, checked in its format (no database)."""
    fmt = get_format(format_slug)
    text = _simulation_text(format_slug, ref)
    entries, problems = CardIndex(get_game(fmt.game).bundled_cards()).resolve(parse_deck_list(text))
    verdict = fmt.validate(RulesDeck(entries=tuple(entries), context={}))
    errors = [p for p in (*problems, *verdict.problems) if p.severity == "error"]
    if errors:
        raise SimulationDeckError(f"deck {ref!r}: " + "; ".join(p.message for p in errors))
    return [DeckCard(card=e.card, count=e.count, section=e.section) for e in entries if e.section != "side"]


@dataclass(frozen=True)
class GameResult:
    """One simulated match: the winning seats (none: a draw or a common loss), why it ended, its
    length in actions and turns."""

    winners: tuple[int, ...]
    termination: str
    actions: int
    turns: int

    @property
    def winner(self) -> int | None:
        """The single winner, or None."""
        return self.winners[0] if len(self.winners) == 1 else None


def simulate_one(
    engine: Engine,
    decks: Sequence[Sequence[DeckCard]],
    *,
    variant: str,
    seed: int,
    behaviours: Sequence[str],
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
) -> GameResult:
    """Play one match between AI behaviours (one per seat) with the pure engine, AI seeds as in the
    API; ``budget`` is the search players' (``mcts``), the default when None."""
    live = engine.new_match(decks, variant=variant, seed=seed, options=options or {})
    actions = 0
    while live.to_act is not None and actions < AI_STEPS_MAX:
        player = live.to_act
        live.apply(player, play(engine, behaviours[player], live, player, ai_seed(seed, actions + 1), budget))
        actions += 1
    outcome = live.outcome()
    turns = int(live.view(None)["turn"])
    if outcome is None:
        return GameResult(winners=(), termination="unfinished", actions=actions, turns=turns)
    return GameResult(winners=outcome.winners, termination=outcome.termination, actions=actions, turns=turns)


def match_simulate(
    *,
    engine: Engine,
    decks: Sequence[Sequence[DeckCard]],
    variant: str,
    games: int,
    behaviours: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
    progress: Callable[[Iterable[int]], Iterable[int]] = iter,
) -> list[GameResult]:
    """Play ``games`` matches (seeds ``seed``, ``seed + 1``, ...) in-process; nothing is written."""
    return [
        simulate_one(
            engine, decks, variant=variant, seed=seed + n, behaviours=behaviours, options=options, budget=budget
        )
        for n in progress(range(games))
    ]
