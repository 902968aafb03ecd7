"""Bulk data and lookups (api.md "Bulk data and lookups"): ``GET bulk/``, ``GET bulk/{game}.json``,
``POST cards/collection/``, ``GET cards/autocomplete/``, ``GET cards/named/``. Thin views over
cards.bulk and cards.lookups."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api.schema import card_schema
from cards.bulk import bulk_file
from cards.lookups import AUTOCOMPLETE_MAX, COLLECTION_MAX, card_autocomplete, card_named, cards_collection
from cards.selectors import card_dicts, cards_in_order
from config.fields import TextField
from config.openapi import ApiErrorSerializer
from engine.games import SLUGS


class BulkEntrySerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=SLUGS)
    url = serializers.URLField(help_text="the file: a JSON list of every card of the game in the card shape")
    size = serializers.IntegerField(help_text="bytes of the file (uncompressed)")
    updated = serializers.DateTimeField(allow_null=True, help_text="the newest change of a card in it")
    etag = serializers.CharField(help_text="the file's ETag: send it as If-None-Match to get 304 while unchanged")


class BulkListView(APIView):
    """One JSON file per game with every card; each regenerated when the game's cards change."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(responses=BulkEntrySerializer(many=True), operation_id="bulk_list")
    def get(self, request: Request) -> Response:
        rows = []
        for game in SLUGS:
            file = bulk_file(game=game, request=request)
            url = request.build_absolute_uri(reverse("api-bulk-file", kwargs={"game": game}))
            updated = file.updated.isoformat() if file.updated else None
            rows.append({"game": game, "url": url, "size": file.size, "updated": updated, "etag": file.etag})
        return Response(rows)


class BulkFileView(APIView):
    """Every card of a game, gzip-compressed for clients that take it, with an ETag (304 unchanged)."""

    permission_classes = (permissions.AllowAny,)
    openapi_errors = {"GET": {304: "If-None-Match names the current file"}}

    @extend_schema(
        operation_id="bulk_file",
        parameters=[OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER, description="an ETag you hold")],
        responses={
            200: card_schema(many=True),
            304: OpenApiResponse(description="not modified: the ETag you sent is the file's"),
        },
    )
    def get(self, request: Request, game: str) -> HttpResponse:
        if game not in SLUGS:
            raise NotFound(f"unknown game {game!r}; the games are {', '.join(SLUGS)}")
        file = bulk_file(game=game, request=request)
        if file.etag in request.headers.get("If-None-Match", ""):
            response = HttpResponse(status=304)
        elif "gzip" in request.headers.get("Accept-Encoding", ""):
            response = HttpResponse(file.gzipped, content_type="application/json")
            response["Content-Encoding"] = "gzip"
        else:
            response = HttpResponse(file.body, content_type="application/json")
        response["ETag"] = file.etag
        response["Cache-Control"] = "public, max-age=3600"
        patch_vary_headers(response, ("Accept-Encoding",))
        return response


def exactly_one(attrs: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    """``attrs`` when exactly one of the two keys is given; ValidationError otherwise."""
    if (first in attrs) == (second in attrs):
        raise ValidationError(f'give exactly one of "{first}" and "{second}"')
    return attrs


class IdentifierSerializer(serializers.Serializer):
    """A card: ``{"game", "card": slug}`` or ``{"game", "name": exact name}``."""

    game = TextField(max_length=20)
    card = TextField(max_length=120, required=False)
    name = TextField(max_length=200, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return exactly_one(attrs, "card", "name")


class CollectionRequestSerializer(serializers.Serializer):
    identifiers = IdentifierSerializer(many=True, min_length=1, max_length=COLLECTION_MAX)  # type: ignore[call-arg]  # many=True: a ListSerializer, which takes them


class CollectionAnswerSerializer(serializers.Serializer):
    data = card_schema(many=True)  # type: ignore[assignment]  # a field of its own, for the schema
    not_found = IdentifierSerializer(many=True, help_text="the identifiers that name no card (or several)")


class CardCollectionView(APIView):
    """Up to 75 cards in one call, by slug or by exact name (Scryfall's /cards/collection)."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(request=CollectionRequestSerializer, responses=CollectionAnswerSerializer)
    def post(self, request: Request) -> Response:
        form = CollectionRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        identifiers = [dict(i) for i in form.validated_data["identifiers"]]
        known = [i for i in identifiers if i["game"] in SLUGS]
        ids, missing = cards_collection(known)
        missing = [*missing, *(i for i in identifiers if i["game"] not in SLUGS)]
        return Response({"data": card_dicts(cards_in_order(ids), request=request), "not_found": missing})


class LookupParams(serializers.Serializer):
    game = serializers.ChoiceField(choices=SLUGS)


class AutocompleteParams(LookupParams):
    q = serializers.CharField(max_length=200, trim_whitespace=False)


class NamedParams(LookupParams):
    fuzzy = serializers.CharField(max_length=200, required=False)
    exact = serializers.CharField(max_length=200, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return exactly_one(attrs, "fuzzy", "exact")


def read_params(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    form = serializer_class(data=request.query_params)
    form.is_valid(raise_exception=True)
    return dict(form.validated_data)


class AutocompleteAnswerSerializer(serializers.Serializer):
    data = serializers.ListField(child=serializers.CharField(), max_length=AUTOCOMPLETE_MAX)  # type: ignore[assignment]  # a field of its own, for the schema


class CardAutocompleteView(APIView):
    """Up to 20 card names for a type-ahead: the exact name, then names beginning with ``q``."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(
        parameters=[AutocompleteParams], responses=AutocompleteAnswerSerializer, operation_id="cards_autocomplete"
    )
    def get(self, request: Request) -> Response:
        params = read_params(AutocompleteParams, request)
        return Response({"data": card_autocomplete(game=params["game"], q=params["q"])})


class CardNamedView(APIView):
    """The card with a name (``exact``) or the closest one (``fuzzy``); 404 with the nearest names."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(
        parameters=[NamedParams],
        responses={
            200: card_schema(),
            404: OpenApiResponse(ApiErrorSerializer, description="no such card: `nearest` has the closest names"),
        },
        operation_id="cards_named",
    )
    def get(self, request: Request) -> Response:
        params = read_params(NamedParams, request)
        name = params.get("exact", params.get("fuzzy", ""))
        found = card_named(game=params["game"], name=name, fuzzy="fuzzy" in params)
        if found.card is None:
            reason = "several cards match" if found.ambiguous else "no card matches"
            body = {"detail": f"{reason} {name!r} in {params['game']}", "code": "not_found", "nearest": found.nearest}
            return Response(body, status=404)
        return Response(card_dicts(cards_in_order([found.card]), request=request)[0])
