"""The match API benchmark, run by bench/engine.py in its own process (Django needs its settings
before it starts, and the engine benchmark stays free of Django).

A fresh temporary SQLite database (settings: WAL, IMMEDIATE transactions) gets the Ka-Mel-Oh! cards;
a user plays dufo matches against the random AI through ``POST /api/matches/{id}/actions/`` (lock,
version check, engine, log rows, AI replies, state save included). Prints:

    BENCH api.action_ms_p50 <ms> ms     median wall time of one action request

Usage: .venv/bin/python bench/_match_api.py [actions]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="kartothek-bench-match-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DEBUG"] = "0"  # no query log, as in production
os.environ.setdefault("SECRET_KEY", "bench-only")
os.environ["MEDIA_ROOT"] = TMP
os.environ["SECURE_SSL_REDIRECT"] = "0"  # the test client speaks plain HTTP

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from accounts.models import User  # noqa: E402
from cards.services import card_import  # noqa: E402
from engine.core.samples import sample_decks  # noqa: E402
from engine.games import get_game  # noqa: E402


def new_match(client: APIClient, seed: int) -> dict[str, Any]:
    """A dufo match of the bench user (seat 0) against the random AI."""
    decks = [{"format": "kamelo/dufo", "list": s["list"]} for s in sample_decks("kamelo/dufo")[:2]]
    body = {"game": "kamelo", "variant": "dufo", "decks": decks, "seed": seed,
            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}]}  # fmt: skip
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, (response.status_code, response.content, dict(response.headers))
    state: dict[str, Any] = response.json()
    return state


def action_times(client: APIClient, count: int) -> list[float]:
    """Seconds per action request, ``count`` of them; a finished match is replaced (untimed)."""
    rng = random.Random(7)
    times: list[float] = []
    state, seed = new_match(client, 0), 0
    while len(times) < count:
        if state["finished"]:
            seed += 1
            state = new_match(client, seed)
            continue
        body = {"player": 0, "action": rng.choice(state["legal_actions"])["id"], "version": state["version"]}
        start = time.perf_counter()
        response = client.post(f"/api/matches/{state['id']}/actions/", body, format="json")
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.content
        state = response.json()
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    call_command("migrate", verbosity=0)
    card_import(cards=get_game("kamelo").bundled_cards(), game="kamelo", source="kamelo")
    client = APIClient()
    client.force_authenticate(User.objects.create_user(username="bench", password="bench"))
    action_times(client, 20)  # warm-up: caches, first queries
    median = statistics.median(action_times(client, count))
    print(f"BENCH api.action_ms_p50 {1000 * median:.2f} ms")


if __name__ == "__main__":
    main()
