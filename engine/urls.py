"""Pages of the engine app: the matches (list, new match against the AI, the play page)."""

from django.urls import path  # noqa: F401

app_name = "matches"
urlpatterns: list = []
