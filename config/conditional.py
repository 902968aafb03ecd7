"""Conditional GET for the public read-only answers (issue 19 item 13): cards, games, charges.

``ConditionalGetMixin`` gives a DRF view's 200 answers to GET an ``ETag`` (a hash of the body
as sent, so every process names the same answer alike) and, where the view says when its data
last changed, ``Last-Modified``; ``If-None-Match`` (or, without it, ``If-Modified-Since``) then
answers 304 with no body (Django's ``get_conditional_response``: RFC 9110's order).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from django.utils.cache import get_conditional_response
from django.utils.http import http_date


def body_etag(content: bytes) -> str:
    """A strong ETag of a body."""
    return '"' + hashlib.sha256(content).hexdigest()[:32] + '"'


class ConditionalGetMixin:
    """ETag and Last-Modified with 304 for a DRF view's successful GETs."""

    def last_modified(self, request: Any) -> datetime | None:
        """When the data of this answer last changed (None: no Last-Modified)."""
        return None

    def finalize_response(self, request: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.has_header("ETag"):
            return response
        response.render()
        etag = body_etag(response.content)
        modified = self.last_modified(request)
        stamp = int(modified.timestamp()) if modified else None
        response["ETag"] = etag
        if stamp is not None:
            response["Last-Modified"] = http_date(stamp)
        return get_conditional_response(request, etag=etag, last_modified=stamp, response=response)
