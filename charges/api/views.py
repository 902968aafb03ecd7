"""The charges API: the list in force (api.md), diffs, lists, a card's history, pins (admins)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from charges.api.serializers import (
    ChargeListSerializer,
    ChargePinSerializer,
    ChargesAnswer,
    ChargesParams,
    DiffAnswer,
    DiffParams,
    GameParam,
    HistoryAnswer,
)
from charges.conf import CHARGE_GAMES, default_game
from charges.models import ChargeList, ChargePin
from charges.selectors import (
    charge_diff,
    charge_history,
    charge_list_in_force,
    charge_lists,
    charges_in_force,
    charges_modified,
    current_charges_forget,
)
from config.conditional import ConditionalGetMixin

# Empty means the default, as no parameter does (forms send empty fields), so the schema says so.
GAME = OpenApiParameter(
    "game",
    {"type": "string", "enum": [*sorted(CHARGE_GAMES), ""]},
    description=f"game slug (default or empty: {default_game()}; only {', '.join(CHARGE_GAMES)} has charges)",
)
DATE = {"type": "string", "format": "date"}
DATE_OR_EMPTY = {"oneOf": [DATE, {"type": "string", "maxLength": 0}]}


def _params(serializer_class: type, request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class ChargesView(ConditionalGetMixin, APIView):
    """The charge list in force at ``as_of`` (default today), with every card of the game (E6)."""

    permission_classes = [permissions.AllowAny]

    def last_modified(self, request: Request) -> Any:
        params = getattr(self, "_params", None)
        return charges_modified(game=params["game"], as_of=params["as_of"]) if params else None

    @extend_schema(
        parameters=[GAME, OpenApiParameter("as_of", DATE_OR_EMPTY, description="YYYY-MM-DD (default or empty: today)")],
        responses=ChargesAnswer,
    )
    def get(self, request: Request) -> Response:
        params = _params(ChargesParams, request)
        game, as_of = params["game"], params["as_of"] or timezone.localdate()
        self._params = {"game": game, "as_of": as_of}
        charge_list = charge_list_in_force(game=game, as_of=as_of)
        charges = charges_in_force(game=game, as_of=as_of)
        return Response(
            {
                "game": game,
                "date": charge_list.date.isoformat() if charge_list else None,
                "as_of": as_of.isoformat(),
                "list": charge_list.pk if charge_list else None,
                "charges": [{"card": slug, "charge": charges[slug]} for slug in sorted(charges)],
            }
        )


class ChargeDiffView(APIView):
    """Cards whose charge differs between the lists in force at ``from`` and ``to``, with both values."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[GAME, OpenApiParameter("from", DATE, required=True), OpenApiParameter("to", DATE, required=True)],
        responses=DiffAnswer,
    )
    def get(self, request: Request) -> Response:
        params = _params(DiffParams, request)
        game, before, after = params["game"], params["from"], params["to"]
        lists = {key: charge_list_in_force(game=game, as_of=day) for key, day in (("from", before), ("to", after))}
        return Response(
            {
                "game": game,
                "from": {"as_of": before.isoformat(), "date": lists["from"].date if lists["from"] else None},
                "to": {"as_of": after.isoformat(), "date": lists["to"].date if lists["to"] else None},
                "changes": charge_diff(game=game, before=before, after=after),
            }
        )


class ChargeListsView(generics.ListAPIView):
    """The charge lists of a game, newest first (date, id)."""

    permission_classes = [permissions.AllowAny]
    serializer_class = ChargeListSerializer

    @extend_schema(parameters=[GAME])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[ChargeList]:
        return charge_lists(game=_params(GameParam, self.request)["game"]).select_related("game")


class ChargeHistoryView(APIView):
    """A card's charge in every list of its game, oldest first."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[GAME], responses=HistoryAnswer)
    def get(self, request: Request, card_slug: str) -> Response:
        game = _params(GameParam, request)["game"]
        card = get_object_or_404(Card, game__slug=game, slug=card_slug)
        history = [{**row, "date": row["date"].isoformat()} for row in charge_history(card=card)]
        return Response({"game": game, "card": card.slug, "name": card.name, "history": history})


class ChargePinsView(generics.ListCreateAPIView):
    """Administrators' pins and bans (E7): staff only, both to read and to write."""

    permission_classes = [permissions.IsAdminUser]
    serializer_class = ChargePinSerializer
    queryset = ChargePin.objects.select_related("card", "created_by")

    def perform_create(self, serializer: ChargePinSerializer) -> None:  # type: ignore[override]  # its own serializer
        pin = serializer.save(created_by=self.request.user)
        current_charges_forget(game=pin.card.game.slug)
