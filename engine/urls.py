"""Pages of the engine app: the matches (list, a new match of any game, the play page)."""

from django.urls import path

from engine import views

app_name = "matches"
urlpatterns = [
    path("matches/", views.match_list, name="list"),
    path("matches/new/", views.match_new, name="new"),
    path("matches/<int:pk>/", views.match_detail, name="detail"),
    path("matches/<int:pk>/act/", views.match_act, name="act"),
]
