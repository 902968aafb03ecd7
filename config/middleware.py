"""The API's body limit: a request body over `settings.API_MAX_BODY_BYTES` answers 413 before any
view parses it (a deck list bigger than that is an attack, not a deck).

Both the declared `Content-Length` and the bytes actually streamed are checked, because a chunked
request (ASGI) may declare no length. Multipart uploads (the collection CSV, card images) have
their own, larger ceiling `API_MAX_UPLOAD_BYTES` on the declared length (Django would otherwise
stream any size to disk before the view could refuse it); the views check the parts themselves.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def too_large(limit: int) -> JsonResponse:
    """The API's error shape for a body over the limit."""
    body = {"detail": f"The request body is larger than {limit} bytes.", "code": "payload_too_large"}
    return JsonResponse(body, status=413)


class ApiBodyLimitMiddleware:
    """Answer 413 for an /api/ request whose body exceeds `API_MAX_BODY_BYTES`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/") and request.method in BODY_METHODS:
            if self._is_upload(request):
                limit = int(getattr(settings, "API_MAX_UPLOAD_BYTES", 16 * 1024 * 1024))
                if self._declared_length(request) > limit:
                    return too_large(limit)
            else:
                limit = int(getattr(settings, "API_MAX_BODY_BYTES", 64 * 1024))
                if self._declared_length(request) > limit or not self._buffer_body(request, limit):
                    return too_large(limit)
        return self.get_response(request)

    @staticmethod
    def _is_upload(request: HttpRequest) -> bool:
        return request.content_type == "multipart/form-data"

    @staticmethod
    def _declared_length(request: HttpRequest) -> int:
        try:
            return int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return 0

    @staticmethod
    def _buffer_body(request: HttpRequest, limit: int) -> bool:
        """Read at most `limit` + 1 bytes; keep them as the body when they fit (False: too large)."""
        if getattr(request, "_read_started", False) or hasattr(request, "_body"):
            return len(request.body) <= limit
        data = request.read(limit + 1)
        if len(data) > limit:
            return False
        # Hand the bytes back as the request's body so that Django and DRF parse them as usual.
        request._body = data
        request._stream = io.BytesIO(data)
        request._read_started = False  # type: ignore[attr-defined]  # Django's own flag, set as its body reading does
        return True
