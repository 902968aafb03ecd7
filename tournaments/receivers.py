"""The tournaments app listens to the match adapter (``engine.signals.match_finished``), which never
imports it: a finished match of a pairing counts for its result, any other rated match between two
people's seats moves their ratings."""

from __future__ import annotations

from typing import Any

from engine.models import Match
from engine.signals import match_finished
from tournaments.services import match_rate, pairing_match_finished


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    if not pairing_match_finished(match_id=match_id):
        match_rate(match_id=match_id)


def connect() -> None:
    """Connect the receivers (the app's ``ready``)."""
    match_finished.connect(on_match_finished, sender=Match, dispatch_uid="tournaments-match-finished")
