"""Card images: PNG/JPEG/WebP only, decompression bombs refused before decoding, re-encoded, thumbnailed."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework.test import APIClient

from cards.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(tmp_path, settings):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def card(staff_client: APIClient) -> Card:
    body = {"slug": "bildkamel", "name": "Bildkamel", "type": "item", "cost": 1, "attributes": {"hk": 2}}
    assert staff_client.post("/api/cards/kamelo/", body, format="json").status_code == 201
    return Card.objects.get(slug="bildkamel")


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "orange").save(out, "PNG")
    return out.getvalue()


def bomb_png(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims width x height pixels (compresses to a few KB)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = zlib.compress(b"\x00" * (width // 8 + 1) * 100, 9)
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def upload(client: APIClient, data: bytes, name: str = "x.png"):  # type: ignore[no-untyped-def]
    file = SimpleUploadedFile(name, data, content_type="application/octet-stream")
    return client.post("/api/cards/kamelo/bildkamel/image/", {"image": file}, format="multipart")


def test_staff_uploads_an_image_which_is_reencoded_with_a_thumbnail(staff_client: APIClient, card: Card) -> None:
    original = png(630, 880) + b"trailing bytes hidden after the image"
    response = upload(staff_client, original)
    assert response.status_code == 200, response.json()
    card.refresh_from_db()
    stored = card.image.read()
    assert stored != original and b"trailing bytes" not in stored
    assert Image.open(card.thumb.path).size[1] <= 340
    assert "/media/" in response.json()["image"]["full"]


def test_a_decompression_bomb_is_refused_before_decoding(staff_client: APIClient, card: Card) -> None:
    data = bomb_png(10_000, 10_000)  # 100 megapixels claimed
    assert len(data) < 20_000
    response = upload(staff_client, data)
    assert response.status_code == 400
    assert "megapixels" in response.json()["detail"]
    card.refresh_from_db()
    assert not card.image


@pytest.mark.parametrize("data", [b"GIF89a" + b"\x00" * 100, b"not an image at all"])
def test_other_formats_and_garbage_are_refused(staff_client: APIClient, card: Card, data: bytes) -> None:
    assert upload(staff_client, data, "x.gif").status_code == 400


def test_only_staff_may_upload(user_client: APIClient, api_client: APIClient, card: Card) -> None:
    assert upload(user_client, png(10, 10)).status_code == 403
    assert upload(api_client, png(10, 10)).status_code in (401, 403)


def test_an_upload_declared_larger_than_the_ceiling_answers_413_unread(
    staff_client: APIClient, card: Card, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.API_MAX_UPLOAD_BYTES = 1000
    response = upload(staff_client, png(200, 200) + b"\0" * 2000)
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"
