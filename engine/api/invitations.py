"""The invitations API (engine.invitations): ``GET invitations/`` (received, or ``?sent=true``),
``POST invitations/{id}/accept/`` and ``POST invitations/{id}/decline/`` (the invitee only)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response

from config.pagination import bool_param
from engine import invitations, services
from engine.models import SeatInvitation


class InvitationSerializer(serializers.Serializer):
    """An invitation to a seat (for the schema; the views answer ``invitation_json``)."""

    id = serializers.IntegerField()
    match = serializers.IntegerField()
    game = serializers.CharField()
    variant = serializers.CharField()
    seat = serializers.IntegerField(min_value=0)
    username = serializers.CharField(help_text="the invited name, as the match's creator wrote it")
    invited_by = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(
        choices=SeatInvitation.Status.choices, help_text="an invitation not answered in time reads declined"
    )
    created = serializers.DateTimeField()
    expires = serializers.DateTimeField()


SENT = OpenApiParameter("sent", bool, description="the invitations of matches you created instead of yours")
ANSWER_ERRORS = {"POST": {404: "no invitation of yours with this id", 409: "answered already, or lapsed"}}


class InvitationListView(GenericAPIView):
    """Your seat invitations, newest first: accept one to take the seat, decline it to leave it."""

    permission_classes = (permissions.IsAuthenticated,)
    serializer_class = InvitationSerializer
    queryset = SeatInvitation.objects.none()  # for the schema generator

    @extend_schema(parameters=[SENT], responses=InvitationSerializer(many=True))
    def get(self, request: Request) -> Response:
        sent = bool_param(request, "sent")
        page = self.paginate_queryset(invitations.invitations_of(user=request.user, sent=sent))
        now = timezone.now()
        return self.get_paginated_response([invitations.invitation_json(row, now=now) for row in page or []])


class InvitationAnswerView(GenericAPIView):
    """Accept or decline an invitation; the last acceptance starts the match."""

    permission_classes = (permissions.IsAuthenticated,)
    serializer_class = InvitationSerializer
    accept = True
    openapi_errors = ANSWER_ERRORS

    @extend_schema(request=None, responses=InvitationSerializer)
    def post(self, request: Request, pk: int, *args: Any) -> Response:
        invitation = services.invitation_answer(user=request.user, invitation_id=pk, accept=self.accept)
        return Response(invitations.invitation_json(invitation))
