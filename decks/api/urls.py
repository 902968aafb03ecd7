"""API routes of the decks app: `decks/validate/`, `decks/`, `collection/` (api.md)."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from decks.api.views import CollectionViewSet, DeckValidateView, DeckViewSet

router = SimpleRouter()
router.register("decks", DeckViewSet, basename="deck")
router.register("collection", CollectionViewSet, basename="collection")

urlpatterns = [
    path("decks/validate/", DeckValidateView.as_view(), name="deck-validate"),
    *router.urls,
]
