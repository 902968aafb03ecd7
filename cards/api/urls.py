"""API routes of the cards app (api.md)."""

from django.urls import path

from cards.api import views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<slug:game>/calc/<slug:name>/", views.CalculatorView.as_view(), name="api-calc"),
    path("cards/", views.CardListView.as_view(), name="api-cards"),
    path("cards/<slug:game>/", views.CardCreateView.as_view(), name="api-card-create"),
    path("cards/<slug:game>/<slug:slug>/", views.CardDetailView.as_view(), name="api-card"),
    path("cards/<slug:game>/<slug:slug>/image/", views.CardImageView.as_view(), name="api-card-image"),
    path("guilds/", views.GuildListView.as_view(), name="api-guilds"),
]
