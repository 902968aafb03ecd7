"""The matches API (api.md "Matches"). Thin views: serializers read, engine.services/selectors act.

Who may do what: signed-in users create matches and list their own; anyone may spectate a match
(``GET matches/{id}/`` without ``player``: no hand, deck order or face-down card is shown); only a
seat's user sees that seat's view and acts for it. The log answers everyone what they may see:
while the match runs, the seed and other seats' decks are withheld and other seats' hiding actions
show as the table saw them; once it is finished, the whole log (seed and every action).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.pagination import single_param
from engine import selectors, services
from engine.api import log_pages
from engine.api.serializers import (
    ActionSubmitSerializer,
    DeckErrorSerializer,
    ErrorSerializer,
    MatchCreateSerializer,
    MatchLogSerializer,
    MatchSummarySerializer,
    idempotency_key_param,
    player_param,
)
from engine.api.state_schema import MATCH_STATE, match_create_examples
from engine.live import clocks, lobby
from engine.models import Match

ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="a malformed request"),
    401: OpenApiResponse(ErrorSerializer, description="not signed in"),
    403: OpenApiResponse(ErrorSerializer, description="not allowed"),
    404: OpenApiResponse(ErrorSerializer, description="no such match"),
}
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": 255},
    OpenApiParameter.HEADER,
    description="A repeated key with the same body replays the first answer; with another body: 422.",
)
REPLAYED = OpenApiParameter(
    "Idempotent-Replayed",
    {"type": "string", "enum": ["true"]},
    OpenApiParameter.HEADER,
    response=[200],
    description="present when the answer replays the first answer to this Idempotency-Key",
)
PLAYER = OpenApiParameter(
    "player",
    {"type": "integer", "minimum": 0},
    description="The seat whose view to answer (only its user may ask); omitted: a spectator's view.",
)


class MatchListCreateView(GenericAPIView):
    """``GET matches/``: the signed-in user's matches; ``POST matches/``: create one."""

    permission_classes = (permissions.IsAuthenticated,)
    serializer_class = MatchSummarySerializer
    queryset = Match.objects.none()  # for the schema generator; the rows come from selectors.match_list

    @extend_schema(responses={200: MatchSummarySerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(selectors.match_list(user=request.user))
        assert page is not None  # the project always paginates
        return self.get_paginated_response([selectors.match_summary(match=m) for m in page])

    @extend_schema(
        request=MatchCreateSerializer,
        examples=match_create_examples(),
        responses={
            201: MATCH_STATE,
            400: OpenApiResponse(DeckErrorSerializer, description="unknown game/variant/user/deck, or an illegal deck"),
            **{k: v for k, v in ERRORS.items() if k != 400 and k != 404},
        },
        description="Create a match; the answer is the state as the creator's seat sees it (spectator view "
        "when the creator plays no seat). With a human seat, AI seats that begin act before the answer "
        "returns; a match of computers only answers at once and plays itself in the background (poll "
        "`GET matches/{id}/`). A bad option answers 400 with code `bad_option` and the `option`'s name. "
        "`clock` gives both seats of a two-seat match a time budget (the state's `clock` shows it; the seat "
        "whose time runs out loses, termination `time`); `public` lists the match for everyone.",
    )
    def post(self, request: Request) -> Response:
        form = MatchCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        arguments = dict(form.validated_data)
        clock, public = arguments.pop("clock"), arguments.pop("public")
        match = services.match_create(user=request.user, **arguments)
        clock_pair = None if clock is None else (clock["seconds"], clock["increment"])
        lobby.match_setup(match=match, clock=clock_pair, public=public)
        match = selectors.match_get(match_id=match.pk)
        player = selectors.match_default_player(match=match, user=request.user)
        return Response(selectors.match_state(match=match, player=player), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """``GET matches/{id}/?player=N``: the state as seat N (or a spectator) may see it."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(parameters=[PLAYER], responses={200: MATCH_STATE, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        player = player_param(single_param(request, "player"))  # given twice: 400, not the last one
        clocks.clock_check(match_id=pk)  # a clock that ran out ends the match before it is read
        match = selectors.match_get(match_id=pk)
        selectors.match_check_view(match=match, user=request.user, player=player)
        return Response(selectors.match_state(match=match, player=player))


class MatchActionView(APIView):
    """``POST matches/{id}/actions/``: one action, applied atomically; the AI answers before it returns."""

    permission_classes = (permissions.IsAuthenticated,)

    @extend_schema(
        request=ActionSubmitSerializer,
        parameters=[IDEMPOTENCY_KEY, REPLAYED],
        responses={
            200: MATCH_STATE,
            **ERRORS,
            409: OpenApiResponse(ErrorSerializer, description="a stale version: nothing changed"),
            422: OpenApiResponse(ErrorSerializer, description="the Idempotency-Key was used with another body"),
        },
        description="An action not legal now answers 400 (code `illegal_action`) with the engine's reason.",
    )
    def post(self, request: Request, pk: int) -> Response:
        form = ActionSubmitSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        answer = services.match_submit_action(
            match_id=pk,
            user=request.user,
            idempotency_key=idempotency_key_param(request.headers.get("Idempotency-Key")),
            body_hash=services.request_hash(match_id=pk, data=request.data),
            **form.validated_data,
        )
        headers = {"Idempotent-Replayed": "true"} if answer.replayed else None
        return Response(answer.body, status=answer.status, headers=headers)


class MatchLogView(APIView):
    """``GET matches/{id}/log/``: the seed and every accepted action, in order (replayable)."""

    permission_classes = (permissions.AllowAny,)

    @extend_schema(
        parameters=log_pages.PARAMETERS,
        responses={200: MatchLogSerializer, **ERRORS},
        description="While the match runs: `seed` null, the decks of seats you do not hold null, other seats' "
        "actions that hide information as the table saw them. Once it is finished: everything, for everyone. "
        "At most 5000 actions per answer: `next` links the following page.",
    )
    def get(self, request: Request, pk: int) -> Response:
        match = selectors.match_get(match_id=pk)
        return Response(log_pages.log_page(selectors.match_log(match=match, user=request.user), request))
