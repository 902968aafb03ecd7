"""Bulk data (issue 19 item 12; api.md "Bulk data and lookups"): one JSON file per game, every card
in the API's card shape, as Scryfall's bulk files are.

A file is built when first asked for and kept per process until the game's data changes
(``stamps.data_stamp``), together with its gzip copy, its size and an ETag (a hash of the bytes,
so every process names the same content alike). Card links are absolute, so a file is kept per
host and language (face links carry the language).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Max
from django.utils.translation import get_language

from cards.models import Card
from cards.selectors import card_dicts, card_queryset
from stamps import data_stamp, kept


@dataclass(frozen=True)
class BulkFile:
    """One game's file: its bytes, their gzip copy, ETag and the newest card change it holds."""

    game: str
    body: bytes
    gzipped: bytes
    etag: str
    updated: datetime | None

    @property
    def size(self) -> int:
        return len(self.body)


def bulk_file(*, game: str, request: Any) -> BulkFile:
    """The kept bulk file of ``game`` for this request's host and language."""
    key = ("bulk", game, request.build_absolute_uri("/"), get_language())
    return kept(key, data_stamp(game=game), lambda: _build(game, request))


def _build(game: str, request: Any) -> BulkFile:
    cards = card_queryset().filter(game__slug=game).order_by("name_folded", "pk")
    body = json.dumps(card_dicts(cards, request=request), ensure_ascii=False, separators=(",", ":")).encode()
    updated = Card.objects.filter(game__slug=game).aggregate(newest=Max("updated"))["newest"]
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    return BulkFile(game=game, body=body, gzipped=gzip.compress(body, 6, mtime=0), etag=etag, updated=updated)
