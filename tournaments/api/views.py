"""The tournaments API (api.md "Tournaments and ratings"). Thin views: serializers read the
request, one service or selector acts; refusals are the services' domain errors, which
``config.exceptions`` answers in the API's one error shape."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import selectors as match_selectors
from engine.api.state_schema import MATCH_STATE
from tournaments import exports, selectors, services
from tournaments.api.serializers import (
    DropSerializer,
    ExportSerializer,
    ListParams,
    RatingParams,
    RatingSerializer,
    RegisterSerializer,
    ResultSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
    TournamentSummarySerializer,
)
from tournaments.errors import Conflict
from tournaments.models import Tournament

CONFLICT = "the tournament is not in a state that allows it (the code says why); nothing changed"
NOT_ORGANISER = "only the organiser may do that"


def tournament_answer(*, tournament_id: int, request: Request, code: int = status.HTTP_200_OK) -> Response:
    """The tournament as the requesting user may see it."""
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    return Response(selectors.tournament_json(tournament=tournament, user=request.user), status=code)


class TournamentListCreateView(GenericAPIView):
    """``GET tournaments/``: public ones and your own, newest first; ``POST``: organise one."""

    permission_classes = (permissions.IsAuthenticatedOrReadOnly,)
    serializer_class = TournamentSummarySerializer
    queryset = Tournament.objects.none()  # for the schema generator; rows come from the selectors

    @extend_schema(parameters=[ListParams], responses={200: TournamentSummarySerializer(many=True)})
    def get(self, request: Request) -> Response:
        params = ListParams(data=request.query_params)
        params.is_valid(raise_exception=True)
        rows = selectors.tournament_list(user=request.user, **params.validated_data)
        page = self.paginate_queryset(rows)
        assert page is not None  # the project always paginates
        return self.get_paginated_response([selectors.tournament_summary(tournament=t) for t in page])

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentSerializer})
    def post(self, request: Request) -> Response:
        form = TournamentCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        clock = data.pop("clock") or {}
        tournament = services.tournament_create(
            organiser=request.user,
            clock_seconds=clock.get("seconds"),
            clock_increment=clock.get("increment", 0),
            **data,
        )
        return tournament_answer(tournament_id=tournament.pk, request=request, code=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    """``GET tournaments/{id}/``: players, pairings, results, standings (lists once finished)."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(responses={200: TournamentSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return tournament_answer(tournament_id=pk, request=request)


class TournamentActionView(APIView):
    """A write on a tournament that answers the tournament: subclasses name the service."""

    permission_classes = (permissions.IsAuthenticated,)
    openapi_errors = {"POST": {403: NOT_ORGANISER, 409: CONFLICT}}

    def act(self, request: Request, pk: int) -> None:
        raise NotImplementedError

    def post(self, request: Request, pk: int) -> Response:
        self.act(request, pk)
        return tournament_answer(tournament_id=pk, request=request)


class RegisterView(TournamentActionView):
    """``POST tournaments/{id}/register/``."""

    openapi_errors = {"POST": {409: "registered already, or registration is closed (the tournament started)"}}

    @extend_schema(
        request=RegisterSerializer,
        responses={200: TournamentSerializer},
        description="The deck is validated in the tournament's format as of its date (the charge list then in "
        "force); an illegal deck answers 400 with code `illegal_deck` and every problem under `problems`. "
        "A legal one is locked as a copy: later edits of the saved deck do not change it.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, request: Request, pk: int) -> None:
        form = RegisterSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.player_register(tournament_id=pk, user=request.user, deck=form.validated_data["deck"])


class StartView(TournamentActionView):
    """``POST tournaments/{id}/start/``: organiser only; pairs round 1."""

    @extend_schema(request=None, responses={200: TournamentSerializer})
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, request: Request, pk: int) -> None:
        services.tournament_start(tournament_id=pk, user=request.user)


class NextRoundView(TournamentActionView):
    """``POST tournaments/{id}/next-round/``: organiser only, once every result is in."""

    @extend_schema(
        request=None,
        responses={200: TournamentSerializer},
        description="409 `results_missing` (with `tables`) while a result of the round is not final; "
        "409 `last_round` once every round is played; 409 `no_pairing` when only rematches are left.",
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, request: Request, pk: int) -> None:
        services.round_next(tournament_id=pk, user=request.user)


class FinishView(TournamentActionView):
    """``POST tournaments/{id}/finish/``: organiser only, once every result is in."""

    @extend_schema(request=None, responses={200: TournamentSerializer})
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, request: Request, pk: int) -> None:
        services.tournament_finish(tournament_id=pk, user=request.user)


class DropView(TournamentActionView):
    """``POST tournaments/{id}/drop/``: leave (before the start: withdraw), or the organiser drops a player."""

    @extend_schema(request=DropSerializer, responses={200: TournamentSerializer})
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, request: Request, pk: int) -> None:
        form = DropSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.player_drop(tournament_id=pk, user=request.user, player=form.validated_data.get("user"))


class ResultView(APIView):
    """``POST tournaments/{id}/pairings/{pairing}/result/``."""

    permission_classes = (permissions.IsAuthenticated,)
    openapi_errors = {"POST": {403: "not a player of this pairing nor the organiser", 409: CONFLICT}}

    @extend_schema(
        request=ResultSerializer,
        responses={200: TournamentSerializer},
        description="`games` is [a's wins, b's wins, draws] (a and b as in the pairing's `players`). A player's "
        "report waits for the other player: the same games confirm it, other games dispute it; the organiser's "
        "is final and decides a dispute. 400 `bad_result` when the games do not fit best-of.",
    )
    def post(self, request: Request, pk: int, pairing: int) -> Response:
        form = ResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.result_report(tournament_id=pk, pairing_id=pairing, user=request.user, **form.validated_data)
        return tournament_answer(tournament_id=pk, request=request)


class PairingMatchView(APIView):
    """``POST tournaments/{id}/pairings/{pairing}/match/``: play the pairing's next game here."""

    permission_classes = (permissions.IsAuthenticated,)
    openapi_errors = {"POST": {403: "not a player of this pairing nor the organiser", 409: CONFLICT}}

    @extend_schema(
        request=None,
        responses={201: MATCH_STATE},
        description="Starts a match with both registered lists, seeded, player a in seat 0 in odd games and b "
        "in even ones, with the tournament's clock. The answer is the match as your seat sees it. Its result "
        "counts by itself: in best of 3, start the next game once one finishes. 409 `match_running` (with "
        "`match`) while one runs; 400 `no_engine` when the format has no rules engine.",
    )
    def post(self, request: Request, pk: int, pairing: int) -> Response:
        match = services.pairing_match_start(tournament_id=pk, pairing_id=pairing, user=request.user)
        match = match_selectors.match_get(match_id=match.pk)
        player = match_selectors.match_default_player(match=match, user=request.user)
        return Response(match_selectors.match_state(match=match, player=player), status=status.HTTP_201_CREATED)


class StandingsCsvView(APIView):
    """``GET tournaments/{id}/standings.csv``."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(operation_id="tournaments_standings_csv", responses={(200, "text/csv"): str})
    def get(self, request: Request, pk: int) -> HttpResponse:
        tournament = selectors.tournament_get(tournament_id=pk)
        response = HttpResponse(exports.standings_csv(tournament=tournament), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="standings-{pk}.csv"'
        return response


class ExportView(APIView):
    """``GET tournaments/{id}/export/``: the finished tournament in ``import_tournaments``' shape."""

    permission_classes = (permissions.AllowAny,)
    openapi_errors = {"GET": {409: "the tournament has not finished"}}

    @extend_schema(responses={200: ExportSerializer})
    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.tournament_get(tournament_id=pk)
        if tournament.status != Tournament.Status.FINISHED:
            raise Conflict("Only a finished tournament is exported.", code=f"tournament_{tournament.status}")
        return Response(exports.tournament_export(tournament=tournament))


class RatingsView(APIView):
    """``GET ratings/?game=``: Elo ratings of a game, highest first."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(parameters=[RatingParams], responses={200: RatingSerializer(many=True)})
    def get(self, request: Request) -> Response:
        params = RatingParams(data=request.query_params)
        params.is_valid(raise_exception=True)
        return Response(selectors.ratings_list(game=params.validated_data["game"]))
