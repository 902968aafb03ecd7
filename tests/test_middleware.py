"""The API body limit (config.middleware): declared and streamed lengths, only under /api/."""

from __future__ import annotations

import io

from django.http import HttpResponse
from django.test import RequestFactory

from config.middleware import ApiBodyLimitMiddleware

LIMIT = 64 * 1024


def echo(request):
    return HttpResponse(str(len(request.body)))


def run(path: str, body: bytes, *, declared: int | None = None, content_type: str = "application/json"):
    request = RequestFactory().generic("POST", path, data=body, content_type=content_type)
    if declared is not None:
        request.META["CONTENT_LENGTH"] = str(declared)
        request._stream = io.BytesIO(body)  # a chunked body whose length nobody declared
    return ApiBodyLimitMiddleware(echo)(request)


def test_it_refuses_a_declared_length_over_the_limit():
    assert run("/api/decks/validate/", b"x" * (LIMIT + 1)).status_code == 413


def test_it_refuses_a_stream_longer_than_its_declared_length():
    assert run("/api/decks/validate/", b"x" * (LIMIT + 10), declared=0).status_code == 413


def test_it_hands_a_body_within_the_limit_to_the_view():
    response = run("/api/decks/validate/", b"x" * LIMIT)
    assert response.status_code == 200
    assert response.content == str(LIMIT).encode()


def test_it_leaves_pages_and_uploads_alone():
    assert run("/decks/", b"x" * (LIMIT + 1)).status_code == 200
    assert (
        run("/api/collection/import/", b"x" * (LIMIT + 1), content_type="multipart/form-data; boundary=b").status_code
        == 200
    )
