"""API tokens: create, authenticate, list and revoke (issue 19 item 10). HackSoft-style services.

A token is 40 random hex characters shown once, at creation; the database keeps its SHA-256
digest. Every token has a name (which client holds it) and an expiry (default
``API_TOKEN_DAYS``, at most ``API_TOKEN_MAX_DAYS``); a user holds at most ``API_TOKENS_PER_USER``
live tokens, so a client that signs in on every start cannot pile them up without bound.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import ApiToken

LAST_USED_EVERY = datetime.timedelta(minutes=10)  # how stale ``last_used`` may be (one write per window)


class TooManyTokens(ValueError):
    """The user holds ``API_TOKENS_PER_USER`` live tokens already."""


def token_digest(key: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def token_days_default() -> int:
    return int(getattr(settings, "API_TOKEN_DAYS", 90))


def token_days_max() -> int:
    return int(getattr(settings, "API_TOKEN_MAX_DAYS", 365))


@transaction.atomic
def token_create(*, user: Any, name: str, days: int | None = None, key: str | None = None) -> tuple[ApiToken, str]:
    """A new token for ``user`` valid ``days`` days: the row and the key (shown once, never stored).

    Expired tokens of the user are dropped first; raises TooManyTokens when the live ones are at the
    limit. ``key`` is for fixtures only (a known key); clients always get a random one."""
    now = timezone.now()
    ApiToken.objects.filter(user=user, expires__lte=now).delete()
    limit = int(getattr(settings, "API_TOKENS_PER_USER", 50))
    if ApiToken.objects.filter(user=user).count() >= limit:
        raise TooManyTokens(f"you hold {limit} live tokens already; revoke one (DELETE auth/tokens/{{id}}/) first")
    key = key or secrets.token_hex(20)
    days = token_days_default() if days is None else days
    token = ApiToken.objects.create(
        user=user, name=name, prefix=key[:8], digest=token_digest(key), expires=now + datetime.timedelta(days=days)
    )
    return token, key


def token_authenticate(*, key: str) -> ApiToken | None:
    """The live token with this key (its user active), or None; refreshes ``last_used`` now and then."""
    token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
    now = timezone.now()
    if token is None or token.expires <= now or not token.user.is_active:
        return None
    if token.last_used is None or now - token.last_used > LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
    return token


def tokens_of(*, user: Any) -> QuerySet[ApiToken]:
    """The user's live tokens, newest first."""
    return ApiToken.objects.filter(user=user, expires__gt=timezone.now())


def token_revoke(*, user: Any, token_id: int) -> bool:
    """Delete one of the user's tokens; False when ``token_id`` is none of theirs."""
    return bool(ApiToken.objects.filter(user=user, pk=token_id).delete()[0])
