"""API routes of the accounts app: tokens."""

from django.urls import path

from accounts.api.views import TokenDetailView, TokenListView, TokenView

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/tokens/", TokenListView.as_view(), name="api-tokens"),
    path("auth/tokens/<int:pk>/", TokenDetailView.as_view(), name="api-token-detail"),
]
