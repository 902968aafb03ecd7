"""API routes of the charges app."""

from django.urls import path

from charges.api import views

urlpatterns = [
    path("charges/", views.ChargesView.as_view(), name="charges-list"),
    path("charges/diff/", views.ChargeDiffView.as_view(), name="charges-diff"),
    path("charges/lists/", views.ChargeListsView.as_view(), name="charges-lists"),
    path("charges/pins/", views.ChargePinsView.as_view(), name="charges-pins"),
    path("charges/history/<slug:card_slug>/", views.ChargeHistoryView.as_view(), name="charges-history"),
]
