"""The project's URLs plus one API view and one page that fail, for the handler500 tests, and an
API view whose statement PostgreSQL cancels at a short statement_timeout."""

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from config.urls import handler404
from config.urls import urlpatterns as project_patterns

handler500 = "config.exceptions.server_error"


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


@api_view(["GET"])
@permission_classes([AllowAny])
def slow(request: Request) -> Response:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL statement_timeout = 50")
        cursor.execute("SELECT pg_sleep(2)")
    return Response({"slept": True})


urlpatterns = [path("api/boom/", boom), path("boom/", boom), path("api/slow/", slow), *project_patterns]
__all__ = ["handler404", "handler500", "urlpatterns"]
