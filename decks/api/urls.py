"""API routes of the decks app."""

urlpatterns: list = []
