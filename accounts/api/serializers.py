"""Request and response shapes of the accounts API: tokens."""

from __future__ import annotations

from rest_framework import serializers

from accounts.models import ApiToken
from accounts.tokens import token_days_max


class TokenRequestSerializer(serializers.Serializer):
    """``POST auth/token/``: the credentials, and what to call the new token and how long it lives."""

    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False, style={"input_type": "password"})
    name = serializers.CharField(max_length=100, default="API client", help_text="which client holds the token")
    days = serializers.IntegerField(
        min_value=1, max_value=token_days_max(), required=False, help_text="lifetime in days (default 90)"
    )


class TokenSerializer(serializers.ModelSerializer):
    """A token as its owner lists it (never the secret itself)."""

    current = serializers.SerializerMethodField(help_text="whether this request came with this token")

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "expires", "last_used", "current"]

    def get_current(self, token: ApiToken) -> bool:
        request = self.context.get("request")
        return bool(request is not None and isinstance(request.auth, ApiToken) and request.auth.pk == token.pk)


class TokenCreatedSerializer(serializers.ModelSerializer):
    """``POST auth/token/``'s answer: the secret (shown this once) and the token's record."""

    token = serializers.CharField(help_text="send it as `Authorization: Token <token>`; it is shown only this once")

    class Meta:
        model = ApiToken
        fields = ["token", "id", "name", "prefix", "created", "expires"]
