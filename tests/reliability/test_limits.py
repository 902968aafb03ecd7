"""Limits (issue 8 item 7): the 64 KB API body limit covers every /api/ route and runs before anything
reads a body; uploads answer 400/413 at their own limits, never 500; image bombs are refused on the
API and in the admin."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from accounts.models import User
from cards.models import Card, Game
from tests.cards.test_images import bomb_png

LIMIT = 64 * 1024


def routes(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    """Every route below ``patterns`` as a concrete path (ids 1, slugs "kamelo"); format suffixes skipped."""
    for entry in patterns:
        route = prefix + str(entry.pattern).lstrip("^").rstrip("$")
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and "format" not in route:
            route = re.sub(r"<int:\w+>|\(\?P<pk>[^)]*\)", "1", route)
            yield re.sub(r"<(?:\w+:)?\w+>|\(\?P<\w+>[^)]*\)", "kamelo", route).replace("\\", "")


API_ROUTES = sorted({"/" + r for r in routes(get_resolver().url_patterns) if r.startswith("api/")})


def test_the_body_limit_runs_before_any_middleware_that_reads_the_body() -> None:
    chain = settings.MIDDLEWARE
    limit = chain.index("config.middleware.ApiBodyLimitMiddleware")
    assert settings.API_MAX_BODY_BYTES == LIMIT
    assert chain.index("django.middleware.security.SecurityMiddleware") < limit
    assert limit < chain.index("django.middleware.csrf.CsrfViewMiddleware")  # CSRF reads POST for its token
    assert limit < chain.index("django.contrib.sessions.middleware.SessionMiddleware")


def test_the_route_list_covers_the_api() -> None:
    assert len(API_ROUTES) >= 15
    assert {"/api/decks/validate/", "/api/print/", "/api/matches/1/actions/", "/api/collection/import/"} <= set(
        API_ROUTES
    )


@pytest.mark.parametrize("path", API_ROUTES)
def test_every_api_route_refuses_a_body_over_64_kb_with_413(path: str) -> None:
    client = APIClient()
    body = '{"list": "' + "x" * LIMIT + '"}'
    for method in (client.post, client.put, client.patch):
        response = method(path, body, content_type="application/json")
        assert response.status_code == 413, (path, response.status_code)
        assert response.json()["code"] == "payload_too_large" and response.json()["detail"]


@pytest.mark.django_db
def test_uploads_over_their_limits_answer_400_not_500(user_client: APIClient, staff_client: APIClient) -> None:
    big_csv = SimpleUploadedFile("c.csv", b"game,card,count\n" + b"kamelo,kamel,1\n" * 200_000)  # ~3 MB
    answer = user_client.post("/api/collection/import/", {"file": big_csv}, format="multipart")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_csv"
    # Django's own limits: more than DATA_UPLOAD_MAX_NUMBER_FIELDS fields, a form field over 5 MB.
    many = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    assert user_client.post("/api/collection/import/", many, format="multipart").status_code == 400
    huge_field = {"mode": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}
    assert user_client.post("/api/collection/import/", huge_field, format="multipart").status_code == 400


@pytest.fixture
def admin_browser(db: Any, settings: Any, tmp_path: Any) -> Client:
    settings.MEDIA_ROOT = tmp_path
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.org", "pw-root"))
    return client


@pytest.mark.django_db
@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")  # Django's ImageField opens it first
@pytest.mark.parametrize("megapixels", [100, 400])  # above our limit; above twice Pillow's own limit
def test_the_admin_refuses_an_image_bomb_with_a_form_error(admin_browser: Client, megapixels: int) -> None:
    game, _ = Game.objects.get_or_create(slug="kamelo", defaults={"name": "Ka-Mel-Oh!"})
    side = int((megapixels * 1_000_000) ** 0.5)
    form = {
        "game": game.pk,
        "slug": "bombe",
        "name": "Bombe",
        "type": "item",
        "rarity": "",
        "attributes": '{"hk": 1}',
        "effects": "[]",
        "image": SimpleUploadedFile("bombe.png", bomb_png(side, side), content_type="image/png"),
    }
    answer = admin_browser.post("/admin/cards/card/add/", form)
    assert answer.status_code == 200  # the form again, with its errors: not a 500, not a redirect
    assert "image" in answer.context["adminform"].form.errors
    assert not Card.objects.filter(slug="bombe").exists()
