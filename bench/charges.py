"""Charge update benchmark (E7): 8 Quilingo tournaments x 5,000 games with 23-card decks, recomputed.

A fresh temporary SQLite database gets 400 synthetic Eredan cards and 8 tournaments of 5,000
games each; the whole update (`charge_list_recompute`: load the games, the pure formula, bulk
insert of the list, the cards' charge stats) is timed, then again with 8 tournaments of 10,000
games. Prints:

    BENCH charges.recompute_s_40k_games <s> s     the update over 40,000 games
    BENCH charges.formula_s_40k_games <s> s       the pure formula alone over the same games
    BENCH charges.growth_2x_games <x> x           update time at 80,000 games over 40,000 (expect ~2)

Usage: .venv/bin/python bench/charges.py [--games 5000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="kartothek-bench-charges-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only")
os.environ["MEDIA_ROOT"] = TMP

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from cards.models import Card, CardSet, Game  # noqa: E402
from charges.models import Tournament, TournamentGame  # noqa: E402
from charges.services import _load_tournaments, charge_list_recompute  # noqa: E402
from engine.games.eredan import charges as formula  # noqa: E402

CARDS = 400
DECK = 23


def cards() -> list[str]:
    """400 synthetic Eredan cards (bulk-created: the card import is not what is measured)."""
    game, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan iTCG"})
    card_set = CardSet.objects.create(game=game, code="bench", name="Bench", released=date(2020, 1, 1))
    slugs = [f"karte-{i}" for i in range(CARDS)]
    Card.objects.bulk_create(
        Card(game=game, slug=s, name=s, name_folded=s, type="item", set=card_set, banned_at_start=i < 5)
        for i, s in enumerate(slugs)
    )
    return slugs


def tournaments(rng: random.Random, slugs: list[str], first: date, games: int) -> date:
    """8 Quilingo tournaments a week apart from ``first``; popular cards by a Zipf-like choice."""
    game = Game.objects.get(slug="eredan")
    weights = [1 / (rank + 1) for rank in range(len(slugs))]
    for week in range(8):
        tournament = Tournament.objects.create(game=game, name=f"Q {first} {week}", date=first + timedelta(weeks=week))
        rows = []
        for number in range(games):
            decks = [sorted(set(rng.choices(slugs, weights, k=DECK))) for _ in range(2)]
            rows.append(
                TournamentGame(
                    tournament=tournament,
                    number=number,
                    player0_name="a",
                    player0_elo=rng.randint(1300, 1900),
                    player0_deck=decks[0],
                    player1_name="b",
                    player1_elo=rng.randint(1300, 1900),
                    player1_deck=decks[1],
                    winner=rng.randint(0, 1),
                )
            )
        TournamentGame.objects.bulk_create(rows, batch_size=2000)
    return first + timedelta(weeks=8)


def timed_update(as_of: date, runs: int) -> float:
    """Best of ``runs`` full updates at ``as_of``."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        charge_list_recompute(game="eredan", as_of=as_of)
        best = min(best, time.perf_counter() - start)
    return best


def timed_formula(as_of: date, runs: int) -> float:
    """Best of ``runs`` pure computations over the games already loaded."""
    constants = formula.Constants(system_start=as_of)
    loaded = _load_tournaments(as_of=as_of, constants=constants)
    infos = [formula.CardInfo(slug) for slug in Card.objects.values_list("slug", flat=True)]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        formula.compute_charges(as_of=as_of, tournaments=loaded, cards=infos, constants=constants)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(7)
    slugs = cards()
    as_of = tournaments(rng, slugs, date(2026, 1, 1), args.games)
    base = timed_update(as_of, args.runs)
    pure = timed_formula(as_of, args.runs)
    # Twice the games: 8 newer tournaments of twice the size push the first 8 out of the window.
    as_of_2x = tournaments(rng, slugs, as_of + timedelta(days=1), 2 * args.games)
    double = timed_update(as_of_2x, args.runs)
    games = 8 * args.games
    print(f"BENCH charges.recompute_s_{games // 1000}k_games {base:.3f} s")
    print(f"BENCH charges.formula_s_{games // 1000}k_games {pure:.3f} s")
    print(f"BENCH charges.growth_2x_games {double / base:.2f} x")


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
