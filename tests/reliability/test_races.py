"""Races against a loopback gunicorn (2 workers x 4 threads) on the suite's database (issue 8 item 5).

Match: two clients (alice seat 0, bob seat 1) x 4 threads each send actions to one match, every
thread racing its siblings for the same version. One send in ten is repeated with the same
Idempotency-Key (it must replay the first answer, byte for byte, or be refused again when the first
was refused) and a few accepted keys are reused with another body (422). Afterwards the log must
hold exactly the acknowledged actions: none lost, none twice, and no answer was a server error.

Deck: four processes edit one deck with If-Match, each re-reading and retrying on 412; afterwards
the deck holds every edit.

Sizes: ``make test`` sends ``RELIABILITY_RACE_ACTIONS`` (default 200) actions and makes
``RELIABILITY_DECK_EDITS`` (default 10) edits per process. The issue's sizes, 1,000 actions and 100
edits per process, are the ``slow`` runs:

    RELIABILITY_FULL=1 .venv/bin/python -m pytest tests/reliability/test_races.py -m slow
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest
import requests

from engine.core.samples import sample_decks
from tests.reliability.servers import FULL, LoopbackServer, loopback, size

THREADS_PER_CLIENT = 4
REPEAT_SHARE = 0.10  # sends repeated with the same Idempotency-Key
OTHER_BODY_SHARE = 0.03  # accepted keys reused with another body (422)
FULL_ONLY = [pytest.mark.slow, pytest.mark.skipif(not FULL, reason="RELIABILITY_FULL=1 runs it")]


class Budget:
    """A count of sends shared by all threads."""

    def __init__(self, total: int) -> None:
        self.left = total
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0:
                return False
            self.left -= 1
            return True


@dataclass
class Tally:
    """What the threads saw: acknowledged (seq, player, action id), refusals and every error."""

    acknowledged: list[tuple[int, int, str]] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, problem: str) -> None:
        with self.lock:
            self.problems.append(problem)


def create_match(server: LoopbackServer) -> int:
    """A human-vs-human dufo match between alice and bob (who accepts the seat) that lasts (the highest point target and turn
    limit the options allow)."""
    decks = [{"format": "kamelo/dufo", "list": deck["list"]} for deck in sample_decks("kamelo/dufo")[:2]]
    body = {
        "game": "kamelo", "variant": "dufo", "decks": decks, "seed": 11,
        "players": [{"kind": "human"}, {"kind": "human", "user": "bob"}],
        "options": {"first_player": 0, "target_points": 200, "max_turns": 1000},
    }  # fmt: skip
    response = server.session("alice").post(f"{server.url}/api/matches/", json=body, timeout=60)
    assert response.status_code == 201, response.text
    bob = server.session("bob")  # a seat for another user is an invitation until they accept it
    invitation = bob.get(f"{server.url}/api/invitations/", timeout=60).json()["results"][0]["id"]
    accepted = bob.post(f"{server.url}/api/invitations/{invitation}/accept/", timeout=60)
    assert accepted.status_code == 200, accepted.text
    return int(response.json()["id"])


def choose(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """Mostly end the turn (so the match goes on for ever), now and then anything legal."""
    if not legal:
        return "done"  # not our turn: the send is refused, which is part of the test
    ends = [action["id"] for action in legal if action["id"] in ("done", "end")]
    return ends[0] if ends and rng.random() < 0.7 else str(rng.choice(legal)["id"])


class Player:
    """One thread of one client: read the seat's view, send an action at its version, sometimes twice."""

    def __init__(self, server: LoopbackServer, match: int, seat: int, user: str, seed: int) -> None:
        self.session = server.session(user)
        self.base = f"{server.url}/api/matches/{match}/"
        self.seat = seat
        self.rng = random.Random(seed)

    def run(self, budget: Budget, tally: Tally) -> None:
        while budget.left > 0:
            state = self.session.get(self.base, params={"player": self.seat}, timeout=60)
            if state.status_code != 200:
                tally.note(f"GET state answered {state.status_code}: {state.text[:200]}")
                return
            data = state.json()
            if data["to_act"] != self.seat and self.rng.random() > 0.1:
                time.sleep(0.002)  # mostly wait for our turn; now and then send anyway (refused)
                continue
            if not budget.take():
                return
            body = {"player": self.seat, "action": choose(data["legal_actions"], self.rng), "version": data["version"]}
            self.send(body, tally)

    def post(self, body: dict[str, Any], key: str) -> requests.Response:
        return self.session.post(self.base + "actions/", json=body, headers={"Idempotency-Key": key}, timeout=60)

    def send(self, body: dict[str, Any], tally: Tally) -> None:
        key = uuid.uuid4().hex
        first = self.post(body, key)
        with tally.lock:
            tally.statuses.append(first.status_code)
        if first.status_code not in (200, 400, 409):
            tally.note(f"{body} answered {first.status_code}: {first.text[:300]}")
            return
        if first.status_code == 200:
            self.acknowledge(first.json(), tally)
        if self.rng.random() < REPEAT_SHARE:
            self.check_repeat(body, key, first, tally)
        if first.status_code == 200 and self.rng.random() < OTHER_BODY_SHARE:
            other = self.post({**body, "version": body["version"] + 1}, key)
            if other.status_code != 422:
                tally.note(f"a reused key with another body answered {other.status_code}, not 422")

    def acknowledge(self, answer: dict[str, Any], tally: Tally) -> None:
        mine = [entry for entry in answer["applied"] if entry["player"] == self.seat]
        if len(mine) != 1:
            tally.note(f"an accepted action applied {len(mine)} actions of seat {self.seat}")
            return
        with tally.lock:
            tally.acknowledged.append((mine[0]["seq"], self.seat, mine[0]["action"]["id"]))

    def check_repeat(self, body: dict[str, Any], key: str, first: requests.Response, tally: Tally) -> None:
        again = self.post(body, key)
        if first.status_code == 200:
            replayed = again.headers.get("Idempotent-Replayed") == "true"
            # The same JSON; not necessarily the same bytes (PostgreSQL's jsonb stores keys in its own order).
            if again.status_code != 200 or again.json() != first.json() or not replayed:
                tally.note(f"a repeated key answered {again.status_code} (replayed={replayed}), not the first answer")
        elif again.status_code not in (400, 409):
            tally.note(f"a refused request repeated with its key answered {again.status_code}")


def assert_log_matches(server: LoopbackServer, match: int, tally: Tally) -> None:
    """Every acknowledged action is in the log once, at its seq; the log holds nothing else."""
    log = server.session("alice").get(f"{server.url}/api/matches/{match}/log/", timeout=60).json()
    logged = {entry["seq"]: (entry["player"], entry["action"]["id"]) for entry in log["actions"]}
    seqs = [entry["seq"] for entry in log["actions"]]
    assert seqs == list(range(1, len(seqs) + 1)), "the log's seqs have gaps or repeats"
    acknowledged = {seq: (player, action) for seq, player, action in tally.acknowledged}
    assert len(acknowledged) == len(tally.acknowledged), "two acknowledgements for one seq (duplicated)"
    assert acknowledged == logged, "the log differs from the acknowledged actions (lost or extra)"
    assert log["version"] == len(seqs)


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param(size("race_actions", 200, 1000), id="default"),
        pytest.param(size("race_full_actions", 1000, 1000), id="full", marks=FULL_ONLY),
    ],
)
def test_concurrent_actions_on_one_match_lose_and_duplicate_nothing(actions: int, tmp_path: Path) -> None:
    with loopback(tmp_path, workers=2, threads=4) as server:
        match = create_match(server)
        budget, tally = Budget(actions), Tally()
        players = [
            Player(server, match, seat, user, seed=seat * 100 + n)
            for seat, user in enumerate(("alice", "bob"))
            for n in range(THREADS_PER_CLIENT)
        ]
        with ThreadPoolExecutor(len(players)) as pool:
            for future in [pool.submit(player.run, budget, tally) for player in players]:
                future.result()
        assert not tally.problems, tally.problems[:10]
        assert len(tally.statuses) == actions
        assert tally.acknowledged, "no action was accepted"
        assert_log_matches(server, match, tally)
        assert "Internal Server Error" not in server.log_tail(400)
    print(f"answers to {actions} sends: {dict(Counter(tally.statuses))}")  # 409s: the threads really raced


def edit_deck(url: str, token: str, deck: int, writer: int, edits: int) -> int:
    """One process's edits: append a line naming (writer, n) with If-Match, re-read and retry on 412.
    Answers how many 412s it met (the race really happened when some did)."""
    session = requests.Session()
    session.headers.update({"Authorization": f"Token {token}", "Accept": "application/json"})
    conflicts = 0
    for n in range(edits):
        while True:
            current = session.get(f"{url}/api/decks/{deck}/", timeout=60)
            current.raise_for_status()
            body = {"list": current.json()["list"] + f"\n# edit {writer}-{n}"}
            answer = session.patch(f"{url}/api/decks/{deck}/", json=body, headers={"If-Match": current.headers["ETag"]},
                                   timeout=60)  # fmt: skip
            if answer.status_code == 200:
                break
            if answer.status_code != 412:
                raise AssertionError(f"edit {writer}-{n} answered {answer.status_code}: {answer.text[:200]}")
            conflicts += 1
    return conflicts


@pytest.mark.parametrize(
    "edits",
    [
        pytest.param(size("deck_edits", 10, 100), id="default"),
        pytest.param(size("deck_full_edits", 100, 100), id="full", marks=FULL_ONLY),
    ],
)
def test_four_processes_editing_one_deck_with_if_match_lose_no_edit(edits: int, tmp_path: Path) -> None:
    writers = 4
    with loopback(tmp_path, workers=2, threads=4) as server:
        alice = server.session("alice")
        created = alice.post(f"{server.url}/api/decks/", json={"name": "Race", "format": "kamelo/dufo"}, timeout=60)
        assert created.status_code == 201, created.text
        deck = created.json()["id"]
        token = server.database.tokens()["alice"]
        run: Callable[..., int] = edit_deck
        with ProcessPoolExecutor(writers, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(run, server.url, token, deck, writer, edits) for writer in range(writers)]
            conflicts = sum(future.result() for future in futures)
        final = alice.get(f"{server.url}/api/decks/{deck}/", timeout=60).json()
    lines = [line for line in final["list"].splitlines() if line.startswith("# edit ")]
    expected = {f"# edit {writer}-{n}" for writer in range(writers) for n in range(edits)}
    assert sorted(lines) == sorted(expected), "an edit was lost or applied twice"
    assert final["version"] == 1 + writers * edits
    print(f"{conflicts} edits met a 412 and retried")
