"""API tokens (issue 19 item 10): ``POST auth/token/`` {username, password, name?, days?} -> {token, ...};
``GET auth/tokens/`` lists the caller's live tokens, ``DELETE auth/tokens/{id}/`` revokes one."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, user_logged_in
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api.serializers import TokenCreatedSerializer, TokenRequestSerializer, TokenSerializer
from accounts.models import ApiToken
from accounts.tokens import TooManyTokens, token_create, token_revoke, tokens_of
from config.openapi import ApiErrorSerializer
from config.parsers import JSONParser
from config.throttling import AuthRateThrottle


class InvalidCredentials(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "Unable to sign in with the given username and password."
    default_code = "invalid_credentials"


class TokenView(APIView):
    """Exchange a username and password for a new named API token (send it as `Authorization: Token ...`)."""

    authentication_classes = ()  # the credentials are in the body; a stale token in the header is no reason to refuse
    permission_classes = (permissions.AllowAny,)
    throttle_classes = (AuthRateThrottle,)
    parser_classes = (JSONParser,)
    openapi_errors = {"POST": {429: "too many tries from this address, or this account or address is locked out"}}

    @extend_schema(
        request=TokenRequestSerializer,
        responses={
            200: TokenCreatedSerializer,
            400: OpenApiResponse(ApiErrorSerializer, description="wrong credentials, or too many live tokens"),
        },
        description="Each call makes a new token. After 10 failed sign-ins an account, and an address, are locked "
        "out for 15 minutes (429 with Retry-After); every address may try 10 times a minute.",
    )
    def post(self, request: Request) -> Response:
        form = TokenRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        # The Django request: django-axes counts failures and locks out on it (accounts.lockout answers).
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None:
            raise InvalidCredentials()
        # A sign-in like the page's: last_login moves and django-axes forgets the earlier failures.
        user_logged_in.send(sender=type(user), request=request._request, user=user)
        try:
            token, key = token_create(user=user, name=data["name"], days=data.get("days"))
        except TooManyTokens as error:
            raise exceptions.ValidationError({"name": [str(error)]}) from None
        token.token = key  # type: ignore[attr-defined]  # for the answer only: never stored
        response = Response(TokenCreatedSerializer(token).data)
        response["Cache-Control"] = "no-store"
        return response


class TokenListView(generics.ListAPIView):
    """The signed-in user's live API tokens, newest first (never their secrets)."""

    serializer_class = TokenSerializer
    permission_classes = (permissions.IsAuthenticated,)

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return ApiToken.objects.none()
        return tokens_of(user=self.request.user)


class TokenDetailView(APIView):
    """Revoke one of your tokens (another user's token is 404, as if it did not exist)."""

    permission_classes = (permissions.IsAuthenticated,)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        if not token_revoke(user=request.user, token_id=pk):
            raise exceptions.NotFound("You hold no token with this id.")
        return Response(status=status.HTTP_204_NO_CONTENT)
