"""Celery tasks of the match adapter (run by workers when REDIS_URL is set): they call the
services, which hand their jobs here through ``config.queue`` (plugged in below)."""

from __future__ import annotations

from config.celery import app
from config.queue import plug
from engine.services.autoplay import AUTOPLAY_JOB, match_autoplay


@app.task(name=AUTOPLAY_JOB)
def match_autoplay_task(match_id: int) -> int:
    """Play an all-AI match (or a long AI turn) to where a human must act or the end."""
    return match_autoplay(match_id=match_id)


plug(AUTOPLAY_JOB, match_autoplay_task.delay)
