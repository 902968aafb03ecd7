"""Pages of the printing app."""

from django.urls import path  # noqa: F401

app_name = "printing"
urlpatterns: list = []
