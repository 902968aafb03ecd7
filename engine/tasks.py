"""Celery tasks of the match adapter (run by workers when REDIS_URL is set)."""

from __future__ import annotations

from config.celery import app


@app.task(name="engine.match_autoplay")
def match_autoplay_task(match_id: int) -> int:
    """Play an all-AI match (or a long AI turn) to where a human must act or the end."""
    from engine.services.autoplay import match_autoplay

    return match_autoplay(match_id=match_id)
