"""Response headers every answer carries (issue 19 item 9), in one middleware.

- ``Content-Security-Policy`` (``settings.CONTENT_SECURITY_POLICY``): scripts only from this
  origin, so the pages carry no inline script (htmx, the match page and the API docs load theirs
  as files); ``frame-ancestors`` follows the view's ``X-Frame-Options`` (``'none'``, or ``'self'``
  for the print preview that the print dialog frames).
- ``Permissions-Policy``: no camera, microphone, location ... for any page.
- ``RateLimit-Limit``, ``RateLimit-Remaining``, ``RateLimit-Reset`` (seconds) and
  ``RateLimit-Policy`` on every throttled answer (IETF's RateLimit header fields draft), from
  the standing the throttles leave on the request (config.throttling).
- ``Cache-Control: no-store`` on every API answer to a signed-in request (a user's decks,
  collection, matches and tokens must not stay in a shared or browser cache) and
  ``Vary: Authorization, Cookie`` on every API answer (what it says may depend on who asks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

DEFAULT_POLICY: dict[str, str] = {
    "default-src": "'self'",
    "script-src": "'self'",
    # Swagger UI and Redoc set style attributes and inject <style> elements; style cannot run code.
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: blob:",
    "font-src": "'self' data:",
    "connect-src": "'self'",
    "worker-src": "'self' blob:",  # Redoc's search runs in a worker made from a blob
    "frame-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
)


def csp_header(policy: Mapping[str, str], *, frame_ancestors: str) -> str:
    """The policy as one header value, with the ``frame-ancestors`` the answer allows."""
    parts = [f"{name} {value}" for name, value in policy.items() if name != "frame-ancestors"]
    return "; ".join([*parts, f"frame-ancestors {frame_ancestors}"])


def is_signed_in(request: HttpRequest) -> bool:
    """Whether the request came with credentials: a session user (or a token DRF accepted, which
    it sets on the Django request too) or an Authorization header of any kind."""
    user = getattr(request, "user", None)
    return bool(getattr(user, "is_authenticated", False) or request.META.get("HTTP_AUTHORIZATION"))


class SecurityHeadersMiddleware:
    """Adds CSP, Permissions-Policy and, on the API, Vary and no-store for signed-in answers."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)
        self.report_only = bool(getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", False))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        name = "Content-Security-Policy-Report-Only" if self.report_only else "Content-Security-Policy"
        if self.policy and name not in response:
            same_origin = response.get("X-Frame-Options", "DENY").upper() == "SAMEORIGIN"
            response[name] = csp_header(self.policy, frame_ancestors="'self'" if same_origin else "'none'")
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        limit = getattr(request, "rate_limit", None)  # left by config.throttling
        if limit is not None:
            response["RateLimit-Limit"], response["RateLimit-Remaining"], response["RateLimit-Reset"] = map(
                str, limit[:3]
            )
            response["RateLimit-Policy"] = f"{limit[0]};w={limit[3]}"
        if request.path.startswith("/api/"):
            patch_vary_headers(response, ("Authorization", "Cookie"))
            if is_signed_in(request):
                response["Cache-Control"] = "no-store"
        return response
