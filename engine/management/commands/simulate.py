"""``manage.py simulate --format kamelo/dufo --games 1000 --ai greedy random [--decks A B] [--seed S]
[--variant V] [--seats N] [--option key=value ...]``.

Plays matches between computer players in-process with the pure engine (nothing is written to the
database) and prints each seat's win rate with its 95% Wilson interval, the draws, how the matches
ended (one line per termination code) and the average length. Works for every game with an
engine, from what it declares: ``--format`` picks the variant whose deck format it is (``--variant``
where several share one, as muhq's maps do); a deck is a sample deck of the format (its number,
from 1, or its name) or a deck-list file, one per seat (default: the samples in turn); ``--ai``
names one behaviour per seat (the last repeats): the game's own (``random``, ``greedy``) or the core's
search player ``mcts``, whose budget ``--playouts N`` (deterministic for the seed) or
``--budget-ms MS`` sets (default: engine.core.mcts.DEFAULT), so a deck can be tested against strong play.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from config.errors import DomainError
from engine.core.match import OptionError, SeatCountError, Variant
from engine.core.mcts import Budget, budget_for
from engine.core.stats import wilson
from engine.games import get_format, sample_decks
from engine.services import GameResult, SimulationDeckError, game_engine, match_simulate, simulation_deck
from engine.services.engines import Engine


def report(results: Sequence[GameResult], names: Sequence[str]) -> list[str]:
    """The summary lines: win rate and interval per seat, draws, terminations, average length."""
    n = len(results)
    lines = []
    for player, name in enumerate(names):
        wins = sum(1 for r in results if player in r.winners)
        low, high = wilson(wins, n)
        lines.append(f"{name}: {wins}/{n} wins = {wins / n:.1%} (95% CI {low:.1%} - {high:.1%})")
    if len(names) > 1:
        draws = sum(1 for r in results if not r.winners)
        lines.append(f"no winner: {draws}/{n} = {draws / n:.1%}")
    ended = Counter(r.termination for r in results)
    lines.extend(f"{code}: {count}/{n}" for code, count in sorted(ended.items()))
    actions = sum(r.actions for r in results) / n
    turns = sum(r.turns for r in results) / n
    lines.append(f"average length: {actions:.1f} actions, {turns:.1f} turns")
    return lines


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` (the value read as JSON where it is JSON: 200, true, null, else as text)."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise CommandError(f"--option {text!r}: write key=value")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


class Command(BaseCommand):
    help = "Simulate matches between computer players with the pure engine: win rates, endings, length."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--format", required=True, help="the deck format <game>/<name>, as GET games/ lists them")
        parser.add_argument("--variant", help="the variant, where several variants share the format")
        parser.add_argument("--seats", type=int, help="how many seats (default: two, or the variant's only count)")
        parser.add_argument("--decks", nargs="+", metavar="DECK", help="per seat: sample number/name or file")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--ai", nargs="+", default=["greedy", "random"], metavar="AI", help="per seat")
        parser.add_argument("--playouts", type=int, help="mcts: playouts per decision (deterministic)")
        parser.add_argument("--budget-ms", type=int, help="mcts: milliseconds per decision")
        parser.add_argument("--seed", type=int, default=0, help="the first match's seed (then seed+1, ...)")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a match option")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            fmt = get_format(options["format"])
        except KeyError:
            raise CommandError(f"unknown format {options['format']!r}") from None
        engine = self._engine(fmt.game)
        variant = self._variant(engine, fmt.slug, options["variant"])
        seats = self._seats(engine, variant, options["seats"])
        behaviours = self._behaviours(engine, options["ai"], seats)
        budget = self._budget(options["budget_ms"], options["playouts"])
        match_options = dict(parse_option(text) for text in options["option"])
        try:
            engine.check_options(variant.slug, match_options)
        except OptionError as error:
            raise CommandError(str(error)) from None
        refs = options["decks"] or [str(n % max(1, len(sample_decks(fmt.slug))) + 1) for n in range(seats)]
        if len(refs) != seats:
            raise CommandError(f"{seats} seats need {seats} decks, not {len(refs)}")
        try:
            decks = [simulation_deck(format_slug=fmt.slug, ref=ref) for ref in refs]
        except SimulationDeckError as error:
            raise CommandError(str(error)) from None
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        quiet = options["no_progress"] or options["verbosity"] == 0
        results = match_simulate(
            engine=engine,
            decks=decks,
            variant=variant.slug,
            games=options["games"],
            behaviours=behaviours,
            seed=options["seed"],
            options=match_options,
            budget=budget,
            progress=(lambda games: games) if quiet else (lambda games: tqdm(games, desc="matches", unit="match")),
        )
        names = [f"seat {n + 1} ({refs[n]}, {behaviours[n]})" for n in range(seats)]
        shown = f" {match_options}" if match_options else ""
        self.stdout.write(f"{engine.slug}/{variant.slug}{shown}: {len(results)} matches, seeds {options['seed']}..")
        for line in report(results, names):
            self.stdout.write(line)

    def _engine(self, game: str) -> Engine:
        try:
            return game_engine(game)
        except DomainError as error:
            raise CommandError(str(error)) from None

    def _variant(self, engine: Engine, format_slug: str, wanted: str | None) -> Variant:
        matching = [v for v in engine.variants if v.format == format_slug]
        if wanted is not None:
            chosen = [v for v in matching if v.slug == wanted]
            if not chosen:
                names = ", ".join(v.slug for v in matching) or "none"
                raise CommandError(f"{wanted!r} is no variant of {format_slug} (its variants: {names})")
            return chosen[0]
        if len(matching) != 1:
            names = ", ".join(v.slug for v in matching) or "none"
            raise CommandError(f"{format_slug} is the format of the variants {names}: name one with --variant")
        return matching[0]

    def _seats(self, engine: Engine, variant: Variant, seats: int | None) -> int:
        count = seats if seats is not None else max(variant.min_players, min(2, variant.max_players))
        try:
            engine.check_seats(variant, count)
        except SeatCountError as error:
            raise CommandError(str(error)) from None
        return count

    def _behaviours(self, engine: Engine, named: Sequence[str], seats: int) -> list[str]:
        unknown = [b for b in named if b not in engine.behaviours]
        if unknown:
            raise CommandError(f"unknown AI {unknown[0]!r}; the behaviours are {', '.join(engine.behaviours)}")
        if len(named) > seats:
            raise CommandError(f"{len(named)} AIs for {seats} seats")
        return [*named, *[named[-1]] * (seats - len(named))]

    def _budget(self, budget_ms: int | None, playouts: int | None) -> Budget | None:
        if budget_ms is None and playouts is None:
            return None
        if budget_ms is not None and playouts is not None:
            raise CommandError("give --budget-ms or --playouts, not both")
        try:
            return budget_for(budget_ms=budget_ms, playouts=playouts)
        except ValueError as error:
            raise CommandError(str(error)) from None
