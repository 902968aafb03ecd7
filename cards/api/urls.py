"""API routes of the cards app."""

urlpatterns: list = []
