"""``Authorization: Token <key>`` against the named, expiring tokens of accounts.tokens.

A subclass of DRF's TokenAuthentication, so the header, its errors (401 with
``WWW-Authenticate: Token``) and the OpenAPI security scheme stay DRF's; only the lookup differs.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.tokens import token_authenticate


class ApiTokenAuthentication(TokenAuthentication):
    """Authenticates a request by one of the user's live API tokens (the token is ``request.auth``)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        token = token_authenticate(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid or expired token."))
        return token.user, token
