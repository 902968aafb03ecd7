"""One WebSocket per open tournament page (``/ws/tournaments/{id}/``): on connect and whenever the
tournament changes, the page's live part (rounds, pairings, results, standings, the player's next
pairing) rendered as this socket's user may see it, only when it differs from the last one sent."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from engine.live import push
from engine.live.render import scope_request
from tournaments import live
from tournaments.models import Tournament
from tournaments.views import live_context

NOT_FOUND = 4404


def render_live(*, scope: dict[str, Any], tournament_id: int) -> str | None:
    """The live part of the page as the socket's user sees it (None once the tournament is gone)."""
    tournament = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if tournament is None:
        return None
    request = scope_request(scope)
    with translation.override(translation.get_language_from_request(request)):
        context = live_context(tournament=tournament, user=request.user)
        return render_to_string("tournaments/partials/tournament_live.html", context, request=request)


class TournamentConsumer(AsyncWebsocketConsumer):
    """The live feed of one tournament for one viewer."""

    tournament_id: int
    group: str = ""
    sent: str = ""

    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["pk"])
        push.remember_loop()
        self.group = live.group_name(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        """The group's "tournament changed": render and send if this viewer's part changed."""
        await self.push()

    async def push(self) -> None:
        html = await database_sync_to_async(render_live)(scope=self.scope, tournament_id=self.tournament_id)
        if html is None:
            await self.close(code=NOT_FOUND)
            return
        digest = hashlib.sha256(html.encode()).hexdigest()
        if digest != self.sent:
            self.sent = digest
            await self.send(text_data=json.dumps({"type": "tournament", "html": html}))
