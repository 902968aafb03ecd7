"""``manage.py simulate --format kamelo/dufo --decks A B --games 1000 --ai greedy random [--seed S]``.

Plays AI-against-AI matches in-process with the pure engine (nothing is written to the database)
and prints each deck's win rate with its 95% Wilson interval, the draws and the average length.
A deck is a sample deck of the format (its number, from 1, or its name) or a deck-list file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from engine.games import get_format
from engine.services import GameResult, SimulationDeckError, game_engine, match_simulate, simulation_deck

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1 and for few trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - margin), min(1.0, centre + margin)


def report(results: Sequence[GameResult], names: Sequence[str]) -> list[str]:
    """The summary lines: win rate and interval per deck, draws, average length."""
    n = len(results)
    lines = []
    for player, name in enumerate(names):
        wins = sum(1 for r in results if r.winner == player)
        low, high = wilson(wins, n)
        lines.append(f"{name}: {wins}/{n} wins = {wins / n:.1%} (95% CI {low:.1%} - {high:.1%})")
    draws = sum(1 for r in results if r.winner is None)
    lines.append(f"draws: {draws}/{n} = {draws / n:.1%}")
    actions = sum(r.actions for r in results) / n
    turns = sum(r.turns for r in results) / n
    lines.append(f"average length: {actions:.1f} actions, {turns:.1f} turns")
    return lines


class Command(BaseCommand):
    help = "Simulate AI-against-AI matches of two decks with the pure engine: win rates and average length."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--format", required=True, help="the deck format, e.g. kamelo/dufo (variant = its name)")
        parser.add_argument("--decks", nargs=2, required=True, metavar=("A", "B"), help="sample number/name or file")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--ai", nargs=2, default=["greedy", "random"], metavar=("AI_A", "AI_B"))
        parser.add_argument("--seed", type=int, default=0, help="the first match's seed (then seed+1, ...)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            fmt = get_format(options["format"])
        except KeyError:
            raise CommandError(f"unknown format {options['format']!r}") from None
        engine = self._engine(fmt.game, options["ai"])
        try:
            decks = [simulation_deck(format_slug=fmt.slug, ref=ref) for ref in options["decks"]]
        except SimulationDeckError as error:
            raise CommandError(str(error)) from None
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        bar = options["no_progress"] or options["verbosity"] == 0
        results = match_simulate(
            engine=engine,
            decks=decks,
            variant=fmt.slug.split("/", 1)[1],
            games=options["games"],
            behaviours=options["ai"],
            seed=options["seed"],
            progress=(lambda games: games) if bar else (lambda games: tqdm(games, desc="matches", unit="match")),
        )
        names = [f"A ({options['decks'][0]}, {options['ai'][0]})", f"B ({options['decks'][1]}, {options['ai'][1]})"]
        self.stdout.write(f"{fmt.slug}: {len(results)} matches, seeds {options['seed']}..")
        for line in report(results, names):
            self.stdout.write(line)

    def _engine(self, game: str, behaviours: Sequence[str]) -> Any:
        try:
            engine = game_engine(game)
        except Exception as error:  # the service's 400 for a game without engine
            raise CommandError(str(error)) from None
        unknown = [b for b in behaviours if b not in engine.ai_behaviours]
        if unknown:
            raise CommandError(f"unknown AI {unknown[0]!r}; the behaviours are {', '.join(engine.ai_behaviours)}")
        return engine
