"""Pages of the live matches (the WebSocket route is in engine.live.routing)."""

from django.urls import path

from engine.live import views

app_name = "live"
urlpatterns = [
    path("matches/<int:pk>/replay/", views.match_replay, name="replay"),
    path("matches/<int:pk>/public/", views.match_public, name="public"),
    path("matches/seats/<int:invitation>/take/", views.seat_take, name="take"),
    path("matches/invitations/<int:invitation>/<str:answer>/", views.invitation_reply, name="reply"),
]
