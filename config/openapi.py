"""The OpenAPI schema documents the error answers the API really gives (issue 8 item 4).

drf-spectacular documents only the success answer of a view unless told otherwise. Rather than
repeat the same error list on every view, ``ApiAutoSchema`` adds to each operation the answers that
the project's shared machinery gives, in the one error shape of ``config.exceptions``:

- 400 for operations that read a body or query parameters (validation, unknown values);
- 401 for every operation that reads credentials (a bad or expired token; anonymous where a user
  is needed), with ``WWW-Authenticate: Token``; 403 where a signed-in user may still be refused;
- 404 for operations with a path parameter (an object that is not there, or not yours) and for
  paginated lists (a page past the end);
- 413 for JSON bodies (``config.middleware.ApiBodyLimitMiddleware``), 415 for bodies of another type;
- 429 everywhere (the throttles, with Retry-After), and 414 (gunicorn, in the same JSON shape:
  config/gunicorn_errors.py) for a URL too long to read.

Operations that need no user carry ``{}`` among their security requirements (anonymous access),
also where a custom permission lets anonymous users read (public decks). Every 2xx answer of a
throttled operation documents the ``RateLimit-*`` headers.

A view adds answers of its own (412 for If-Match, 409, 422 ...) with ``openapi_errors`` (HTTP method
-> {status: description}) or with ``extend_schema(responses=...)``, which always wins.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class ProblemSerializer(serializers.Serializer):
    """One problem of a deck (api.md "Deck validation")."""

    code = serializers.CharField(help_text="unknown_card, too_many_copies, ... (api.md's codes)")
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    line = serializers.IntegerField(allow_null=True, required=False)
    params = serializers.DictField(required=False)


class ApiErrorSerializer(serializers.Serializer):
    """Every error answer: a message, a stable code and, where they apply, the details below."""

    detail = serializers.CharField()
    code = serializers.CharField()
    errors = serializers.JSONField(required=False, help_text="per field for invalid fields; per line for CSV imports")  # type: ignore[assignment]  # a field of its own, for the schema
    deck = serializers.IntegerField(required=False, help_text="POST matches/: the index of an illegal deck")
    problems = ProblemSerializer(many=True, required=False, help_text="POST matches/: the illegal deck's problems")
    nearest = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="cards/named/: the closest names"
    )

    class Meta:
        ref_name = "Error"


WWW_AUTHENTICATE = {
    "WWW-Authenticate": {"schema": {"type": "string", "enum": ["Token"]}, "description": "the scheme to sign in with"}
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer", "minimum": 1}, "description": "seconds to wait"}}
RATE_LIMIT = {
    "RateLimit-Limit": {"schema": {"type": "integer"}, "description": "requests allowed in the window"},
    "RateLimit-Remaining": {"schema": {"type": "integer", "minimum": 0}, "description": "requests left in it"},
    "RateLimit-Reset": {"schema": {"type": "integer", "minimum": 1}, "description": "seconds until the count eases"},
    "RateLimit-Policy": {"schema": {"type": "string"}, "description": "`<limit>;w=<window seconds>`"},
}


class ApiAutoSchema(AutoSchema):
    """AutoSchema plus the error answers of the shared machinery (see the module docstring)."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status, description in self.error_answers().items():
            if str(status) not in responses:
                answer = OpenApiResponse(ApiErrorSerializer, description=description)
                json_only = ["application/json"]
                responses[str(status)] = self._get_response_for_code(answer, str(status), json_only, direction)  # type: ignore[no-untyped-call]
        for code, answer in responses.items():
            headers = answer.setdefault("headers", {})
            if code == "401":
                headers.update(WWW_AUTHENTICATE)
            elif code == "429":
                headers.update({**RETRY_AFTER, **RATE_LIMIT})
            elif code.startswith("2") and self.view.get_throttles():
                headers.update(RATE_LIMIT)
            if not headers:
                del answer["headers"]
        return responses

    def get_auth(self) -> list[dict[str, Any]]:
        """drf-spectacular's requirements, plus ``{}`` (no credentials) wherever no permission
        needs a user, also under custom permissions that let anonymous users read."""
        auths: list[dict[str, Any]] = super().get_auth()
        if auths and {} not in auths and not self._needs_user():
            auths.append({})
        return auths

    def error_answers(self) -> dict[int, str]:
        """Status -> description of each error this operation can answer."""
        answers: dict[int, str] = {}
        parameters = self._get_parameters()
        if self.method in BODY_METHODS or any(param.get("in") == "query" for param in parameters):
            answers[400] = "a malformed or invalid request"
        if self.view.get_authenticators():
            answers[401] = (
                "not signed in, or a bad or expired token" if self._needs_user() else "a bad or expired token"
            )
        if self._needs_user() or self._has_object_permissions():
            answers[403] = "not allowed"
        if any(param.get("in") == "path" for param in parameters):
            answers[404] = "no such object, or not yours"
        elif self._is_list_view() and self._get_paginator() is not None:  # type: ignore[no-untyped-call]
            answers[404] = "no such page"
        if self.method in BODY_METHODS:
            answers[413] = "the request body is larger than the API accepts (64 KB of JSON, 16 MB of upload)"
        if self.method in BODY_METHODS and "*/*" not in self.map_parsers():
            answers[415] = "a body in a media type the operation does not read"
        answers[414] = "the URL is longer than the server reads (4094 bytes for the request line)"
        if self.view.get_throttles():
            answers[429] = "too many requests (throttled); see Retry-After"
        answers.update(getattr(self.view, "openapi_errors", {}).get(self.method, {}))
        return dict(sorted(answers.items()))

    def _needs_user(self) -> bool:
        """Whether some permission refuses an anonymous request of this method (asked of each
        permission with a stand-in request; one that fails to answer is taken to refuse)."""
        anonymous = SimpleNamespace(method=self.method, user=AnonymousUser(), auth=None)
        for permission in self.view.get_permissions():
            try:
                allowed = permission.has_permission(anonymous, self.view)  # type: ignore[arg-type]  # a stand-in
            except Exception:  # a permission that reads more of the request than the stand-in has
                allowed = False
            if not allowed:
                return True
        return False

    def _has_object_permissions(self) -> bool:
        """Whether a permission of the view checks objects (it may refuse a user their neighbour's)."""
        base = permissions.BasePermission.has_object_permission
        return any(type(p).has_object_permission is not base for p in self.view.get_permissions())

    def _is_upload(self) -> bool:
        """An operation that takes no JSON (multipart uploads: Django's upload limits apply instead)."""
        return not any("json" in media for media in self.map_parsers())


# Links between operations (OpenAPI "links"): what a client, and schemathesis' stateful phase,
# may do with an answer's ids. (operation, status) -> {link name: (target operationId, parameters, body)}
LINKS: dict[tuple[str, str], dict[str, tuple[str, dict[str, str], dict[str, str] | None]]] = {
    ("matches_create", "201"): {
        "GetMatch": ("matches_retrieve", {"id": "$response.body#/id"}, None),
        "GetMatchAsPlayer": ("matches_retrieve", {"id": "$response.body#/id", "player": "$response.body#/player"}, None),
        "SubmitAction": (
            "matches_actions_create",
            {"id": "$response.body#/id"},
            {"player": "$response.body#/player", "version": "$response.body#/version",
             "action": "$response.body#/legal_actions/0/id"},
        ),
        "GetLog": ("matches_log_retrieve", {"id": "$response.body#/id"}, None),
    },
    ("matches_actions_create", "200"): {
        "SubmitNextAction": (
            "matches_actions_create",
            {"id": "$response.body#/id"},
            {"player": "$response.body#/player", "version": "$response.body#/version",
             "action": "$response.body#/legal_actions/0/id"},
        ),
        "GetLog": ("matches_log_retrieve", {"id": "$response.body#/id"}, None),
    },
    ("decks_create", "201"): {
        "GetDeck": ("decks_retrieve", {"id": "$response.body#/id"}, None),
        "ValidateDeck": ("decks_validation_retrieve", {"id": "$response.body#/id"}, None),
        "EditDeck": ("decks_partial_update", {"id": "$response.body#/id"}, None),
        "DeleteDeck": ("decks_destroy", {"id": "$response.body#/id"}, None),
        "PrintDeck": ("print_create", {}, {"deck": "$response.body#/id"}),
    },
    ("tournaments_create", "201"): {
        "GetTournament": ("tournaments_retrieve", {"id": "$response.body#/id"}, None),
        "Register": ("tournaments_register_create", {"id": "$response.body#/id"}, None),
        "Start": ("tournaments_start_create", {"id": "$response.body#/id"}, None),
        "Standings": ("tournaments_standings_csv", {"id": "$response.body#/id"}, None),
    },
    ("bulk_list", "200"): {"GetBulkFile": ("bulk_file", {"game": "$response.body#/0/game"}, None)},
    ("print_create", "202"): {"GetJob": ("print_jobs_retrieve", {"id": "$response.body#/id"}, None)},
    ("auth_tokens_list", "200"): {"RevokeToken": ("auth_tokens_destroy", {"id": "$response.body#/results/0/id"}, None)},
}  # fmt: skip


def add_links(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: ``LINKS`` into the answers they start from."""
    operations = {op["operationId"]: op for item in result.get("paths", {}).values() for op in item.values()
                  if isinstance(op, dict) and "operationId" in op}  # fmt: skip
    for (source, status), links in LINKS.items():
        answer = operations.get(source, {}).get("responses", {}).get(status)
        if answer is None:
            continue
        for name, (target, parameters, body) in links.items():
            if target not in operations:
                continue
            link: dict[str, Any] = {"operationId": target, "parameters": parameters}
            if body is not None:
                link["requestBody"] = body
            answer.setdefault("links", {})[name] = link
    return result
