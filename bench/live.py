"""Live benchmark (issue 20 item 7): how long after an action's POST the other seat's page has it.

A seeded copy of the database (tests/reliability/servers.py) is served by gunicorn with one uvicorn
worker (``make serve``'s ASGI application, DEBUG=0; ``--redis`` runs two workers joined by Redis).
alice and bob play a Ka-Mel-Oh! match through the API while each has the match page's WebSocket
open as a signed-in browser has it. For every action the bench takes the POST's round trip (from
sending it to its answer) and the time from sending it to the frame with the new version reaching
the other seat's socket (a frame carries that seat's whole rendered page: what the page then
morphs in). Both are measured in the same run, on the same actions:

    BENCH live.push_median_ms <n> ms      POST sent -> the other seat's frame, median
    BENCH live.push_p95_ms <n> ms         the same, 95th percentile
    BENCH live.roundtrip_median_ms <n> ms the bare action round trip, median
    BENCH live.roundtrip_p95_ms <n> ms
    BENCH live.push_ratio <x> x           push median / round-trip median (goal <= 1.5)

Usage: .venv/bin/python bench/live.py [--actions 200] [--redis]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.samples import sample_decks  # noqa: E402
from tests.live.servers import AsgiServer, Feed, sign_in  # noqa: E402
from tests.reliability.servers import seeded_database  # noqa: E402

USERS = ("alice", "bob")


def new_match(server: AsgiServer, seed: int) -> int:
    """A long dufo match of alice (seat 0) and bob (seat 1, accepted)."""
    decks = [{"format": "kamelo/dufo", "list": d["list"]} for d in sample_decks("kamelo/dufo")[:2]]
    body = {"game": "kamelo", "variant": "dufo", "decks": decks, "seed": seed,
            "options": {"first_player": 0, "length": "long", "max_turns": 1000},
            "players": [{"kind": "human"}, {"kind": "human", "user": "bob"}]}  # fmt: skip
    created = server.session("alice").post(server.url + "/api/matches/", json=body, timeout=60)
    created.raise_for_status()
    bob = server.session("bob")
    for row in bob.get(server.url + "/api/invitations/", timeout=30).json()["results"]:
        if row["status"] == "pending":
            bob.post(server.url + f"/api/invitations/{row['id']}/accept/", timeout=30).raise_for_status()
    return int(created.json()["id"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(server: AsgiServer, actions: int) -> tuple[list[float], list[float]]:
    """Play ``actions`` actions (new matches as needed); the push and round-trip times in ms."""
    api = {name: server.session(name) for name in USERS}
    browsers = {name: sign_in(server, name) for name in USERS}
    push: list[float] = []
    trip: list[float] = []
    seed = 1
    with tqdm(total=actions, desc="actions", file=sys.stderr) as bar:
        while len(trip) < actions:
            match_id = new_match(server, seed)
            seed += 1
            feeds = {seat: Feed(server.url, match_id, browsers[name]) for seat, name in enumerate(USERS)}
            try:
                for feed in feeds.values():
                    feed.until(0)
                while len(trip) < actions:
                    state = api["alice"].get(f"{server.url}/api/matches/{match_id}/", timeout=30).json()
                    if state["finished"]:
                        break
                    seat = state["to_act"]
                    session = api[USERS[seat]]
                    mine = session.get(f"{server.url}/api/matches/{match_id}/?player={seat}", timeout=30).json()
                    legal = mine["legal_actions"]
                    choice = next((a for a in legal if a["id"].startswith(("attack", "end"))), legal[-1])
                    body = {"player": seat, "action": choice["id"], "version": mine["version"]}
                    sent = time.perf_counter()
                    answer = session.post(f"{server.url}/api/matches/{match_id}/actions/", json=body, timeout=60)
                    answered = time.perf_counter()
                    answer.raise_for_status()
                    arrived, _frame = feeds[1 - seat].until(answer.json()["version"])
                    trip.append((answered - sent) * 1000)
                    push.append((arrived - sent) * 1000)
                    bar.update(1)
            finally:
                for feed in feeds.values():
                    feed.close()
    return push, trip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--redis", action="store_true", help="two workers joined by Redis (db 14)")
    args = parser.parse_args()
    env = {"GUNICORN_ACCESS_LOG": ""}
    if args.redis:
        env.update(REDIS_URL="redis://127.0.0.1:6379/14", CHANNELS_PREFIX=f"bench-{uuid.uuid4().hex[:8]}")
    with tempfile.TemporaryDirectory() as tmp, seeded_database(Path(tmp)) as database:
        workers = 2 if args.redis else 1
        with AsgiServer(database, Path(tmp), workers=workers, env=env) as server:
            push, trip = run(server, args.actions)
    figures: dict[str, Any] = {
        "live.push_median_ms": statistics.median(push),
        "live.push_p95_ms": percentile(push, 0.95),
        "live.roundtrip_median_ms": statistics.median(trip),
        "live.roundtrip_p95_ms": percentile(trip, 0.95),
    }
    for name, value in figures.items():
        print(f"BENCH {name} {value:.1f} ms")
    print(f"BENCH live.push_ratio {figures['live.push_median_ms'] / figures['live.roundtrip_median_ms']:.2f} x")


if __name__ == "__main__":
    main()
