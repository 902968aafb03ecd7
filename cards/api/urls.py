"""API routes of the cards app (api.md)."""

from django.urls import path

from cards.api import bulk, views
from cards.api.calculators import calculator_routes

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-games"),
    *calculator_routes(views.CalculatorView),  # documented one by one; the route below serves any other
    path("games/<slug:game>/calc/<slug:name>/", views.CalculatorView.as_view(), name="api-calc"),
    path("cards/", views.CardListView.as_view(), name="api-cards"),
    # before cards/<game>/: these names are no game
    path("cards/collection/", bulk.CardCollectionView.as_view(), name="api-cards-collection"),
    path("cards/autocomplete/", bulk.CardAutocompleteView.as_view(), name="api-cards-autocomplete"),
    path("cards/named/", bulk.CardNamedView.as_view(), name="api-cards-named"),
    path("bulk/", bulk.BulkListView.as_view(), name="api-bulk"),
    path("bulk/<slug:game>.json", bulk.BulkFileView.as_view(), name="api-bulk-file"),
    path("cards/<slug:game>/", views.CardCreateView.as_view(), name="api-card-create"),
    path("cards/<slug:game>/<slug:slug>/", views.CardDetailView.as_view(), name="api-card"),
    path("cards/<slug:game>/<slug:slug>/image/", views.CardImageView.as_view(), name="api-card-image"),
    path("guilds/", views.GuildListView.as_view(), name="api-guilds"),
]
