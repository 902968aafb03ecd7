"""Card search benchmark: five representative queries through `GET /api/cards/` on a synthetic catalogue.

A fresh temporary SQLite database gets 1,000 cards across the five games, is measured, grows to
100,000 cards and is measured again; a bare DRF endpoint (bench/_urls.py) is the baseline in the
same run. Prints:

    BENCH search.p95_ms_100k <ms> ms          p95 over all five queries at 100k cards (goal <= 50)
    BENCH search.p50_ratio_vs_bare <x> x      p50 of the queries over p50 of the bare endpoint
    BENCH search.growth_1k_100k <x> x         p50 at 100k over p50 at 1k (goal <= 2)
    BENCH search.cpu_p95_ms_100k, search.cpu_growth_1k_100k   the same in thread CPU time (load-proof)
    BENCH search.uncached_p95_ms_100k, search.uncached_growth_1k_100k   with the answers kept per
                                              process forgotten before every request: the queries alone

Usage: .venv/bin/python bench/search.py [--cards 100000] [--runs 40] [--explain]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="kartothek-bench-search-")
# --database-url postgres://.../db runs on another (dedicated, emptied!) database; default a temp SQLite file.
URL_ARG = next((arg.split("=", 1)[1] for arg in sys.argv if arg.startswith("--database-url=")), None)
os.environ["DATABASE_URL"] = URL_ARG or f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DEBUG"] = "0"  # no query log, as in production
os.environ["SECURE_SSL_REDIRECT"] = "0"  # in-process requests over plain HTTP, as behind a TLS proxy
os.environ.setdefault("SECRET_KEY", "bench-only")
os.environ["MEDIA_ROOT"] = TMP

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from cards.filtersets import CardFilter  # noqa: E402
from cards.folding import fold, words  # noqa: E402
from cards.models import Card, CardSet, CardStat, CardWord, Game, Guild  # noqa: E402
from engine.games import all_games  # noqa: E402

QUERIES = [
    {"game": "kamelo", "q": "drache"},
    {"game": "eredan", "q": "attack>=8 health<=3"},
    {"game": "realmon", "q": "stage:3 or realm>=5"},
    {"game": "duel", "q": '"roter drache" or feuer -schwert'},
    {"game": "muhq", "q": "type:unit cost<=3 -fluch"},
]
BARE_URL = "/bench/bare/"
SPECIAL = ["drache", "roter", "feuer", "schwert", "fluch"]  # the queries' words, at ranks 40-80


def vocabulary(rng: random.Random, size: int = 3000) -> list[str]:
    """German-looking words; the query words sit at mid ranks of the Zipf distribution."""
    syllables = [
        "ka",
        "mel",
        "oh",
        "dra",
        "che",
        "ro",
        "ter",
        "feu",
        "er",
        "schw",
        "ert",
        "flu",
        "ch",
        "wu",
        "ste",
        "be",
        "ra",
        "ne",
        "zi",
        "lo",
        "ma",
        "ta",
        "ri",
        "gon",
        "hel",
        "din",
    ]
    found: dict[str, None] = {}
    while len(found) < size:
        found["".join(rng.choice(syllables) for _ in range(rng.randint(2, 4)))] = None
    vocab = [w for w in found if w not in SPECIAL]
    for rank, word in zip(range(40, 81, 10), SPECIAL, strict=True):
        vocab.insert(rank, word)
    return vocab[:size]


class Catalogue:
    """Writes synthetic cards, their CardWord and CardStat rows straight into the database."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.vocab = vocabulary(self.rng)
        self.weights = [1 / (rank + 1) for rank in range(len(self.vocab))]
        self.games = {g.slug: g for g in Game.objects.all()}
        self.sets = {slug: self._sets(game) for slug, game in self.games.items()}
        self.guilds = {slug: list(Guild.objects.filter(game=game)) for slug, game in self.games.items()}
        self.count = 0

    def _sets(self, game: Game) -> list[CardSet]:
        return [
            CardSet.objects.get_or_create(game=game, code=f"s{i}", defaults={"name": f"Edition {i}"})[0]
            for i in range(12)
        ]

    def text(self, low: int, high: int) -> str:
        return " ".join(self.rng.choices(self.vocab, self.weights, k=self.rng.randint(low, high)))

    def grow(self, total: int) -> None:
        """Add cards round-robin over the five games until there are `total`."""
        with transaction.atomic():
            while self.count < total:
                batch = min(5000, total - self.count)
                self._write([self._card(self.count + i) for i in range(batch)])
                self.count += batch
        if connection.vendor == "postgresql":  # what autovacuum does soon after a bulk load; SQLite has no such thing
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")

    def _card(self, n: int) -> tuple[Card, dict[str, int], list[Guild]]:
        definition = all_games()[n % 5]
        schema, rng = definition.schema, self.rng
        name = self.text(1, 3).title()
        text = self.text(8, 20)
        stats = {}
        for attr in schema.attributes:
            if attr.kind == "int":
                stats[attr.key] = rng.randint(attr.min if attr.min is not None else 0, min(attr.max or 10, 10))
        card = Card(
            game=self.games[definition.slug], slug=f"c{n}", name=name, name_folded=fold(name),
            type=rng.choice(schema.types), set=rng.choice(self.sets[definition.slug]),
            cost=rng.randint(0, min(schema.cost_max or 10, 10)), rarity=rng.choice(schema.rarities),
            unique=rng.random() < 0.05, text=text, attributes=stats, search_text=f"{fold(name)} {fold(text)}",
        )  # fmt: skip
        if definition.slug == "eredan":
            stats = {**stats, "charge": rng.randint(0, 60)}
        guilds = rng.sample(self.guilds[definition.slug], k=min(len(self.guilds[definition.slug]), rng.randint(0, 2)))
        return card, stats, guilds

    def _write(self, rows: list[tuple[Card, dict[str, int], list[Guild]]]) -> None:
        # Plain executemany for the million-row tables: model instances would triple the build time.
        cards = Card.objects.bulk_create([card for card, _, _ in rows])
        pairs = list(zip(cards, rows, strict=True))
        stats = [(c.pk, c.game_id, k, v) for c, (_, st, _) in pairs for k, v in st.items()]
        insert(CardStat, ("card_id", "game_id", "key", "value"), stats)
        card_words = [(c.pk, c.game_id, w) for c in cards for w in sorted(words(c.search_text))]
        insert(CardWord, ("card_id", "game_id", "word"), card_words)
        insert(Card.guilds.through, ("card_id", "guild_id"), [(c.pk, g.pk) for c, (_, _, gs) in pairs for g in gs])


def insert(model: Any, columns: tuple[str, ...], values: list[tuple[Any, ...]]) -> None:
    """Insert rows into the model's table in one executemany."""
    sql = f"INSERT INTO {model._meta.db_table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


CPU_MS: list[float] = []  # thread CPU time of the same requests: what a loaded machine does not distort


def timings(client: Client, url: str, params: dict[str, str], runs: int, fresh: bool = False) -> list[float]:
    """Wall milliseconds per request after three warm-up requests; every answer must be 200.
    ``fresh``: forget the answers kept per process first, so the query itself is measured."""
    samples = []
    for i in range(runs + 3):
        if fresh:
            forget_kept_answers()
        start, cpu = time.perf_counter(), time.thread_time()
        response = client.get(url, params)
        elapsed = (time.perf_counter() - start) * 1000
        if response.status_code != 200:
            raise SystemExit(f"{url} {params} answered {response.status_code}: {response.content[:300]!r}")
        if i >= 3:
            samples.append(elapsed)
            CPU_MS.append((time.thread_time() - cpu) * 1000)
    return samples


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def forget_kept_answers() -> None:
    from cards import selectors

    with selectors._ANSWERS_LOCK:
        selectors._ANSWERS.clear()


def measure(client: Client, runs: int, label: str, fresh: bool = False) -> list[float]:
    """All samples of the five queries; one info line per query."""
    everything: list[float] = []
    CPU_MS.clear()
    for params in QUERIES:
        samples = timings(client, "/api/cards/", params, runs, fresh)
        count = client.get("/api/cards/", params).json()["count"]
        print(f"# {label}: {params} -> {count} cards, p50 {statistics.median(samples):.1f} ms, "
              f"p95 {percentile(samples, 95):.1f} ms")  # fmt: skip
        everything += samples
    print(f"# {label}: all five p50 {statistics.median(everything):.1f} ms wall, {statistics.median(CPU_MS):.1f} ms cpu; "
          f"p95 {percentile(everything, 95):.1f} ms wall, {percentile(CPU_MS, 95):.1f} ms cpu")  # fmt: skip
    return everything


def explain(params: dict[str, str]) -> Iterator[str]:
    """EXPLAIN QUERY PLAN of the count and page queries the API runs for `params`."""
    filterset = CardFilter(params, queryset=Card.objects.all())
    assert filterset.is_valid(), filterset.errors
    qs = filterset.qs
    for label, sql_qs in (("page", qs[:30]), ("count", qs.order_by().values("pk"))):
        sql, sql_params = sql_qs.query.sql_with_params()
        prefix = "EXPLAIN QUERY PLAN" if connection.vendor == "sqlite" else "EXPLAIN"
        with connection.cursor() as cursor:
            cursor.execute(f"{prefix} {sql}", sql_params)
            yield f"# plan {label} {params}:\n" + "\n".join(f"#   {row[-1]}" for row in cursor.fetchall())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--database-url", help="a dedicated database to empty and fill (use --database-url=URL)")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    catalogue = Catalogue()
    with override_settings(ROOT_URLCONF="bench._urls"):
        client = Client()
        catalogue.grow(1000)
        small = measure(client, args.runs, "1k")
        small_cpu = list(CPU_MS)
        small_fresh = measure(client, args.runs, "1k uncached", fresh=True)
        started = time.perf_counter()
        catalogue.grow(args.cards)
        print(
            f"# grew to {args.cards} cards in {time.perf_counter() - started:.0f} s ({settings.DATABASES['default']['NAME']})"
        )
        large = measure(client, args.runs, f"{args.cards // 1000}k")
        large_cpu = list(CPU_MS)
        large_fresh = measure(client, args.runs, f"{args.cards // 1000}k uncached", fresh=True)
        bare = timings(client, BARE_URL, {}, args.runs * 2)
    if args.explain:
        for params in QUERIES:
            print("\n".join(explain(params)))
    print(f"BENCH search.p95_ms_100k {percentile(large, 95):.1f} ms")
    print(f"BENCH search.p50_ratio_vs_bare {statistics.median(large) / statistics.median(bare):.1f} x")
    print(f"BENCH search.growth_1k_100k {statistics.median(large) / statistics.median(small):.2f} x")
    # The same figures in thread CPU time: on a shared, loaded machine wall time mostly measures the queue.
    print(f"BENCH search.cpu_p95_ms_100k {percentile(large_cpu, 95):.1f} ms")
    print(f"BENCH search.cpu_growth_1k_100k {statistics.median(large_cpu) / statistics.median(small_cpu):.2f} x")
    # Every request a new one (the answers kept per process forgotten): the indexes and queries alone.
    print(f"BENCH search.uncached_p95_ms_100k {percentile(large_fresh, 95):.1f} ms")
    print(
        f"BENCH search.uncached_growth_1k_100k {statistics.median(large_fresh) / statistics.median(small_fresh):.2f} x"
    )
    shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    main()
