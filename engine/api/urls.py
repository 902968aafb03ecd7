"""API routes of the engine app."""

urlpatterns: list = []
