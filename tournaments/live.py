"""A tournament's open pages learn of its changes (pairings, results, drops, standings) through the
live-play channel: a message to the tournament's group names the tournament and nothing else, and
each socket renders the page's live part as its own viewer may see it (``tournaments.consumers``)."""

from __future__ import annotations

from django.db import transaction

from engine.live import push


def group_name(tournament_id: int) -> str:
    """The channel-layer group of one tournament's open pages."""
    return f"tournament.{tournament_id}"


def announce(tournament_id: int) -> None:
    """Tell every open page of the tournament (in every process) that it changed."""
    push.send_to_group(group_name(tournament_id), {"type": "tournament.changed", "tournament": tournament_id})


def announce_on_commit(tournament_id: int) -> None:
    """``announce`` once the current transaction commits."""
    transaction.on_commit(lambda: announce(tournament_id))
