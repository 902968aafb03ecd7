"""A match of computers only is played outside any lock (issue 12): ``POST matches/`` answers at once
(at version 0), the match then plays itself in the server's background in short transactions, and
another user's writes meanwhile all succeed (once, one request held SQLite's write lock for 28 s
while it played a long match, and a deck save failed with a 500, "database is locked")."""

from __future__ import annotations

import time
from pathlib import Path

from engine.core.samples import sample_decks
from tests.reliability.servers import loopback

WARM_UP = 6  # requests before the match: a cold worker once took longer than the whole match
WAIT_S = 900  # only a hang reaches it: the match ends long before on any machine


def test_a_long_all_ai_match_answers_at_once_and_never_blocks_another_users_writes(tmp_path: Path) -> None:
    decks = [{"format": "kamelo/wimu", "list": d["list"]} for d in sample_decks("kamelo/wimu")[:2]]
    body = {
        "game": "kamelo", "variant": "wimu", "decks": decks, "seed": 5,
        "players": [{"kind": "ai", "behaviour": "greedy"}, {"kind": "ai", "behaviour": "greedy"}],
        "options": {"length": "long", "oases": 4, "max_turns": 1000},
    }  # fmt: skip
    with loopback(tmp_path, workers=2, threads=4) as server:
        alice, bob = server.session("alice"), server.session("bob")
        for n in range(WARM_UP):  # each worker's first deck save loads the card index: not while the match runs
            deck = {"name": f"Warm-up {n}", "format": "kamelo/dufo", "list": "1 Dromedar\n"}
            assert bob.post(f"{server.url}/api/decks/", json=deck, timeout=120).status_code == 201
        created = alice.post(f"{server.url}/api/matches/", json=body, timeout=60)
        assert created.status_code == 201, created.text
        assert created.json()["version"] == 0 and not created.json()["finished"]
        match = created.json()["id"]
        saves, versions = [], []
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            deck = {"name": f"Deck {len(saves)}", "format": "kamelo/dufo", "list": "1 Dromedar\n"}
            saves.append(bob.post(f"{server.url}/api/decks/", json=deck, timeout=60).status_code)
            state = bob.get(f"{server.url}/api/matches/{match}/", timeout=60).json()
            versions.append(state["version"])
            if state["finished"]:
                break
    assert state["finished"], f"the match stopped at version {state['version']}"
    assert set(saves) == {201}, f"deck saves answered {sorted(set(saves))}"
    assert len({v for v in versions if v < state["version"]}) >= 2, "the match did not play while bob wrote"
    assert state["version"] > 200, state["version"]
