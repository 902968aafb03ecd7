"""API routes of the accounts app."""

from django.urls import path

from accounts.api.views import TokenView

urlpatterns = [path("auth/token/", TokenView.as_view(), name="api-token")]
