"""The load mix of bench/load.py, run by locust: card search, card detail and deck validation.

The cards and sample decks to ask for come from the JSON file named by LOAD_CATALOGUE (bench/load.py
writes it). Users send requests back to back (no think time): a closed loop, so the request rate is
what the server sustains at that concurrency.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from locust import FastHttpUser, constant, task

QUERIES = [
    "kamel",
    "type:monster ap>=3",
    "game:eredan guild:kotoba",
    "dattel or wüste",
    "-type:item lp<5",
    "attack>=2 defense>=1",
    '"die Oase"',
    "stage:2",
]
_catalogue: dict[str, Any] = {}


class Player(FastHttpUser):
    """A client of the API: 40% search, 40% card detail, 20% deck validation."""

    wait_time = constant(0)

    def on_start(self) -> None:
        if not _catalogue:  # written by bench/load.py before the run, so no setup request is measured
            _catalogue.update(json.loads(Path(os.environ["LOAD_CATALOGUE"]).read_text()))
        self.rng = random.Random()

    @task(4)
    def search(self) -> None:
        self.client.get(f"/api/cards/?q={self.rng.choice(QUERIES)}", name="/api/cards/?q=")

    @task(4)
    def detail(self) -> None:
        game, slug = self.rng.choice(_catalogue["cards"])
        self.client.get(f"/api/cards/{game}/{slug}/", name="/api/cards/{game}/{slug}/")

    @task(2)
    def validate(self) -> None:
        self.client.post("/api/decks/validate/", json=self.rng.choice(_catalogue["decks"]))
