"""Types of the match adapter's seam: who asks, and how a request names decks and seats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

User: TypeAlias = AbstractBaseUser | AnonymousUser
DeckRef: TypeAlias = int | str | Mapping[str, str]  # a saved deck's id, or an inline {format, list}
PlayerSpec: TypeAlias = Mapping[str, object]  # {"kind": "human", "user": ...} or {"kind": "ai", "behaviour": ...}
Options: TypeAlias = Mapping[str, object]  # match options, checked by the game's declarations
