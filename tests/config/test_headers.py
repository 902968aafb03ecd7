"""Security headers on every answer (issue 19 item 9): CSP, Permissions-Policy, Vary and no-store."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


def test_pages_allow_scripts_only_from_this_origin() -> None:
    policy = directives(Client().get("/"))
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy["script-src"] and "unsafe-eval" not in policy["script-src"]


def test_the_print_preview_may_be_framed_by_this_origin_only() -> None:
    response = Client().get("/print/preview/")
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    assert directives(response)["frame-ancestors"] == "'self'"


def test_every_answer_denies_powerful_features() -> None:
    for response in (Client().get("/"), APIClient().get("/api/guilds/")):
        policy = response["Permissions-Policy"]
        assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy


def test_a_signed_in_api_answer_is_never_stored(user_client: APIClient) -> None:
    response = user_client.get("/api/decks/")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"


def test_a_session_signed_in_api_answer_is_never_stored(user: User) -> None:
    client = Client()
    client.force_login(user)
    assert client.get("/api/collection/")["Cache-Control"] == "no-store"


def test_an_answer_with_a_bad_token_is_never_stored() -> None:
    response = APIClient().get("/api/games/", HTTP_AUTHORIZATION="Token nonsense")
    assert response["Cache-Control"] == "no-store"


def test_an_anonymous_api_answer_may_be_cached_but_varies_with_credentials() -> None:
    response = APIClient().get("/api/guilds/")
    assert "no-store" not in response.get("Cache-Control", "")
    vary = {v.strip() for v in response["Vary"].split(",")}
    assert {"Authorization", "Cookie"} <= vary
