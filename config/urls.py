"""URL configuration: pages at the root, the REST API under /api/ (api.md)."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from cards.views import favicon, home

api_patterns: list[URLPattern | URLResolver] = [
    path("", include("cards.api.urls")),
    path("", include("accounts.api.urls")),
    path("", include("decks.api.urls")),
    path("", include("charges.api.urls")),
    path("", include("printing.api.urls")),
    path("", include("engine.api.urls")),
    path("", include("tournaments.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI and Redoc from drf-spectacular-sidecar (no CDN), inside the site's layout; the
    # split view serves Swagger's start script as a file (the CSP allows no inline script).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
    path("redoc/", SpectacularRedocView.as_view(url_name="schema", template_name="api/redoc.html"), name="api-redoc"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include(api_patterns)),
    path("accounts/", include("accounts.urls")),
    path("favicon.ico", favicon),
    path("", home, name="home"),
    path("", include("cards.urls")),
    path("", include("decks.urls")),
    path("", include("charges.urls")),
    path("", include("printing.urls")),
    path("", include("engine.urls")),
    path("", include("engine.live.urls")),
    path("", include("tournaments.urls")),
]
handler404 = "config.exceptions.not_found"  # JSON for /api/ (the schema promises JSON errors)
handler500 = "config.exceptions.server_error"

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
