"""From "a match changed" to its open pages: a message to the match's group on the channel layer.

The message names the match and nothing else; every consumer of the group then renders the page as
its own viewer may see it (``engine.live.consumers``), so no frame ever carries another seat's
hidden cards. Sent after the change commits (``engine.signals.match_changed``, a seat invitation's
answer, a taken seat, a clock's timeout).

In a server process the consumers run on one event loop (remembered when the first socket
connects); a change made in a worker thread is handed to that loop without waiting for it, so the
action's answer never waits for the push. A process without that loop (a management command, a
WSGI worker) publishes through Redis when the layer is Redis, and has nobody to tell otherwise.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction
from django.db.models.signals import post_save

from engine.live import clocks
from engine.models import Match, SeatInvitation
from engine.signals import match_acting, match_changed

log = logging.getLogger(__name__)
_LOOP: asyncio.AbstractEventLoop | None = None


def group_name(match_id: int) -> str:
    """The channel-layer group of one match's open pages."""
    return f"match.{match_id}"


def remember_loop() -> None:
    """Keep the running event loop (the consumers') for changes made in other threads."""
    global _LOOP
    _LOOP = asyncio.get_running_loop()


def announce(match_id: int) -> None:
    """Tell every open page of the match (in every process) that it changed."""
    send_to_group(group_name(match_id), {"type": "match.changed", "match": match_id})


def send_to_group(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a channel-layer group from any thread (the consumers' loop when this
    process runs it, else through Redis; an in-memory layer without a loop has nobody to tell).
    Other live pages (a tournament's) announce their changes through it too."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _LOOP
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        future.add_done_callback(_log_failure)
    elif not isinstance(layer, InMemoryChannelLayer):
        async_to_sync(layer.group_send)(group, message)


def _log_failure(future: Any) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("push failed: %s", future.exception())


def announce_on_commit(match_id: int) -> None:
    """``announce`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: announce(match_id))


def _on_match_changed(sender: Any, match_id: int, **kwargs: Any) -> None:
    clocks.clock_follow(match_id=match_id)  # first, so that the pages show the clocks as they now run
    announce(match_id)


def _on_match_acting(sender: Any, table: Any, player: int, **kwargs: Any) -> None:
    clocks.clock_check_table(table=table)


def _on_invitation_saved(sender: Any, instance: SeatInvitation, created: bool, **kwargs: Any) -> None:
    if not created:  # an answer: the seat is taken (or stays empty) and the match may start
        match_id = Match.objects.filter(seats__pk=instance.seat_id).values_list("pk", flat=True).first()
        if match_id is not None:
            transaction.on_commit(lambda: _on_match_changed(Match, match_id))


def connect() -> None:
    """Connect the receivers (the app's ``ready``)."""
    match_changed.connect(_on_match_changed, sender=Match, dispatch_uid="live-push")
    match_acting.connect(_on_match_acting, sender=Match, dispatch_uid="live-clock")
    post_save.connect(_on_invitation_saved, sender=SeatInvitation, dispatch_uid="live-invitation")
