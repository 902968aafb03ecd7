"""The play page's context and HTML, for a request or for a WebSocket's scope.

A socket renders the same template as the page with the same user, language and CSRF secret (a
request built from the socket's scope), so a pushed board is the page a reload would show, as that
viewer may see it, and its forms post like the page's own.
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from engine import boards, selectors
from engine.live import clocks
from engine.live.models import LiveMatch
from engine.models import Match
from engine.types import User


def live_context(*, match: Match, user: User) -> dict[str, Any]:
    """What the live bar of the play page shows: the socket's path, the clocks, the replay link."""
    settings_row = LiveMatch.objects.filter(match=match).first()
    public = bool(settings_row and settings_row.public)
    return {
        "socket": f"/ws/matches/{match.pk}/",
        "clock": clocks.clock_view(match=match),
        "public": public,
        "owner": user.is_authenticated and match.created_by_id == user.pk,
        "replay_url": reverse("live:replay", kwargs={"pk": match.pk}) if match.finished else "",
    }


def page_context(*, match: Match, user: User) -> dict[str, Any]:
    """The play page's whole context for ``user`` (their seat's view, else a spectator's)."""
    player = selectors.match_default_player(match=match, user=user)
    state = selectors.match_state(match=match, player=player)
    viewer = selectors.viewer_seats(match=match, user=user)
    context = boards.play_context(match=match, state=state, player=player, viewer=viewer)
    context["live"] = live_context(match=match, user=user)
    return context


def scope_request(scope: dict[str, Any]) -> HttpRequest:
    """A GET request standing for a WebSocket's scope: its cookies, headers, user and CSRF secret."""
    request = ASGIRequest({**scope, "type": "http", "method": "GET"}, io.BytesIO())
    request.user = scope.get("user") or AnonymousUser()
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) == 32 and secret.isalnum():  # the page's own secret: the pushed forms post alike
        request.META["CSRF_COOKIE"] = secret
    return request


def render_frame(*, scope: dict[str, Any], match_id: int) -> dict[str, Any] | None:
    """The frame for one socket: the match's version and the page as the socket's user sees it
    (None once the match is gone)."""
    match = Match.objects.filter(pk=match_id).prefetch_related("seats__user").first()
    if match is None:
        return None
    request = scope_request(scope)
    with translation.override(translation.get_language_from_request(request)):
        context = page_context(match=match, user=request.user)
        html = render_to_string("matches/match_detail.html", context, request=request)
    return {"type": "board", "version": match.version, "finished": match.finished, "html": html}
