"""The benchmark's urlconf: the real URLs plus a bare DRF endpoint, the baseline of bench/search.py."""

from __future__ import annotations

from typing import Any

from django.urls import path
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as site_urlpatterns

BARE_ROWS = [{"game": "kamelo", "slug": f"card-{i}", "name": f"Karte {i}"} for i in range(30)]


class BareView(APIView):
    """A DRF endpoint that touches no database: what any API request costs at least."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response({"count": len(BARE_ROWS), "next": None, "previous": None, "results": BARE_ROWS})


urlpatterns = [path("bench/bare/", BareView.as_view()), *site_urlpatterns]
