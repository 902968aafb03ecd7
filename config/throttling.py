"""Throttles whose counts are exact under concurrency (issue 8 item 7).

DRF's throttles read a request history from the cache, append to it and write it back: two workers
that read at the same moment both pass, so with four gunicorn workers about 1.2x the limit got
through. These count with the cache's atomic ``incr`` instead (Redis INCR; LocMemCache holds a lock),
in a sliding window estimated from two fixed windows: the current window's count plus the previous
window's count weighted by how much of it still overlaps. A refused request gives its count back, so
a client that keeps knocking is not locked out for longer than its own allowed requests warrant.
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
from typing import Any

from rest_framework import throttling


class AtomicRateThrottleMixin:
    """Replaces SimpleRateThrottle's history list with an atomic counter per fixed window."""

    cache: Any
    timer: Any
    rate: str | None
    num_requests: int
    duration: int
    key: str | None
    _wait: float = 0.0
    get_cache_key: Any  # DRF's Anon/UserRateThrottle (after this mixin in the bases)

    def allow_request(self, request: Any, view: Any) -> bool:
        """Count this request in the current window; refuse (and un-count) it above the limit."""
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        now = float(self.timer())
        window, elapsed = divmod(now, self.duration)
        current = f"{self.key}:{int(window)}"
        count = self._increment(current)
        previous = int(self.cache.get(f"{self.key}:{int(window) - 1}", 0))
        overlap = 1.0 - elapsed / self.duration
        used = count + previous * overlap
        if used <= self.num_requests:
            self._note(request, remaining=int(self.num_requests - used), reset=self.duration - elapsed)
            return True
        self._decrement(current)
        self._wait = self._wait_seconds(count, previous, elapsed)
        self._note(request, remaining=0, reset=self._wait)
        return False

    def _note(self, request: Any, *, remaining: int, reset: float) -> None:
        """Leave this throttle's standing on the Django request, for ``RateLimit-*`` headers
        (config.headers); of several throttles the one with the fewest requests left counts."""
        django_request = getattr(request, "_request", request)
        held = getattr(django_request, "rate_limit", None)
        if held is None or remaining < held[1]:
            django_request.rate_limit = (self.num_requests, remaining, max(1, math.ceil(reset)), self.duration)

    def _increment(self, key: str) -> int:
        # Windows live two durations: the next window still reads this one as its previous.
        self.cache.add(key, 0, timeout=2 * self.duration)
        try:
            return int(self.cache.incr(key))
        except ValueError:  # expired between add and incr
            self.cache.add(key, 1, timeout=2 * self.duration)
            return 1

    def _decrement(self, key: str) -> None:
        with contextlib.suppress(ValueError):
            self.cache.decr(key)

    def _wait_seconds(self, count: int, previous: int, elapsed: float) -> float:
        """Seconds until this request would pass if nothing else came in."""
        if count > self.num_requests or previous == 0:
            return self.duration - elapsed
        # previous * (1 - t / duration) + count <= limit  once t reaches this point of the window
        passes_at = self.duration * (1.0 - (self.num_requests - count) / previous)
        return max(passes_at - elapsed, 1.0)

    def wait(self) -> float | None:
        """Whole seconds for Retry-After (at least 1)."""
        return float(max(1, math.ceil(self._wait)))


class AnonRateThrottle(AtomicRateThrottleMixin, throttling.AnonRateThrottle):
    """Anonymous clients by address (scope "anon", THROTTLE_ANON)."""


class UserRateThrottle(AtomicRateThrottleMixin, throttling.UserRateThrottle):
    """Signed-in users by id (scope "user", THROTTLE_USER).

    Anonymous requests are the anon throttle's alone: counted by both, concurrent requests could
    pass one counter and fail the other in opposite orders, and each throttle's refund would then
    leave fewer than the limit through."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        key: str | None = super().get_cache_key(request, view)
        return key


UNKNOWN_ADDRESS = "0.0.0.0"


def client_ip(request: Any) -> str:
    """The client's address as every throttle and the sign-in lockout see it: REMOTE_ADDR, or with
    ``NUM_PROXIES`` proxies in front the address the nearest of them put in X-Forwarded-For
    (DRF's rule; with NUM_PROXIES 0, X-Forwarded-For is ignored: a client cannot pick its bucket).

    No address or a malformed one (a request built without REMOTE_ADDR, a proxy's garbled header)
    reads as 0.0.0.0: the lockout stores it in an address column that PostgreSQL checks."""
    ident = throttling.BaseThrottle().get_ident(request)
    try:
        return str(ipaddress.ip_address(str(ident).strip()))
    except ValueError:
        return UNKNOWN_ADDRESS


class AddressRateThrottle(AtomicRateThrottleMixin, throttling.SimpleRateThrottle):
    """A scope's rate per client address, signed in or not (``scope`` set by subclasses)."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}


class AuthRateThrottle(AddressRateThrottle):
    """``POST auth/token/`` per address (THROTTLE_AUTH): each try costs a password hash."""

    scope = "auth"


class SignupRateThrottle(AddressRateThrottle):
    """New accounts per address (THROTTLE_SIGNUP), counted when a sign-up would succeed."""

    scope = "signup"
