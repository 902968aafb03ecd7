"""Pages of the charges app."""

from django.urls import path  # noqa: F401

app_name = "charges"
urlpatterns: list = []
