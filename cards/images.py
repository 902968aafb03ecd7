"""Card image checks: format, size and pixel limits before decoding, re-encoding, thumbnails.

A 12 KB PNG can decode to 100 megapixels and half a gigabyte, so the pixel count is read from the
header (Pillow's `open` does not decode) and refused above `CARD_IMAGE_MAX_PIXELS` before `load()`.
Every accepted image is decoded and re-encoded, which drops metadata and anything hidden after the
image data; the stored file is always one of PNG, JPEG or WebP.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from PIL import Image, ImageOps, UnidentifiedImageError

if TYPE_CHECKING:
    from cards.models import Card

FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}


@dataclass(frozen=True)
class ProcessedImage:
    """The re-encoded full image and its thumbnail, ready for ImageField.save()."""

    full: ContentFile[bytes]
    thumb: ContentFile[bytes]
    extension: str
    size: tuple[int, int]


def image_process(upload: IO[bytes]) -> ProcessedImage:
    """Check and re-encode an uploaded card image; raises ValidationError saying what is wrong."""
    data = upload.read(settings.CARD_IMAGE_MAX_BYTES + 1)
    if len(data) > settings.CARD_IMAGE_MAX_BYTES:
        raise ValidationError(
            f"The image is larger than {settings.CARD_IMAGE_MAX_BYTES // (1024 * 1024)} MB.", code="too_large"
        )
    image = _open_checked(data)
    fmt = image.format or ""
    try:
        image.load()
        image = ImageOps.exif_transpose(image)
    except (OSError, Image.DecompressionBombError, ValueError) as exc:
        raise ValidationError(f"The image cannot be decoded: {exc}", code="bad_image") from None
    full = _encode(image, fmt)
    thumb_image = image.copy()
    thumb_image.thumbnail(settings.CARD_THUMB_SIZE)
    return ProcessedImage(ContentFile(full), ContentFile(_encode(thumb_image, fmt)), FORMATS[fmt], image.size)


def _open_checked(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its own limit and twice it: our limit (below) decides.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (UnidentifiedImageError, OSError):
        raise ValidationError("Not an image (PNG, JPEG or WebP expected).", code="bad_image") from None
    except Image.DecompressionBombError:
        raise ValidationError("The image has too many pixels.", code="too_many_pixels") from None
    if image.format not in FORMATS:
        raise ValidationError(f"{image.format} images are not accepted (PNG, JPEG or WebP).", code="bad_format")
    width, height = image.size
    limit = settings.CARD_IMAGE_MAX_PIXELS
    if width * height > limit:
        raise ValidationError(
            f"The image is {width}x{height} = {width * height / 1e6:.1f} megapixels; at most {limit / 1e6:.0f} are accepted.",
            code="too_many_pixels",
        )
    return image


def _encode(image: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    if fmt == "JPEG":
        image.convert("RGB").save(out, "JPEG", quality=90, optimize=True)
    elif fmt == "WEBP":
        image.save(out, "WEBP", quality=90)
    else:
        if image.mode not in ("RGB", "RGBA", "L", "LA", "P"):
            image = image.convert("RGBA")
        image.save(out, "PNG", optimize=True)
    return out.getvalue()


def card_image_set(card: Card, upload: IO[bytes]) -> None:
    """Store a checked, re-encoded image and its thumbnail on `card`."""
    processed = image_process(upload)
    name = f"{card.slug}.{processed.extension}"
    card.image.save(name, processed.full, save=False)
    card.thumb.save(name, processed.thumb, save=False)
    card.save(update_fields=["image", "thumb", "updated"])
