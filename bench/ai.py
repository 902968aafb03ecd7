"""Benchmark: the core's search player ``mcts`` (engine.core.mcts, issue 21) against each game's
``greedy``, in every variant of every game with an engine, with the bundled sample decks.

Prints per variant

- ``BENCH ai.<game>.<variant>.mcts_vs_greedy <rate>``: mcts's wins / games (a draw is no win), then
  ``...mcts_vs_greedy_low`` and ``_high``: the Wilson 95% interval (goal: rate >= 0.70 with the
  lower bound > 0.60 over 200 games);
- ``BENCH ai.<game>.<variant>.decision_ms <ms>``: mcts's mean time per decision with a choice (goal
  <= 1000 on this 2-core machine), ``...decision_ms_max``, and ``...decision_ratio_vs_greedy``:
  that mean over greedy's mean in the same games (the baseline measured in the same run);
- in a solo variant (one seat may play alone against the game itself: muhq's Kraken) there is no
  greedy at the table: mcts plays alone, ``mcts_vs_greedy`` is its win rate, and
  ``BENCH ai.<game>.<variant>.greedy_alone`` (with ``_low`` and ``_high``) is greedy's alone on the
  same deals, the figure mcts must beat;
- ``BENCH ai.<game>.<variant>.games <n>``: how many games the figures rest on (fewer than asked when
  the deadline cut the run: the interval says what they prove);
- in a two-seat variant, what the deal decides before any skill does: ``...greedy_mirror_first_mover``,
  ``...greedy_mirror_deck1`` and ``...greedy_mirror_draws``, the shares of ``greedy_mirror_games``
  greedy mirrors (greedy at both seats, on the benchmark's deals and pairing, replayed each run: a
  few minutes) won by the first mover and by sample deck 1, and drawn. mcts starts on each side in
  half of its games, so where one side wins nearly every mirror (muhq's stecken: the first mover, a
  race to the Stecken des Sieges; koenig: deck 1), 0.70 asks mcts to win 0.40 of the games it
  starts on the losing side, where greedy wins a few in a hundred;
- and so mcts against greedy *in its place*: the mirror of a game's seed is greedy at mcts's seat
  with mcts's deck on the same deal. ``...greedy_in_its_place`` (with ``_low`` and ``_high``) is
  greedy's win rate there, ``...mcts_gain`` mcts's minus it on the same deals, ``...deals_turned``
  the deals mcts won and greedy lost, ``...deals_given`` the reverse: strength that neither the
  first move nor the stronger deck sways. docs/mcts-strength.md keeps the figures and the search
  variants tried (``--width``, ``--tree``: experiments, kept apart from the default's).

Seats and decks rotate over every four seeds, so that neither the first seat nor the stronger of the two
bundled sample decks goes with one player: mcts plays seat 0 in even seeds and seat 1 in odd ones, and
the two decks change seats when ``seed // 2`` is odd (koenig's sample deck 1 beats deck 2 in 20 of
20 greedy mirrors at either seat: with the deck tied to the seat, mcts won the games it sat at seat 0
and lost the others, whatever its strength). ``PAIRING`` marks kept games dealt this way.

Run: ``nice python bench/ai.py [games per variant, default 200] [game or game/variant ...]
[--deadline S] [--budget-ms MS | --playouts N] [--workers W] [--results FILE] [--mirrors N, default
200] [--report]``. Games run in a process pool, interleaved over the variants, so a deadline leaves
every variant with a share of the games; at the deadline the running games are ended, not waited for.

200 games of every variant at the default budget take a day and a half of this machine's two cores, so
``--results FILE`` keeps each finished game as a JSON line and a later run (``make bench`` uses
``bench/results/ai.jsonl`` and a deadline) plays only the seeds not yet there: the figures grow run by
run, and machine by machine, since the file is committed after a run (``--report`` prints the figures
of the kept games, with the mirrors, and plays no new one). A kept game counts only for the
same budget, the same ``rules_version`` of its game and the same code of both players (``engine/core``
and the game's package); a run drops the lines that can no longer count (other code or rules).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import mcts
from engine.core.players import play
from engine.core.samples import sample_match_decks
from engine.core.stats import wilson
from engine.games import all_games, get_game

STEPS_MAX = 100_000
MIRRORS = 200  # greedy mirrors per variant: the deals of mcts's games, replayed with greedy in its place
PAIRING = "seat-and-deck"  # how a seed deals seats and decks (module docstring); older games do not count


def ai_seed(seed: int, seq: int) -> int:
    """The AI's seed of an action, as the service derives it (engine.services.engines.ai_seed)."""
    return (seed * 1_000_003 + seq * 7_919 + 17) % 2**63


@dataclass
class Game:
    """One benchmark game's result, from mcts's side."""

    won: bool
    draw: bool
    mcts_ms: list[float]
    greedy_ms: list[float]
    baseline_won: bool | None = None  # a solo variant: whether greedy alone won the same deal


def mcts_seat(seed: int) -> int:
    """The seat mcts takes in benchmark seed ``seed`` (``PAIRING``)."""
    return seed % 2


def decks_swapped(seed: int) -> bool:
    """Whether benchmark seed ``seed`` deals sample deck 1 to seat 1 (``PAIRING``)."""
    return seed // 2 % 2 == 1


def is_solo(slug: str, variant: str) -> bool:
    """Whether one seat may play ``variant`` alone, against the game itself (muhq's Kraken): there
    mcts does not meet greedy at the table but is measured against greedy alone on the same deals."""
    engine = get_game(slug).engine
    assert engine is not None
    return engine.variant(variant).min_players == 1


def play_game(slug: str, variant: str, seed: int, budget: mcts.Budget) -> Game:
    """One match of mcts (seat ``seed % 2``) against greedy; in a solo variant mcts plays alone, and
    so does greedy on the same deal, for the baseline."""
    if not is_solo(slug, variant):
        me = mcts_seat(seed)
        seats = ["mcts" if seat == me else "greedy" for seat in (0, 1)]
        winners, times = _play(slug, variant, seed, budget, seats, swap_decks=decks_swapped(seed))
        return Game(won=winners == (me,), draw=len(winners) != 1, mcts_ms=times["mcts"], greedy_ms=times["greedy"])
    winners, times = _play(slug, variant, seed, budget, ["mcts"])
    baseline, greedy_times = _play(slug, variant, seed, budget, ["greedy"])
    return Game(
        won=winners == (0,),
        draw=False,
        mcts_ms=times["mcts"],
        greedy_ms=greedy_times["greedy"],
        baseline_won=baseline == (0,),
    )


def _play(
    slug: str, variant: str, seed: int, budget: mcts.Budget, seats: list[str], *, swap_decks: bool = False
) -> tuple[tuple[int, ...], dict[str, list[float]]]:
    """One match with a behaviour per seat (the bundled sample decks in turn, or the two swapped):
    its winners and each behaviour's decision times (ms)."""
    winners, times, _ = _play_match(slug, variant, seed, budget, seats, swap_decks=swap_decks)
    return winners, times


def _play_match(
    slug: str, variant: str, seed: int, budget: mcts.Budget, seats: list[str], *, swap_decks: bool = False
) -> tuple[tuple[int, ...], dict[str, list[float]], int | None]:
    """``_play``'s match, and the first seat that had a choice to make (the first mover)."""
    definition = get_game(slug)
    engine = definition.engine
    declared = engine.variant(variant)
    decks = sample_match_decks(
        definition.bundled_cards(), declared.format, len(seats), root=definition.package_dir.parent
    )
    if swap_decks:
        decks.reverse()
    match = engine.new_match(decks, variant=variant, seed=seed, options={})
    times: dict[str, list[float]] = {"mcts": [], "greedy": []}
    step = 0
    first: int | None = None
    while (player := match.to_act) is not None and step < STEPS_MAX:
        behaviour = seats[player]
        choice = len(match.legal_actions(player)) > 1
        if choice and first is None:
            first = player
        started = time.perf_counter()
        action = play(engine, behaviour, match, player, ai_seed(seed, step + 1), budget)
        if choice:
            times[behaviour].append((time.perf_counter() - started) * 1000)
        match.apply(player, action)
        step += 1
    outcome = match.outcome()
    return (outcome.winners if outcome is not None else ()), times, first


@dataclass
class Mirror:
    """One greedy mirror (greedy at both seats) on a benchmark deal: who won it, by seat and by deck."""

    winner: int | None  # the seat that won; None: a draw
    first: int | None  # the seat that chose first (M22, A4, ...: the seeded first player)
    swapped: bool  # whether seat 1 played sample deck 1 (``decks_swapped``)

    @property
    def draw(self) -> bool:
        return self.winner is None

    @property
    def first_mover_won(self) -> bool:
        return self.winner is not None and self.winner == self.first

    @property
    def deck1_won(self) -> bool:
        """Whether the bundled sample deck 1 won, whichever seat the pairing gave it."""
        return self.winner is not None and (self.winner == 0) != self.swapped


def mirror_game(slug: str, variant: str, seed: int) -> Mirror:
    """Greedy against greedy on the deal and pairing of benchmark seed ``seed``: what the deal and
    the seat give before any skill does."""
    swapped = decks_swapped(seed)
    winners, _, first = _play_match(slug, variant, seed, mcts.DEFAULT, ["greedy", "greedy"], swap_decks=swapped)
    return Mirror(winner=winners[0] if len(winners) == 1 else None, first=first, swapped=swapped)


def mirror_lines(name: str, mirrors: list[Mirror]) -> list[str]:
    """How much of a greedy mirror the seat and the deck decide: the share of games won by the first
    mover and by sample deck 1, and the draws. mcts sits at each seat and plays each deck in half of
    its games, so where one of them wins almost every mirror, mcts reaches 0.70 only by winning 0.40
    of the games it starts on the losing side."""
    n = len(mirrors)
    if not n:
        return []
    return [
        f"BENCH {name}.greedy_mirror_first_mover {sum(m.first_mover_won for m in mirrors) / n:.3f}",
        f"BENCH {name}.greedy_mirror_deck1 {sum(m.deck1_won for m in mirrors) / n:.3f}",
        f"BENCH {name}.greedy_mirror_draws {sum(m.draw for m in mirrors) / n:.3f}",
        f"BENCH {name}.greedy_mirror_games {n}",
    ]


def paired_lines(name: str, games: dict[int, Game], mirrors: dict[int, Mirror]) -> list[str]:
    """mcts against greedy in its place on the same deals: the mirror of a game's seed dealt greedy
    mcts's seat and deck, so the two results differ only by the player. ``greedy_in_its_place`` is
    greedy's win rate there, ``mcts_gain`` mcts's rate minus it on those deals, ``deals_turned`` the
    deals mcts won and greedy lost, ``deals_given`` the reverse: a measure of strength that neither
    the first move nor the stronger deck sways."""
    seeds = [seed for seed in games if seed in mirrors]
    if not seeds:
        return []
    greedy_won = {seed: mirrors[seed].winner == mcts_seat(seed) for seed in seeds}
    turned = sum(games[seed].won and not greedy_won[seed] for seed in seeds)
    given = sum(greedy_won[seed] and not games[seed].won for seed in seeds)
    greedy_wins = sum(greedy_won.values())
    low, high = wilson(greedy_wins, len(seeds))
    return [
        f"BENCH {name}.greedy_in_its_place {greedy_wins / len(seeds):.3f}",
        f"BENCH {name}.greedy_in_its_place_low {low:.3f}",
        f"BENCH {name}.greedy_in_its_place_high {high:.3f}",
        f"BENCH {name}.mcts_gain {(turned - given) / len(seeds):+.3f}",
        f"BENCH {name}.deals_turned {turned}",
        f"BENCH {name}.deals_given {given}",
    ]


def budget_text(budget: mcts.Budget) -> str:
    """The budget as kept games name it; a search shape other than the default's is part of it, so
    an experiment's games never count as the default's."""
    text = f"playouts={budget.playouts}" if budget.playouts else f"budget_ms={budget.ms}"
    if budget.width != mcts.DEFAULT.width:
        text += f",width={budget.width}"
    if budget.tree:
        text += f",tree,turns={budget.playout_turns}"
    return text


def result_key(slug: str, variant: str, budget: mcts.Budget) -> dict[str, object]:
    """What a kept game must share with this run to count: game, variant, budget, rules version and
    the code of both players (the search and the game's package, where its greedy lives)."""
    engine = get_game(slug).engine
    assert engine is not None
    key: dict[str, object] = {
        "game": slug,
        "variant": variant,
        "budget": budget_text(budget),
        "rules": engine.rules_version,
        "code": players_code(slug),
        "pairing": PAIRING,
    }
    if is_solo(slug, variant):
        key["solo"] = True  # a game of two seats (before the solo measure) does not count
    return key


@cache
def players_code(slug: str) -> str:
    """A fingerprint of ``engine/core`` and ``engine/games/<slug>``'s Python sources."""
    root = Path(__file__).resolve().parents[1] / "engine"
    digest = hashlib.sha256()
    for path in sorted([*(root / "core").rglob("*.py"), *(root / "games" / slug).rglob("*.py")]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def load_results(path: Path | None, budget: mcts.Budget) -> dict[tuple[str, str], dict[int, Game]]:
    """The games kept in ``path`` that count for this run, by (game, variant) and seed."""
    kept: dict[tuple[str, str], dict[int, Game]] = defaultdict(dict)
    if path is None or not path.exists():
        return kept
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
            key = result_key(row["game"], row["variant"], budget)
            if all(row.get(k) == v for k, v in key.items()):
                kept[(row["game"], row["variant"])][int(row["seed"])] = Game(**row["result"])
        except (ValueError, KeyError, TypeError, LookupError):
            continue  # a line from an older layout or a game without an engine now: not counted
    return kept


def prune_results(path: Path | None) -> int:
    """Drop the lines of ``path`` that no run of this code can count (another rules version or
    players' code, an older pairing, an unknown game, a damaged line); how many were dropped."""
    if path is None or not path.exists():
        return 0
    kept, dropped = [], 0
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
            engine = get_game(row["game"]).engine
            current = engine is not None and (
                row["rules"],
                row["code"],
                row.get("solo", False),
                row.get("pairing"),
            ) == (engine.rules_version, players_code(row["game"]), is_solo(row["game"], row["variant"]), PAIRING)
        except (ValueError, KeyError, TypeError, LookupError):
            current = False
        if current:
            kept.append(line)
        else:
            dropped += 1
    if dropped:
        path.write_text("".join(f"{line}\n" for line in kept))
    return dropped


def keep_result(path: Path | None, slug: str, variant: str, seed: int, budget: mcts.Budget, game: Game) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    row = {**result_key(slug, variant, budget), "seed": seed, "result": game.__dict__}
    with path.open("a") as out:
        out.write(json.dumps(row) + "\n")


def variants(selected: list[str]) -> list[tuple[str, str]]:
    """Every (game, variant) with an engine, or those ``selected`` names (``game`` or ``game/variant``)."""
    found = [(g.slug, v.slug) for g in all_games() if g.engine is not None for v in g.engine.variants]
    if unknown := [name for name in selected if not any(name in (g, f"{g}/{v}") for g, v in found)]:
        known = ", ".join(f"{g}/{v}" for g, v in found)
        raise SystemExit(f"bench/ai.py: no game or variant {', '.join(unknown)} (there are {known})")
    if not selected:
        return found
    return [(g, v) for g, v in found if g in selected or f"{g}/{v}" in selected]


def report(
    results: dict[tuple[str, str], dict[int, Game]],
    asked: int,
    mirrors: dict[tuple[str, str], dict[int, Mirror]] | None = None,
) -> list[str]:
    """The BENCH lines of every variant from its games by seed; with ``mirrors``, the greedy
    mirror's figures and mcts against greedy in its place on the same deals."""
    lines = []
    for (slug, variant), played in sorted(results.items()):
        games = list(played.values())
        mirrored = (mirrors or {}).get((slug, variant), {})
        name = f"ai.{slug}.{variant}"
        n = len(games)
        wins = sum(g.won for g in games)
        low, high = wilson(wins, n)
        mcts_ms = [t for g in games for t in g.mcts_ms]
        greedy_ms = [t for g in games for t in g.greedy_ms]
        mean = sum(mcts_ms) / max(1, len(mcts_ms))
        baseline = sum(greedy_ms) / max(1, len(greedy_ms))
        lines += [
            f"BENCH {name}.mcts_vs_greedy {wins / max(1, n):.3f}",
            f"BENCH {name}.mcts_vs_greedy_low {low:.3f}",
            f"BENCH {name}.mcts_vs_greedy_high {high:.3f}",
            f"BENCH {name}.draws {sum(g.draw for g in games)}",
            *_baseline_lines(name, games),
            f"BENCH {name}.games {n}" + (f" (of {asked} asked: the others not played yet)" if n < asked else ""),
            f"BENCH {name}.decision_ms {mean:.0f}",
            f"BENCH {name}.decision_ms_max {max(mcts_ms, default=0.0):.0f}",
            f"BENCH {name}.decision_ratio_vs_greedy {mean / baseline if baseline else 0.0:.0f}",
            *mirror_lines(name, list(mirrored.values())),
            *paired_lines(name, played, mirrored),
        ]
    return lines


def _baseline_lines(name: str, games: list[Game]) -> list[str]:
    """A solo variant's baseline: greedy's own win rate alone on the same deals, with its interval."""
    alone = [g.baseline_won for g in games if g.baseline_won is not None]
    if not alone:
        return []
    low, high = wilson(sum(alone), len(alone))
    return [
        f"BENCH {name}.greedy_alone {sum(alone) / len(alone):.3f}",
        f"BENCH {name}.greedy_alone_low {low:.3f}",
        f"BENCH {name}.greedy_alone_high {high:.3f}",
    ]


def arguments(argv: list[str]) -> argparse.Namespace:
    """The command line; the number of games per variant comes first when given (``bench/ai.py 100
    duel/standard``), so that a variant alone (``bench/ai.py duel/standard --report``) reads too."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "selected",
        nargs="*",
        metavar="[GAMES] VARIANT",
        help="games per variant (default 200), then games or game/variants (default: all)",
    )
    parser.add_argument("--deadline", type=float, help="seconds: stop and report what finished")
    parser.add_argument("--budget-ms", type=int)
    parser.add_argument("--playouts", type=int)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--results", type=Path, help="JSON lines of finished games, read and appended")
    parser.add_argument("--mirrors", type=int, default=MIRRORS, help="greedy mirrors per variant (0: none)")
    parser.add_argument("--width", type=int, help="experiments: the flat search's candidates (default 3)")
    parser.add_argument("--tree", type=int, metavar="TURNS", help="experiments: ISMCTS, playouts cut TURNS on")
    parser.add_argument("--report", action="store_true", help="the kept games' figures only: play no new game")
    args = parser.parse_args(argv)
    args.games = int(args.selected.pop(0)) if args.selected and args.selected[0].isdigit() else 200
    return args


def main(argv: list[str]) -> None:
    args = arguments(argv)
    budget = mcts.budget_for(budget_ms=args.budget_ms, playouts=args.playouts)
    if args.width is not None:
        budget = replace(budget, width=args.width)
    if args.tree is not None:
        budget = replace(budget, tree=True, playout_turns=args.tree)
    cases = variants(args.selected)
    if dropped := prune_results(args.results):
        print(f"# {args.results}: dropped {dropped} games of older code or rules", file=sys.stderr)
    kept = load_results(args.results, budget)
    jobs = [
        (slug, variant, seed)
        for seed in range(args.games)
        for slug, variant in cases
        if seed not in kept[(slug, variant)] and not args.report
    ]
    by_seed: dict[tuple[str, str], dict[int, Game]] = defaultdict(dict)
    for slug, variant in cases:
        by_seed[(slug, variant)].update({seed: g for seed, g in kept[(slug, variant)].items() if seed < args.games})
    stop = time.monotonic() + args.deadline if args.deadline else None
    with ProcessPoolExecutor(args.workers) as pool:
        mirrors = play_mirrors(pool, cases, min(args.games, args.mirrors))
        pending: dict[Future[Game], tuple[str, str, int]] = {
            pool.submit(play_game, slug, variant, seed, budget): (slug, variant, seed) for slug, variant, seed in jobs
        }
        with tqdm(total=len(jobs), desc="games", unit="game", file=sys.stderr) as bar:
            while pending:
                timeout = None if stop is None else max(0.0, stop - time.monotonic())
                done, _ = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
                if not done:
                    break
                for future in done:
                    slug, variant, seed = pending.pop(future)
                    by_seed[(slug, variant)][seed] = future.result()
                    keep_result(args.results, slug, variant, seed, budget, future.result())
                    bar.update()
        if pending:
            stop_now(pool)
    print(f"# mcts ({budget_text(budget)}, width {budget.width}, {budget.playout_turns} turns) against greedy")
    for line in report(by_seed, args.games, mirrors):
        print(line, flush=True)


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancels the queued games and ends the running ones: leaving the pool would otherwise wait for
    them, and a deadline would overrun by a whole game (minutes on a big muhq map)."""
    # Python 3.14 has ProcessPoolExecutor.kill_workers(); until then, its worker processes, taken
    # before shutdown() forgets them. SIGKILL: a forked worker inherits its parent's signal handlers,
    # one that ignores SIGTERM would outlive the deadline, and nothing in a cut game is worth keeping.
    running = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in running:
        process.kill()


def play_mirrors(
    pool: ProcessPoolExecutor, cases: list[tuple[str, str]], seeds: int
) -> dict[tuple[str, str], dict[int, Mirror]]:
    """The greedy mirrors of the first ``seeds`` deals of every two-seat variant (a few minutes in
    all: greedy alone is fast), replayed each run rather than kept."""
    jobs = [(slug, variant, seed) for slug, variant in cases if not is_solo(slug, variant) for seed in range(seeds)]
    mirrors: dict[tuple[str, str], dict[int, Mirror]] = defaultdict(dict)
    futures = [pool.submit(mirror_game, *job) for job in jobs]
    for (slug, variant, seed), future in tqdm(
        zip(jobs, futures, strict=True), total=len(jobs), desc="greedy mirrors", unit="game", file=sys.stderr
    ):
        mirrors[(slug, variant)][seed] = future.result()
    return mirrors


if __name__ == "__main__":
    main(sys.argv[1:])
