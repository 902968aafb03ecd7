"""Computer turns, played outside the match row's lock (issue 12; issue 21 relies on it).

The AI's actions are computed from a snapshot of the match with no lock held; then, in one short
transaction, the row is locked, its version checked against the snapshot's, and the actions are
written (if another request moved the match meanwhile, nothing is written and the snapshot is taken
again). Since the AI is deterministic for a seed, two processes advancing one match compute the
same actions, and the version check lets exactly one write them. So a long AI turn never holds
SQLite's write lock, and another user's deck save never waits behind it.

- ``ai_reply``: the AI's answer to a human's action (or its opening moves), inside that request
  and before its answer returns (api.md), in bounded steps.
- ``match_autoplay``: an all-AI match played to the end in chunks, each chunk its own transaction.
- ``schedule_autoplay``: runs ``match_autoplay`` in the background after the current transaction
  commits: a Celery task when Redis is set (``MATCH_AUTOPLAY = "celery"``), else a worker thread of
  this process (``"thread"``); ``"inline"`` plays at once (management commands, tests).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections, connection, transaction

from config.queue import enqueue
from engine.models import Match, MatchAction
from engine.selectors import match_locked
from engine.services.engines import game_engine
from engine.services.table import restore

AI_STEPS_PER_REQUEST = 400  # an AI reply within one request: more than any engine's AI turn needs
AI_SECONDS_PER_REQUEST = 3.0  # a search player's reply within one request; the rest goes on in the background
AI_SECONDS_PER_CHUNK = 10.0  # a background chunk's transaction-free thinking before it writes
AI_CHUNK = 200  # actions per transaction when a match plays itself
AI_STEPS_MAX = 100_000  # no match needs this many AI actions; a bound against a looping engine
RETRIES = 5

log = logging.getLogger(__name__)
_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autoplay")
_RUNNING: set[int] = set()
_RUNNING_LOCK = threading.Lock()


def ai_advance(*, match_id: int, max_steps: int, max_seconds: float | None = None) -> list[MatchAction]:
    """Up to ``max_steps`` AI actions (or what ``max_seconds`` of thinking gives: at least one),
    computed with no lock held and written if the match did not move meanwhile (else computed
    again, a few times); the rows written (none when a human is to act, the match is over, or it
    kept moving)."""
    return _advance(match_id, max_steps, max_seconds)[0]


def _advance(match_id: int, max_steps: int, max_seconds: float | None) -> tuple[list[MatchAction], bool]:
    """``ai_advance``'s rows, and whether a computer seat is still to act after them."""
    for _ in range(RETRIES):
        match = Match.objects.filter(pk=match_id).defer("decks").first()
        if match is None or match.finished:
            return [], False
        table = restore(match, game_engine(match.game))
        if not table.ai_to_act():
            return [], False
        start = match.version
        table.play_ai(max_steps, max_seconds)
        with transaction.atomic():
            if match_locked(match_id=match_id).version != start:
                continue  # someone else wrote first: take a new snapshot
            table.save()
        return table.logged, table.ai_to_act()
    return [], False


def ai_reply(*, match_id: int) -> list[MatchAction]:
    """The AI seats' answer before a request returns (bounded in steps and, for search players, in
    time: a longer run goes on in the background)."""
    rows, more = _advance(match_id, AI_STEPS_PER_REQUEST, AI_SECONDS_PER_REQUEST)
    if rows and more:
        schedule_autoplay(match_id)
    return rows


def match_autoplay(*, match_id: int) -> int:
    """Play the AI seats until a human must act or the match is over, one chunk per transaction;
    the number of actions taken."""
    taken = 0
    while taken < AI_STEPS_MAX:
        rows = ai_advance(match_id=match_id, max_steps=AI_CHUNK, max_seconds=AI_SECONDS_PER_CHUNK)
        if not rows:
            break
        taken += len(rows)
    return taken


AUTOPLAY_JOB = "engine.match_autoplay"  # the background job of a match's computer turns (engine.tasks)


def schedule_autoplay(match_id: int) -> None:
    """Play the match's AI turns in the background once the current transaction commits."""
    transaction.on_commit(lambda: _start(match_id))


def _start(match_id: int) -> None:
    mode = getattr(settings, "MATCH_AUTOPLAY", "thread")
    if mode == "inline":
        match_autoplay(match_id=match_id)
    elif mode == "celery":
        enqueue(AUTOPLAY_JOB, match_id)  # engine.tasks
    else:
        with _RUNNING_LOCK:
            if match_id in _RUNNING:
                return
            _RUNNING.add(match_id)
        _EXECUTOR.submit(_in_thread, match_id)


def _in_thread(match_id: int) -> None:
    """The worker thread's run: its own database connection, closed afterwards."""
    try:
        close_old_connections()
        match_autoplay(match_id=match_id)
    except Exception:  # a background thread has no one to answer: log it, the next visit retries
        log.exception("autoplay of match %s failed", match_id)
    finally:
        with _RUNNING_LOCK:
            _RUNNING.discard(match_id)
        connection.close()


def autoplay_idle() -> bool:
    """Whether this process's autoplay thread has nothing running (tests wait for it)."""
    with _RUNNING_LOCK:
        return not _RUNNING
