"""Load benchmark: locust (headless) on loopback against gunicorn with 2 workers, DEBUG=0.

A seeded copy of the database (migrated, bundled cards; tests/reliability/servers.py) is served by
gunicorn with the deployment's config/gunicorn.conf.py (2 sync workers); locust runs the mix of
bench/_locustfile.py (40% card search, 40% card detail, 20% deck validation) with a fixed number of
users for a fixed time, then prints:

    BENCH load.rps <n> req/s        requests per second over the run (goal >= 300)
    BENCH load.p95_ms <n> ms        95th percentile response time over all requests (goal <= 100)
    BENCH load.errors <n> count     failed requests (goal 0)

Locust shares the machine with the server, so on a small machine the figures are the server's
under a client that competes for the same cores. Where the time went (2 cores, load ~4): before,
~115-154 req/s, p95 100-140 ms (search 6-9 ms in-process, detail 4-5 ms: ORM query building, the
prefetch, to_dict, plus a new SQLite connection with its pragmas per request); with search and
detail answers kept per process under the data stamp (cards.selectors.kept_answer) and persistent
connections, 287-452 req/s, p95 26-40 ms (a kept answer ~0.5 ms in-process, one stamp query).
Workers restart every ~2000 requests (config/gunicorn.conf.py), so each run also rebuilds the kept
answers a few times.

Usage: .venv/bin/python bench/load.py [--users 8] [--seconds 30] [--workers 2]
(on PostgreSQL when DATABASE_URL points at one: the run gets its own database there).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reliability.servers import PYTHON, LoopbackServer, seeded_database  # noqa: E402

LOCUSTFILE = ROOT / "bench" / "_locustfile.py"


def write_catalogue(url: str, path: Path) -> None:
    """The cards (50 per game) and one sample deck per format that the users will ask for."""
    games = requests.get(f"{url}/api/games/", timeout=60).json()
    games = games["results"] if isinstance(games, dict) else games
    decks = [{"format": fmt["slug"] if "/" in fmt["slug"] else f"{game['slug']}/{fmt['slug']}", "list": deck["list"]}
             for game in games for fmt in game["formats"] for deck in fmt.get("sample_decks", [])[:1]]  # fmt: skip
    cards = [
        (card["game"], card["slug"])
        for game in games
        for card in requests.get(f"{url}/api/cards/?game={game['slug']}&page_size=50", timeout=60).json()["results"]
    ]
    path.write_text(json.dumps({"decks": decks, "cards": cards}))


def run_locust(url: str, *, users: int, seconds: int, workdir: Path) -> dict[str, str]:
    """One headless locust run; answers the CSV's aggregated row."""
    prefix = workdir / "load"
    catalogue = workdir / "catalogue.json"
    write_catalogue(url, catalogue)
    command = [
        PYTHON, "-m", "locust", "-f", str(LOCUSTFILE), "--headless", "--host", url,
        "--users", str(users), "--spawn-rate", str(users), "--run-time", f"{seconds}s",
        "--csv", str(prefix), "--only-summary", "--loglevel", "WARNING", "--stop-timeout", "5",
    ]  # fmt: skip
    env = {**os.environ, "LOAD_CATALOGUE": str(catalogue)}
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=seconds + 120)
    if result.returncode not in (0, 1):  # 1: some requests failed (counted below)
        raise SystemExit(f"locust failed ({result.returncode}):\n{result.stderr[-3000:]}")
    with open(f"{prefix}_stats.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        print(f"  {row['Type']:5} {row['Name']:32} {float(row['Requests/s']):7.1f} req/s  p50 {row['50%']:>4} ms  "
              f"p95 {row['95%']:>4} ms  failures {row['Failure Count']}")  # fmt: skip
    return next(row for row in rows if row["Name"] == "Aggregated")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=8, help="concurrent users (closed loop, no think time)")
    parser.add_argument("--seconds", type=int, default=30, help="length of the measured run")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kartothek-bench-load-") as tmp, seeded_database(Path(tmp)) as database:
        # The deployment's gunicorn config, sync workers (its default: one thread each).
        server = LoopbackServer(database, Path(tmp), workers=args.workers, threads=1, worker_class="sync")
        with server:
            total = run_locust(server.url, users=args.users, seconds=args.seconds, workdir=Path(tmp))
    print(f"BENCH load.rps {float(total['Requests/s']):.1f} req/s")
    print(f"BENCH load.p95_ms {float(total['95%']):.0f} ms")
    print(f"BENCH load.errors {int(total['Failure Count'])} count")


if __name__ == "__main__":
    main()
