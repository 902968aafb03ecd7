"""The project's URLs plus one API view and one page that fail, for the handler500 tests."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler404
from config.urls import urlpatterns as project_patterns

handler500 = "config.exceptions.server_error"


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [path("api/boom/", boom), path("boom/", boom), *project_patterns]
__all__ = ["handler404", "handler500", "urlpatterns"]
