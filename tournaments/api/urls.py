"""API routes of the tournaments app (api.md "Tournaments and ratings")."""

from django.urls import path

from tournaments.api import views

urlpatterns = [
    path("tournaments/", views.TournamentListCreateView.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", views.TournamentDetailView.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/register/", views.RegisterView.as_view(), name="tournament-register"),
    path("tournaments/<int:pk>/start/", views.StartView.as_view(), name="tournament-start"),
    path("tournaments/<int:pk>/next-round/", views.NextRoundView.as_view(), name="tournament-next-round"),
    path("tournaments/<int:pk>/finish/", views.FinishView.as_view(), name="tournament-finish"),
    path("tournaments/<int:pk>/drop/", views.DropView.as_view(), name="tournament-drop"),
    path("tournaments/<int:pk>/standings.csv", views.StandingsCsvView.as_view(), name="tournament-standings-csv"),
    path("tournaments/<int:pk>/export/", views.ExportView.as_view(), name="tournament-export"),
    path("tournaments/<int:pk>/pairings/<int:pairing>/result/", views.ResultView.as_view(), name="tournament-result"),
    path(
        "tournaments/<int:pk>/pairings/<int:pairing>/match/", views.PairingMatchView.as_view(), name="tournament-match"
    ),
    path("ratings/", views.RatingsView.as_view(), name="ratings"),
]
