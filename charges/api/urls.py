"""API routes of the charges app."""

urlpatterns: list = []
