"""Pages of a match log (issue 19 item 6): ``GET matches/{id}/log/?after=<seq>&limit=<n>``.

A log answers at most ``LOG_PAGE_MAX`` actions (far more than any real match takes: a long
Ka-Mel-Oh! game has a few hundred), so a log of an engine gone wrong or a match played for days
never makes one answer of megabytes. ``next`` links the following page (null on the last), and a
client that replays a match follows it; without parameters a log answers from its first action.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.utils.urls import replace_query_param

LOG_PAGE_MAX = 5000

PARAMETERS = [
    OpenApiParameter("after", {"type": "integer", "minimum": 0}, description="only actions with a greater `seq`"),
    OpenApiParameter(
        "limit", {"type": "integer", "minimum": 1, "maximum": LOG_PAGE_MAX}, description="at most this many actions"
    ),
]


def _number(request: Request, name: str, *, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise serializers.ValidationError({name: [f"a whole number from {low} to {high}, not {raw[:20]!r}"]})
    return int(raw)


def log_page(body: dict[str, Any], request: Request) -> dict[str, Any]:
    """``body`` (a log with ``actions``) cut to the asked page, with ``next``."""
    after = _number(request, "after", default=0, low=0, high=2**31)
    limit = _number(request, "limit", default=LOG_PAGE_MAX, low=1, high=LOG_PAGE_MAX)
    actions = [a for a in body.get("actions", []) if not isinstance(a, dict) or int(a.get("seq", 0)) > after]
    page = actions[:limit]
    more = len(actions) > limit and isinstance(page[-1], dict) and "seq" in page[-1]
    url = request.build_absolute_uri()
    following = replace_query_param(url, "after", page[-1]["seq"]) if more else None
    return {**body, "actions": page, "next": following}
