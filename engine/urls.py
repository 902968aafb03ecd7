"""Pages of the engine app."""

from django.urls import path  # noqa: F401

app_name = "engine"
urlpatterns: list = []
