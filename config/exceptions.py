"""One JSON shape for every API error: `{"detail": str, "code": str, ...}`."""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from config.errors import DomainError

log = logging.getLogger(__name__)


class Conflict(exceptions.APIException):
    """The resource changed since the client read it (a stale version)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "The resource changed since you read it."
    default_code = "conflict"


class PreconditionFailed(exceptions.APIException):
    """An If-Match that no longer matches the resource's ETag."""

    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = "The resource changed since you read it (If-Match does not match)."
    default_code = "precondition_failed"


class PayloadTooLarge(exceptions.APIException):
    """A request body above the API's size limit."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "payload_too_large"


class Unprocessable(exceptions.APIException):
    """A well-formed request that cannot be processed (e.g. an Idempotency-Key reused with another body)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = "The request cannot be processed."
    default_code = "unprocessable"


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{k}: {_flatten(v)}" for k, v in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(v) for v in detail)
    return str(detail)


def _query_timed_out(exc: Exception) -> bool:
    """A statement PostgreSQL cancelled at its statement_timeout (SQLSTATE 57014)."""
    return isinstance(exc, OperationalError) and getattr(exc.__cause__, "sqlstate", None) == "57014"


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, reshaped so that every error body has `detail` (text) and a stable `code`;
    a service's domain error (``config.errors.DomainError``) answers its own status and body."""
    if isinstance(exc, DomainError):
        return Response(exc.body(), status=exc.status)
    if _query_timed_out(exc):  # logged, and answered as the temporary failure it is
        log.warning("a statement timed out in %s", context["request"].path, exc_info=exc)
        set_rollback()
        timeout = {
            "detail": str(_("The database took too long to answer; try again shortly.")),
            "code": "query_timeout",
        }
        return Response(timeout, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "30"})
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(exc, exceptions.ValidationError):
        body: dict[str, Any] = {"detail": _flatten(data), "code": "invalid"}
        if isinstance(data, dict):
            body["errors"] = data
    elif isinstance(data, dict) and "detail" in data:
        code = getattr(data["detail"], "code", None) or getattr(exc, "default_code", "error")
        body = {**data, "detail": str(data["detail"]), "code": str(code)}
    else:
        body = {"detail": _flatten(data), "code": getattr(exc, "default_code", "error")}
    response.data = body
    return response


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404: an /api/ URL that matches no route answers the API's JSON shape, pages Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(exceptions.NotFound.default_detail), "code": "not_found"}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500 (DEBUG off): an /api/ URL answers the API's JSON shape, pages Django's page."""
    if request.path.startswith("/api/"):
        body = {"detail": "The server failed to answer this request; it has been logged.", "code": "server_error"}
        return JsonResponse(body, status=500)
    return defaults.server_error(request)
