"""Pages of the tournaments app."""

from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="detail"),
    path("tournaments/<int:pk>/register/", views.tournament_register, name="register"),
    path("tournaments/<int:pk>/pairings/<int:pairing>/result/", views.pairing_result, name="result"),
    path("tournaments/<int:pk>/pairings/<int:pairing>/match/", views.pairing_match, name="match"),
    path("tournaments/<int:pk>/<str:action>/", views.tournament_control, name="control"),
    path("ratings/", views.rating_list, name="ratings"),
]
