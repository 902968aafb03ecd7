"""Benchmark: are the bundled sample decks of each format a fair pair (K13, issue 33)?

In every format with two or more sample decks, and in every variant that deals that format to two
seats (muhq's maps each; a solo variant, muhq's Kraken, has no opponent's deck and is left out),
``greedy`` plays ``greedy`` with sample deck 1 against sample deck 2 (a format's first two
samples), the decks swapped every other match so that neither deck keeps a seat. Match ``k`` has
seed ``first + k``; deck 1 sits at seat 0 when ``k`` is even. Prints per format (and variant, where
a format has several)

- ``BENCH samples.<game>.<format>[.<variant>].deck1_share <share> x``: deck 1's share of the won
  matches (a draw is nobody's win), and ``..._low``/``..._high``, its Wilson 95% interval (K13's
  goal: the share within 0.35-0.65 over 100 matches, so that a player testing a deck against the
  samples does not measure the samples);
- ``...draws`` (the share of drawn matches) and ``...games`` (how many matches were played);
- for a format with fewer than two samples ``BENCH samples.<game>.<format>.sample_decks <n> decks``
  (K13: add a second).

Run: ``nice python bench/samples.py [matches per format, default 100] [game, game/format or
game/format/variant ...] [--first SEED] [--workers W]``. ``tests/engine/test_sample_balance.py``
plays a small fixed-seed version of the same pairing (``pair_record``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.base import BaseMatch
from engine.core.players import play
from engine.core.samples import sample_match_decks
from engine.core.stats import wilson
from engine.games import all_games, get_game, sample_decks  # each game's from its package

MATCHES = 100
STEPS_MAX = 100_000  # actions; only a broken engine plays this many in one match
FAIR = (0.35, 0.65)  # K13: each deck's share of the wins


@dataclass(frozen=True)
class Record:
    """How the matches of a sample pair went: wins of deck 1 and deck 2, and draws."""

    deck1: int
    deck2: int
    draws: int

    @property
    def games(self) -> int:
        return self.deck1 + self.deck2 + self.draws

    @property
    def deck1_share(self) -> float:
        """Deck 1's share of the won matches (0.5 when no match was won)."""
        won = self.deck1 + self.deck2
        return self.deck1 / won if won else 0.5

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``deck1_share``."""
        return wilson(self.deck1, self.deck1 + self.deck2)

    def __add__(self, other: Record) -> Record:
        return Record(self.deck1 + other.deck1, self.deck2 + other.deck2, self.draws + other.draws)


def cases(selected: list[str] | None = None) -> list[tuple[str, str, str]]:
    """(game, format, variant) of every two-seat variant of a format with two samples or more,
    narrowed to ``selected`` (``game``, ``game/format`` or ``game/format/variant``)."""
    found = []
    for definition in all_games():
        engine = definition.engine
        if engine is None:
            continue
        for variant in engine.variants:
            if variant.min_players > 2 or variant.max_players < 2 or variant.min_players == 1:
                continue
            if len(sample_decks(variant.format)) >= 2:
                found.append((definition.slug, variant.format, variant.slug))
    if not selected:
        return found
    return [c for c in found if any(name in (c[0], c[1], f"{c[1]}/{c[2]}") for name in selected)]


def short_of_samples() -> list[tuple[str, int]]:
    """(format, number of samples) of every format with fewer than two sample decks (K13)."""
    return [
        (slug, len(sample_decks(slug)))
        for definition in all_games()
        for slug in definition.formats
        if len(sample_decks(slug)) < 2
    ]


def label(case: tuple[str, str, str]) -> str:
    """The bench name of a case: ``samples.kamelo.dufo``; muhq's maps add the variant."""
    game, format_slug, variant = case
    shared = sum(1 for c in cases() if c[1] == format_slug) > 1
    return "samples." + format_slug.replace("/", ".") + (f".{variant}" if shared else "")


def pair_match(game: str, variant: str, seed: int, swapped: bool) -> int | None:
    """One greedy mirror with sample decks 1 and 2 (``swapped``: deck 1 at seat 1): the number
    (1 or 2) of the deck that won, None for a draw."""
    definition = get_game(game)
    engine = definition.engine
    assert engine is not None
    decks = sample_match_decks(
        definition.bundled_cards(), engine.variant(variant).format, 2, root=definition.package_dir.parent
    )
    if swapped:
        decks.reverse()
    match: BaseMatch = engine.new_match(decks, variant=variant, seed=seed, options={})
    for step in range(STEPS_MAX):
        player = match.to_act
        if player is None:
            break
        match.apply(player, play(engine, "greedy", match, player, seed * 7_919 + step))
    outcome = match.outcome()
    if outcome is None or len(outcome.winners) != 1:
        return None
    return 1 if (outcome.winners[0] == 0) != swapped else 2


def pair_record(game: str, variant: str, matches: int, first: int = 0, workers: int = 1) -> Record:
    """``matches`` greedy mirrors of the sample pair, seeds ``first``.., the decks swapped every
    other match."""
    jobs = [(game, variant, first + k, k % 2 == 1) for k in range(matches)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            winners = list(pool.map(_pair_match, jobs, chunksize=4))
    else:
        winners = [_pair_match(job) for job in jobs]
    return Record(winners.count(1), winners.count(2), winners.count(None))


def _pair_match(job: tuple[str, str, int, bool]) -> int | None:
    return pair_match(*job)


def lines(case: tuple[str, str, str], record: Record) -> Iterator[str]:
    """The BENCH lines of one case."""
    name = label(case)
    low, high = record.interval()
    yield f"BENCH {name}.deck1_share {record.deck1_share:.3f} x"
    yield f"BENCH {name}.deck1_share_low {low:.3f} x"
    yield f"BENCH {name}.deck1_share_high {high:.3f} x"
    yield f"BENCH {name}.draws {record.draws / max(1, record.games):.3f} x"
    yield f"BENCH {name}.games {record.games} games"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="?", type=int, default=MATCHES)
    parser.add_argument("selected", nargs="*", help="game, game/format or game/format/variant")
    parser.add_argument("--first", type=int, default=0, help="the first match's seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    for case in cases(args.selected):
        record = pair_record(case[0], case[2], args.matches, args.first, args.workers)
        for line in lines(case, record):
            print(line, flush=True)
    if not args.selected:
        for slug, count in short_of_samples():
            print(f"BENCH samples.{slug.replace('/', '.')}.sample_decks {count} decks", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
