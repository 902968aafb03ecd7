"""The WebSocket routes (config/asgi.py)."""

from django.urls import path

from engine.live.consumers import MatchConsumer

websocket_urlpatterns = [path("ws/matches/<int:pk>/", MatchConsumer.as_asgi())]
