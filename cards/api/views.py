"""Card API: games, card search and detail, guilds, rules calculators, staff-only card writes."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters.utils import translate_validation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, permissions, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api.schema import TypedGameSerializer, card_schema
from cards.api.serializers import CardSerializer, CardWriteSerializer, GuildSerializer
from cards.filtersets import CardFilter
from cards.images import card_image_set
from cards.models import Card
from cards.selectors import (
    answer_stamp,
    card_dicts,
    card_queryset,
    cards_in_order,
    data_modified,
    games_with_counts,
    guilds_of,
    kept_answer,
)
from cards.services import CardImportError, card_import
from config.conditional import ConditionalGetMixin
from config.openapi import ApiErrorSerializer
from engine.core.definition import CalculatorError
from engine.core.match import CLOCK_TERMINATION
from engine.games import SLUGS, UnknownGameError, get_game, sample_decks


def format_info(fmt: Any) -> dict[str, Any]:
    """A deck format as `GET games/` lists it, with its sample decks (api.md)."""
    samples = sample_decks(fmt.slug)
    rules = [rule.help_text() for rule in getattr(fmt, "rules", ())]
    return {"slug": fmt.slug, "name": fmt.name, "sections": list(fmt.sections), "rules": rules, "sample_decks": samples}


def game_info(game: Any) -> dict[str, Any]:
    definition = get_game(game.slug)
    engine = definition.engine
    return {
        "slug": game.slug,
        "name": game.name,
        "name_en": game.name_en,
        "card_count": game.card_count,
        "formats": [format_info(f) for f in definition.formats.values()],
        "guilds": [g.slug for g in definition.guilds],
        "types": list(definition.schema.types),
        "attributes": [a.key for a in definition.schema.attributes],
        "calculators": sorted(definition.calculators),
        # api.md "Matches of every game": what the engine declares (nothing for a game without one)
        **(_with_clock(engine.declaration()) if engine is not None else NO_ENGINE),
    }


def _with_clock(declared: dict[str, Any]) -> dict[str, Any]:
    """The engine's terminations plus the clock's (engine.live.clocks), which any match may carry."""
    return {**declared, "terminations": [*declared["terminations"], CLOCK_TERMINATION]}


NO_ENGINE: dict[str, Any] = {"rules_version": None, "variants": [], "ai_behaviours": [], "terminations": []}


class GameListView(ConditionalGetMixin, APIView):
    """The five games, each with its formats (and their sample decks), guilds, card types and calculators."""

    permission_classes = [permissions.AllowAny]

    def last_modified(self, request: Request) -> Any:
        return data_modified(game=None)

    @extend_schema(responses=TypedGameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response([game_info(g) for g in games_with_counts()])


@extend_schema_view(get=extend_schema(responses=card_schema(many=True)))
class CardListView(ConditionalGetMixin, generics.ListAPIView):
    """Card search: `game`, `q` (the query syntax), `set`, `type`, `guild`, `cost_min`, `cost_max`, `rarity`, `order`."""

    serializer_class = CardSerializer
    filterset_class = CardFilter
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> Any:
        return Card.objects.all()

    def last_modified(self, request: Request) -> Any:
        game = request.query_params.get("game")
        return data_modified(game=game if game in SLUGS else None)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # A search answer is kept until any game's cards or charges change (issue 8's load goal).
        return Response(kept_answer(request, answer_stamp(None), lambda: self._search(request)))

    def _filtered_ids(self, request: Request) -> Any:
        """The filter's ids, as DjangoFilterBackend would filter (400 naming a bad parameter)."""
        filterset = self.filterset_class(request.query_params, queryset=self.get_queryset(), request=request)
        if not filterset.is_valid():
            raise translate_validation(filterset.errors)
        return filterset.ids()

    def _search(self, request: Request) -> Any:
        # Count and page on the bare ids (index-only where an index fits), then load the page's cards.
        page = self.paginate_queryset(self._filtered_ids(request))
        return self.get_paginated_response(card_dicts(cards_in_order(page or []), request=request)).data


class CardDetailView(ConditionalGetMixin, APIView):
    """One card with every field, its image URLs and its current charge; staff may replace or delete it."""

    def get_permissions(self) -> list[Any]:
        if self.request.method in permissions.SAFE_METHODS:
            return [permissions.AllowAny()]
        return [permissions.IsAdminUser()]

    def last_modified(self, request: Request) -> Any:
        game = self.kwargs.get("game")
        return data_modified(game=game) if game in SLUGS else None

    def _card(self, game: str, slug: str) -> Card:
        try:
            return card_queryset().get(game__slug=game, slug=slug)
        except Card.DoesNotExist:
            raise NotFound(_("No card %(slug)s in game %(game)s.") % {"slug": repr(slug), "game": repr(game)}) from None

    @extend_schema(responses=card_schema())
    def get(self, request: Request, game: str, slug: str) -> Response:
        # Kept until the game's cards or charges change; a missing card raises, so is never kept.
        build = lambda: card_dicts([self._card(game, slug)], request=request)[0]  # noqa: E731
        return Response(kept_answer(request, answer_stamp(game), build))

    @extend_schema(request=CardWriteSerializer, responses={200: card_schema(), 201: card_schema()})
    def put(self, request: Request, game: str, slug: str) -> Response:
        _check_game(game)
        serializer = CardWriteSerializer(data={**_as_dict(request.data), "slug": slug})
        serializer.is_valid(raise_exception=True)
        existed = Card.objects.filter(game__slug=game, slug=slug).exists()
        _import_one(game, serializer.validated_data)
        code = status.HTTP_200_OK if existed else status.HTTP_201_CREATED
        return Response(card_dicts([self._card(game, slug)], request=request)[0], status=code)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, game: str, slug: str) -> Response:
        card = self._card(game, slug)
        with transaction.atomic():
            card.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class CardCreateView(APIView):
    """Create a card of a game (staff only): the same checks as an import."""

    permission_classes = [permissions.IsAdminUser]

    @extend_schema(request=CardWriteSerializer, responses={201: card_schema()})
    def post(self, request: Request, game: str) -> Response:
        _check_game(game)
        serializer = CardWriteSerializer(data=_as_dict(request.data))
        serializer.is_valid(raise_exception=True)
        slug = serializer.validated_data["slug"]
        if Card.objects.filter(game__slug=game, slug=slug).exists():
            raise ValidationError({"slug": [f"a card {slug!r} exists already in {game}; PUT replaces it"]})
        _import_one(game, serializer.validated_data)
        card = card_queryset().get(game__slug=game, slug=slug)
        return Response(card_dicts([card], request=request)[0], status=status.HTTP_201_CREATED)


class CardImageView(APIView):
    """Upload a card image (staff only): PNG, JPEG or WebP, at most ~40 megapixels; re-encoded, thumbnailed."""

    permission_classes = [permissions.IsAdminUser]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={
            "multipart/form-data": {"type": "object", "properties": {"image": {"type": "string", "format": "binary"}}}
        },
        responses={200: card_schema()},
    )
    def post(self, request: Request, game: str, slug: str) -> Response:
        card = get_object_or_404(Card, game__slug=game, slug=slug)
        upload = request.FILES.get("image")
        if upload is None:
            raise ValidationError({"image": ["send the image as the multipart field 'image'"]})
        card_image_set(card, upload)
        return Response(card_dicts([card_queryset().get(pk=card.pk)], request=request)[0])


class GuildListView(APIView):
    """Guilds and factions, optionally of one game."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("game", OpenApiTypes.STR, description="a game slug")],
        responses={
            200: GuildSerializer(many=True),
            404: OpenApiResponse(ApiErrorSerializer, description="`game` names no game"),
        },
    )
    def get(self, request: Request) -> Response:
        game = request.query_params.get("game") or None
        if game:
            _check_game(game)
        rows = [
            {"game": g.game.slug, "slug": g.slug, "name": g.name, "name_en": g.name_en, "card_count": g.card_count}  # type: ignore[attr-defined]  # annotated by guilds_of
            for g in guilds_of(game=game)
        ]
        return Response(rows)


class CalculatorView(APIView):
    """A rules calculator: what one rule of the game gives for the numbers sent (api.md)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={200: OpenApiTypes.OBJECT},
        exclude=True,  # every known calculator has its own documented route (cards.api.calculators)
    )
    def post(self, request: Request, game: str, name: str) -> Response:
        definition = _check_game(game)
        calculator = definition.calculators.get(name)
        if calculator is None:
            names = ", ".join(sorted(definition.calculators)) or "none"
            raise NotFound(f"{game} has no calculator {name!r} (it has: {names}).")
        if not isinstance(request.data, dict):
            raise ValidationError("send the numbers as a JSON object")
        try:
            return Response(calculator(request.data))
        except CalculatorError as exc:
            raise ValidationError(str(exc)) from None


def _check_game(game: str) -> Any:
    try:
        return get_game(game)
    except UnknownGameError as exc:
        raise NotFound(str(exc)) from None


def _as_dict(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValidationError("send the card as a JSON object")
    return dict(data)


def _import_one(game: str, data: dict[str, Any]) -> None:
    card = {**data, "game": game}
    if card.get("set"):
        card["set"] = {**card["set"], "released": str(card["set"]["released"]) if card["set"].get("released") else None}
    try:
        card_import(cards=[card], game=game, source="request")
    except CardImportError as exc:
        raise ValidationError({p.field: [p.message] for p in exc.problems}) from None
