"""API routes of the printing app."""

urlpatterns: list = []
