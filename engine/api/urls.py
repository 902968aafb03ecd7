"""API routes of the engine app: the matches (api.md "Matches")."""

from django.urls import path

from engine.api.invitations import InvitationAnswerView, InvitationListView
from engine.api.views import MatchActionView, MatchDetailView, MatchListCreateView, MatchLogView

urlpatterns = [
    path("matches/", MatchListCreateView.as_view(), name="match-list"),
    path("matches/<int:pk>/", MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/actions/", MatchActionView.as_view(), name="match-actions"),
    path("matches/<int:pk>/log/", MatchLogView.as_view(), name="match-log"),
    path("invitations/", InvitationListView.as_view(), name="invitation-list"),
    path("invitations/<int:pk>/accept/", InvitationAnswerView.as_view(accept=True), name="invitation-accept"),
    path("invitations/<int:pk>/decline/", InvitationAnswerView.as_view(accept=False), name="invitation-decline"),
]
