"""One WebSocket per open play page (``/ws/matches/{id}/``): on connect and on every change of the
match, the page as this socket's user sees it (``render.render_frame``), only when it differs from
the last one sent. The group message that wakes it names the match and nothing else, so a seat's
socket never carries another seat's hidden cards.

The socket also keeps the running clock's deadline: a timer that asks the server to end the match
by time (``clocks.clock_check``) when it passes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import timezone

from engine.live import clocks, push
from engine.live.render import render_frame
from engine.models import Match

NOT_FOUND = 4404


def _exists(match_id: int) -> bool:
    return Match.objects.filter(pk=match_id).exists()


class MatchConsumer(AsyncWebsocketConsumer):
    """The live feed of one match for one viewer (a seat's user or a spectator)."""

    match_id: int
    group: str
    sent: str = ""
    timer: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        if not await database_sync_to_async(_exists)(self.match_id):
            await self.close(code=NOT_FOUND)
            return
        push.remember_loop()
        self.group = push.group_name(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A client's ``{"type": "sync"}`` (after it missed something) gets the page again."""
        if text_data and '"sync"' in text_data:
            self.sent = ""
            await self.push()

    async def match_changed(self, event: dict[str, Any]) -> None:
        """The group's "match changed": render and send if this viewer's page changed."""
        await self.push()

    async def push(self) -> None:
        frame = await database_sync_to_async(render_frame)(scope=self.scope, match_id=self.match_id)
        if frame is None:
            await self.close(code=NOT_FOUND)
            return
        digest = hashlib.sha256(frame["html"].encode()).hexdigest()
        if digest != self.sent:
            self.sent = digest
            await self.send(text_data=json.dumps(frame))
        await self.arm_clock()

    async def arm_clock(self) -> None:
        """A timer for the running clock's deadline (replaced on every change)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        deadline = await database_sync_to_async(clocks.clock_deadline)(match_id=self.match_id)
        if deadline is None:
            return
        delay = max(0.0, (deadline - timezone.now()).total_seconds()) + 0.05
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(delay, lambda: asyncio.ensure_future(self.time_up()))

    async def time_up(self) -> None:
        """The deadline passed: the server ends the match by time (its push follows)."""
        if not await database_sync_to_async(clocks.clock_check)(match_id=self.match_id):
            await self.arm_clock()  # moved meanwhile, or not yet out: a new deadline
