"""The OpenAPI schema documents the error answers the API really gives (issue 8 item 4).

drf-spectacular documents only the success answer of a view unless told otherwise. Rather than
repeat the same error list on every view, ``ApiAutoSchema`` adds to each operation the answers that
the project's shared machinery gives, in the one error shape of ``config.exceptions``:

- 400 for operations that read a body or query parameters (validation, unknown values);
- 401/403 for operations that need a signed-in user (anonymous: 403, since session authentication
  comes first and sends no challenge); 403 everywhere else too, because a bad token is refused
  whatever the view allows;
- 404 for operations with a path parameter (an object that is not there, or not yours) and for
  paginated lists (a page past the end);
- 413 for JSON bodies (``config.middleware.ApiBodyLimitMiddleware``), 415 for bodies of another type;
- 429 everywhere (the throttles), and 414 (HTML, from gunicorn) for a URL too long to read.

A view adds answers of its own (412 for If-Match, 409, 422 ...) with ``openapi_errors`` (HTTP method
-> {status: description}) or with ``extend_schema(responses=...)``, which always wins.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class ApiErrorSerializer(serializers.Serializer):
    """Every error answer: a message, a stable code and, for invalid fields, the errors per field."""

    detail = serializers.CharField()
    code = serializers.CharField()
    errors = serializers.JSONField(required=False, help_text="per field for invalid fields; per line for CSV imports")


class ApiAutoSchema(AutoSchema):
    """AutoSchema plus the error answers of the shared machinery (see the module docstring)."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status, description in self.error_answers().items():
            if str(status) not in responses:
                answer = OpenApiResponse(ApiErrorSerializer, description=description)
                responses[str(status)] = self._get_response_for_code(answer, str(status), direction=direction)
        # gunicorn refuses a request line over 4094 bytes itself, in HTML, before Django sees it.
        too_long = OpenApiResponse(OpenApiTypes.STR, description="the URL is longer than the server reads")
        responses.setdefault("414", self._get_response_for_code(too_long, "414", ["text/html"], direction))
        return responses

    def error_answers(self) -> dict[int, str]:
        """Status -> description of each error this operation can answer."""
        answers: dict[int, str] = {}
        parameters = self._get_parameters()
        if self.method in BODY_METHODS or any(param.get("in") == "query" for param in parameters):
            answers[400] = "a malformed or invalid request"
        if self._needs_user():
            answers[401] = "not signed in"
        answers[403] = "not allowed (also: an invalid token)"
        if any(param.get("in") == "path" for param in parameters):
            answers[404] = "no such object, or not yours"
        elif self._is_list_view() and self._get_paginator() is not None:
            answers[404] = "no such page"
        if self.method in BODY_METHODS and not self._is_upload():
            answers[413] = "the request body is larger than the API accepts"
        if self.method in BODY_METHODS and "*/*" not in self.map_parsers():
            answers[415] = "a body in a media type the operation does not read"
        answers[429] = "too many requests (throttled); see Retry-After"
        answers.update(getattr(self.view, "openapi_errors", {}).get(self.method, {}))
        return dict(sorted(answers.items()))

    def _needs_user(self) -> bool:
        """Whether some permission may refuse an anonymous user (an unknown permission class may)."""
        for permission in self.view.get_permissions():
            if isinstance(permission, permissions.AllowAny):
                continue
            if isinstance(permission, permissions.IsAuthenticatedOrReadOnly) and self.method in ("GET", "HEAD"):
                continue
            return True
        return False

    def _is_upload(self) -> bool:
        """An operation that takes no JSON (multipart uploads: Django's upload limits apply instead)."""
        return not any("json" in media for media in self.map_parsers())
