"""Accounts: the project's own user model from day one, and the users' named API tokens."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player or organiser. Staff users may edit cards and upload images."""

    class Meta:
        db_table = "accounts_user"


class ApiToken(models.Model):
    """One API client's credential: named by its owner, expiring, revocable (issue 19 item 10).

    Only the SHA-256 digest of the secret is stored (a leaked database holds no usable token); the
    first characters (``prefix``) stay readable so that the owner can tell the tokens apart.
    ``last_used`` is refreshed at most every few minutes (``accounts.auth``), not on every request.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=8)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "-created"], name="apitoken_user_created")]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
