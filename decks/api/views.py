"""The decks API: validation, saved decks (private, ETag/If-Match), collections. Thin views."""

from __future__ import annotations

import datetime
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.dateparse import parse_date
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from cards.selectors import answer_stamp, kept_answer
from config.exceptions import PreconditionFailed
from config.pagination import bool_param
from config.parsers import AnyJSONParser, JSONParser
from decks import messages, selectors, services
from decks.api.serializers import (
    CollectionImportSerializer,
    CollectionItemSerializer,
    CollectionSetAnswerSerializer,
    CollectionSetSerializer,
    DeckSerializer,
    ImportSummarySerializer,
    MissingCardSerializer,
    ValidateRequestSerializer,
    ValidationResultSerializer,
)
from decks.models import CollectionItem, Deck
from decks.resolution import card_index
from engine.games import all_games


class BadRequest(exceptions.APIException):
    """400 with a specific code (e.g. `unknown_format`)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "bad_request"


def unknown_format(error: services.UnknownFormat) -> BadRequest:
    slugs = sorted(slug for game in all_games() for slug in game.formats)
    return BadRequest(messages.unknown_format_message(error.slug, ", ".join(slugs)), code="unknown_format")


# Empty means today's lists, as no parameter does (forms send empty fields), so the schema says so.
AS_OF = OpenApiParameter(
    "as_of",
    {"oneOf": [{"type": "string", "format": "date"}, {"type": "string", "maxLength": 0}]},
    description="the date whose charge lists and bans apply (YYYY-MM-DD; default today)",
)


def as_of_param(request: Request) -> datetime.date | None:
    """The `as_of` query parameter as a date (400 when it is not one)."""
    raw = request.query_params.get("as_of")
    if not raw:
        return None
    try:
        value = parse_date(raw)
    except ValueError:
        value = None
    if value is None:
        raise BadRequest(f"as_of: {raw!r} is not a date (YYYY-MM-DD)", code="invalid")
    return value


PLAIN_KEYS = frozenset({"format", "list"})
FORMAT_MAX_LENGTH = ValidateRequestSerializer._declared_fields["format"].max_length  # type: ignore[attr-defined]  # a CharField


def plain_validate_request(data: Any) -> dict[str, Any] | None:
    """The usual request, `{"format": str, "list": str}`, read without the serializer (building its
    fields per request costs more than the rest of the view) by exactly its rules: the format
    trimmed, not blank, at most 40 characters; neither with NUL or surrogate characters. None for
    anything else: then the serializer reads the request and names its errors."""
    if type(data) is not dict or data.keys() != PLAIN_KEYS:
        return None
    format_slug, text = data["format"], data["list"]
    if type(format_slug) is not str or type(text) is not str:
        return None
    format_slug = format_slug.strip()
    if not format_slug or len(format_slug) > FORMAT_MAX_LENGTH or "\x00" in format_slug or "\x00" in text:
        return None
    try:
        format_slug.encode(), text.encode()
    except UnicodeEncodeError:  # a lone surrogate
        return None
    return {"format": format_slug, "list": text}


class DeckValidateView(APIView):
    """`POST decks/validate/`: validate a deck without saving it; 200 whatever the verdict."""

    authentication_classes = ()
    permission_classes = (permissions.AllowAny,)
    parser_classes = (JSONParser, AnyJSONParser)

    @extend_schema(request={"application/json": ValidateRequestSerializer}, responses={200: ValidationResultSerializer})
    def post(self, request: Request) -> Response:
        data = plain_validate_request(request.data)
        if data is None:
            form = ValidateRequestSerializer(data=request.data)
            form.is_valid(raise_exception=True)
            data = form.validated_data
        try:
            result = services.deck_validate(
                format_slug=data["format"], text=data.get("list"), cards=data.get("cards"), as_of=data.get("as_of")
            )
        except services.UnknownFormat as error:
            raise unknown_format(error) from None
        return Response(messages.translated_problems(result))


def expected_version(request: Request, deck: Deck) -> int | None:
    """The version an `If-Match` header vouches for; None without one (or `*`); 412 when stale."""
    header = request.headers.get("If-Match")
    if not header:
        return None
    tags = [tag.strip().removeprefix("W/") for tag in header.split(",")]
    if "*" in tags:
        return None
    if deck.etag in tags:
        return deck.version
    raise PreconditionFailed()


DECK_ETAG = OpenApiParameter(
    "ETag", str, OpenApiParameter.HEADER, response=[200, 201], description="the deck's version, for If-Match"
)
IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER, description="change only this version of the deck (else 412)"
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", str, OpenApiParameter.HEADER, description="an ETag you hold: 304 while the deck is unchanged"
)


class IsOwnerOrPublicReadOnly(permissions.BasePermission):
    """Anyone reads a public deck; only its owner reads a private one or changes any."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: Any, obj: Deck) -> bool:
        is_owner = request.user.is_authenticated and obj.owner_id == request.user.pk
        return is_owner or request.method in permissions.SAFE_METHODS


class DeckViewSet(viewsets.ModelViewSet):
    """Saved decks: the signed-in user's own; public ones readable by anyone via their id.

    Another user's private deck answers 404 (its existence is private too); GET answers an ETag,
    PUT/PATCH/DELETE honour `If-Match` (412 when stale).
    """

    serializer_class = DeckSerializer
    permission_classes = (IsOwnerOrPublicReadOnly,)
    lookup_value_regex = r"\d+"
    stale = {412: "If-Match names an older version of the deck (re-read it and retry)"}
    openapi_errors = {"PUT": stale, "PATCH": stale, "DELETE": stale}  # documented by config.openapi

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the OpenAPI schema generator
            return Deck.objects.none()
        if self.action == "list":
            public = bool_param(self.request, "public")
            if not public and not self.request.user.is_authenticated:
                raise exceptions.NotAuthenticated()
            return selectors.deck_list(user=self.request.user, public=public)
        return selectors.deck_visible(user=self.request.user)

    def get_object(self) -> Deck:
        try:
            deck: Deck = super().get_object()
        except Http404:
            if not self.request.user.is_authenticated:
                raise exceptions.NotAuthenticated() from None
            raise
        return deck

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        deck = getattr(self, "_etag_deck", None)
        if deck is not None and response.status_code < 300:
            response["ETag"] = deck.etag
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(parameters=[OpenApiParameter("public", bool, description="every public deck instead")])
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(parameters=[DECK_ETAG], responses={201: DeckSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().create(request, *args, **kwargs)

    @extend_schema(parameters=[DECK_ETAG, IF_MATCH])
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().update(request, *args, **kwargs)

    @extend_schema(parameters=[DECK_ETAG, IF_MATCH])
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().partial_update(request, *args, **kwargs)

    @extend_schema(parameters=[IF_MATCH])
    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().destroy(request, *args, **kwargs)

    @extend_schema(
        parameters=[DECK_ETAG, IF_NONE_MATCH],
        responses={200: DeckSerializer, 304: OpenApiResponse(description="If-None-Match names the deck's version")},
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        deck = self._etag_deck = self.get_object()
        if deck.etag in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED)
        return Response(self.get_serializer(deck).data)

    def perform_create(self, serializer: DeckSerializer) -> None:  # type: ignore[override]  # its own serializer
        deck = services.deck_create(owner=self.request.user, **serializer.validated_data)
        serializer.instance = self._etag_deck = deck

    def perform_update(self, serializer: DeckSerializer) -> None:  # type: ignore[override]  # its own serializer
        deck: Deck = serializer.instance  # type: ignore[assignment]  # an update has its instance
        version = expected_version(self.request, deck)
        try:
            deck = services.deck_update(deck=deck, data=serializer.validated_data, expected_version=version)
        except services.StaleVersion:
            raise PreconditionFailed() from None
        serializer.instance = self._etag_deck = deck

    def perform_destroy(self, instance: Deck) -> None:
        try:
            services.deck_delete(deck=instance, expected_version=expected_version(self.request, instance))
        except services.StaleVersion:
            raise PreconditionFailed() from None

    @extend_schema(parameters=[AS_OF], responses={200: ValidationResultSerializer})
    @action(detail=True, methods=["get"])
    def validation(self, request: Request, pk: str | None = None) -> Response:
        """The saved deck's validation, as `POST decks/validate/` answers it; kept until the deck or
        its game's cards or charges change (a public deck is anyone's to ask for, again and again)."""
        deck = self.get_object()
        as_of = as_of_param(request)
        stamp = (deck.pk, deck.version, answer_stamp(deck.game))
        return Response(
            kept_answer(
                request, stamp, lambda: messages.translated_problems(selectors.deck_validation(deck=deck, as_of=as_of))
            )
        )

    @extend_schema(responses={(200, "text/plain"): str})
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str | None = None) -> HttpResponse:
        """The deck as text (api.md's list syntax), ready to paste or import."""
        deck = self.get_object()
        return HttpResponse(selectors.deck_export_text(deck=deck), content_type="text/plain; charset=utf-8")

    @extend_schema(request=None, parameters=[DECK_ETAG], responses={201: DeckSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def copy(self, request: Request, pk: str | None = None) -> Response:
        """A private copy of a deck you may read (a public one, or your own) in your decks; 201
        with the copy. Another user's private deck is 404, as for reading it."""
        deck = self.get_object()
        copy = self._etag_deck = services.deck_copy(deck=deck, owner=request.user)
        return Response(self.get_serializer(copy).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: MissingCardSerializer(many=True)})
    # One unpaginated list (the schema said a page of results, with page parameters it ignored).
    @action(detail=True, methods=["get"], permission_classes=[permissions.IsAuthenticated], pagination_class=None)
    def missing(self, request: Request, pk: str | None = None) -> Response:
        """The deck's cards that the signed-in user's collection lacks, and how many."""
        deck = self.get_object()
        return Response(selectors.deck_missing_cards(deck=deck, user=request.user))


def card_of(game: str, ref: str) -> Card:
    """The card a slug or exact name names in `game`; 400 when it names none or several."""
    ids = card_index(game=game).lookup(ref) if game else []
    if len(ids) != 1:
        reason = "several cards" if ids else "no card"
        raise BadRequest(f"{ref!r} names {reason} of {game!r}", code="unknown_card" if not ids else "ambiguous_card")
    return Card.objects.get(pk=ids[0])


class CollectionViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """The signed-in user's owned cards: list (filters `game`, `q`), set a count, CSV in and out."""

    serializer_class = CollectionItemSerializer
    permission_classes = (permissions.IsAuthenticated,)
    lookup_value_regex = r"\d+"

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the OpenAPI schema generator
            return CollectionItem.objects.none()
        params = self.request.query_params
        return selectors.collection_list(user=self.request.user, game=params.get("game"), q=params.get("q"))

    @extend_schema(
        parameters=[OpenApiParameter("game", str), OpenApiParameter("q", str)],
        responses=CollectionItemSerializer(many=True),
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(request=CollectionSetSerializer, responses={200: CollectionSetAnswerSerializer})
    def create(self, request: Request) -> Response:
        """Set how many copies of a card you own; a count of 0 removes it."""
        form = CollectionSetSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        card = card_of(data["game"], data["card"])
        item = services.collection_set(owner=request.user, card=card, count=data["count"])
        if item is None:
            return Response({"id": None, "game": data["game"], "card": card.slug, "name": card.name, "count": 0})
        return Response(CollectionItemSerializer(item).data)

    def perform_update(self, serializer: CollectionItemSerializer) -> None:  # type: ignore[override]  # its own serializer
        item: CollectionItem = serializer.instance  # type: ignore[assignment]  # an update has its instance
        # A PATCH without `count` changes nothing (it raised KeyError: a 500 found by schema fuzzing).
        count = serializer.validated_data.get("count", item.count)
        services.collection_set(owner=item.owner, card=item.card, count=count)

    @extend_schema(
        request={"multipart/form-data": CollectionImportSerializer}, responses={200: ImportSummarySerializer}
    )
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[MultiPartParser])
    def import_csv(self, request: Request) -> Response:
        """Import a `game,card,count` CSV: all rows or none; bad rows answer 400 with their lines."""
        form = CollectionImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        text = read_upload(form.validated_data["file"])
        try:
            summary = services.collection_import(owner=request.user, text=text, mode=form.validated_data["mode"])
        except services.CollectionImportError as error:
            body = {"detail": f"{error}", "code": "invalid_csv", "errors": error.errors}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return Response(summary)

    @extend_schema(responses={(200, "text/csv"): str})
    @action(detail=False, methods=["get"])
    def export(self, request: Request) -> HttpResponse:
        """The collection as CSV with the header `game,card,count`."""
        response = HttpResponse(selectors.collection_csv(user=request.user), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="collection.csv"'
        return response


MAX_CSV_BYTES = 2 * 1024 * 1024


def read_upload(upload: Any) -> str:
    """The uploaded CSV as text (UTF-8, a BOM allowed); 400 when too big or not text."""
    if upload.size > MAX_CSV_BYTES:
        raise BadRequest(f"the file is larger than {MAX_CSV_BYTES} bytes", code="invalid_csv")
    try:
        return bytes(upload.read()).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRequest("the file is not UTF-8 text", code="invalid_csv") from None
