"""API tokens: POST /api/auth/token/ {username, password} -> {token}."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken

from config.throttling import AnonRateThrottle


class TokenView(ObtainAuthToken):
    """Exchange a username and password for the user's API token (send it as `Authorization: Token ...`)."""

    throttle_classes = [AnonRateThrottle]

    @extend_schema(
        request=inline_serializer(
            "TokenRequest", {"username": serializers.CharField(), "password": serializers.CharField()}
        ),
        responses={200: inline_serializer("TokenResponse", {"token": serializers.CharField()})},
    )
    def post(self, request, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().post(request, *args, **kwargs)
