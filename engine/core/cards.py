"""Card schemas: what a valid card of a game is.

A card is handled everywhere as a plain mapping in the shape the API answers
(``../shared/spec/api.md``): ``slug``, ``name``, ``names``, ``type``, ``set``,
``guilds``, ``cost``, ``rarity``, ``unique``, ``evolves_from``, ``text``,
``attributes`` and, for the engines, ``effects`` (a list of small dicts in the
game's documented effect vocabulary).

Each game package declares one :class:`CardSchema`; it is the single place
that says which types, attributes and bounds a card of that game may have.
The Django model, the importer, the admin and the API all call
:meth:`CardSchema.validate`, so they refuse a bad card with the same message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Kind = Literal["int", "str", "bool", "list", "dict"]

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class FieldError:
    """One problem with one field of one card."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


@dataclass(frozen=True)
class Attr:
    """One attribute key of a game's cards: its kind, bounds and the types that need it."""

    key: str
    kind: Kind = "int"
    min: int | None = None
    max: int | None = None
    required_for: frozenset[str] = frozenset()
    choices: tuple[str, ...] = ()
    label: str = ""

    def check(self, value: Any) -> str | None:
        """Return why ``value`` is not acceptable, or None when it is."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"must be a whole number, not {value!r}"
            if self.min is not None and value < self.min:
                return f"{value} is below the minimum {self.min}"
            if self.max is not None and value > self.max:
                return f"{value} is above the maximum {self.max}"
            return None
        expected = {"str": str, "bool": bool, "list": list, "dict": dict}[self.kind]
        if not isinstance(value, expected):
            return f"must be a {self.kind}, not {value!r}"
        if self.choices:
            items = value if isinstance(value, list) else [value]
            bad = [v for v in items if v not in self.choices]
            if bad:
                return f"{bad[0]!r} is not one of {', '.join(self.choices)}"
        return None


@dataclass(frozen=True)
class CardSchema:
    """The card vocabulary of one game: types, attribute keys with bounds, cost bounds."""

    game: str
    types: tuple[str, ...]
    attributes: tuple[Attr, ...]
    rarities: tuple[str, ...] = ("common", "uncommon", "rare", "very_rare", "unique", "promo")
    guilds: tuple[str, ...] = ()
    cost_min: int | None = 0
    cost_max: int | None = None
    cost_required_for: frozenset[str] = frozenset()
    extra_checks: tuple[Any, ...] = field(default=())

    @property
    def numeric_keys(self) -> tuple[str, ...]:
        """Attribute keys that hold whole numbers (searchable with <, >= ...)."""
        return tuple(a.key for a in self.attributes if a.kind == "int")

    def attr(self, key: str) -> Attr | None:
        """The attribute declared under ``key``, if any."""
        return next((a for a in self.attributes if a.key == key), None)

    def validate(self, card: Mapping[str, Any]) -> list[FieldError]:
        """Every problem of ``card`` at once, one per field (an empty list: valid)."""
        errors = self._check_identity(card)
        errors += self._check_cost(card)
        errors += self._check_attributes(card)
        for check in self.extra_checks:
            errors += check(card)
        return errors

    def _check_identity(self, card: Mapping[str, Any]) -> list[FieldError]:
        errors: list[FieldError] = []
        slug = card.get("slug")
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            errors.append(FieldError("slug", f"{slug!r} is not a slug (a-z, 0-9 and single hyphens)"))
        if not isinstance(card.get("name"), str) or not card.get("name", "").strip():
            errors.append(FieldError("name", "a card needs a name"))
        if card.get("type") not in self.types:
            errors.append(FieldError("type", f"{card.get('type')!r} is not one of {', '.join(self.types)}"))
        rarity = card.get("rarity") or "common"
        if rarity not in self.rarities:
            errors.append(FieldError("rarity", f"{rarity!r} is not one of {', '.join(self.rarities)}"))
        guilds = card.get("guilds") or []
        if not isinstance(guilds, list):
            errors.append(FieldError("guilds", "must be a list of guild slugs"))
        else:
            unknown = [g for g in guilds if g not in self.guilds]
            if unknown:
                known = ", ".join(self.guilds) or "none in this game"
                errors.append(FieldError("guilds", f"{unknown[0]!r} is not a guild of {self.game} ({known})"))
        return errors

    def _check_cost(self, card: Mapping[str, Any]) -> list[FieldError]:
        cost = card.get("cost")
        if cost is None:
            if card.get("type") in self.cost_required_for:
                return [FieldError("cost", f"a {card.get('type')} card needs a cost")]
            return []
        bounds = Attr("cost", "int", self.cost_min, self.cost_max)
        problem = bounds.check(cost)
        return [FieldError("cost", problem)] if problem else []

    def _check_attributes(self, card: Mapping[str, Any]) -> list[FieldError]:
        attributes = card.get("attributes") or {}
        if not isinstance(attributes, Mapping):
            return [FieldError("attributes", "must be an object")]
        errors: list[FieldError] = []
        declared = {a.key for a in self.attributes}
        for key in sorted(set(attributes) - declared):
            errors.append(FieldError(f"attributes.{key}", f"unknown attribute for {self.game}"))
        ctype = card.get("type")
        for attr in self.attributes:
            if attr.key not in attributes or attributes[attr.key] is None:
                if ctype in attr.required_for:
                    errors.append(FieldError(f"attributes.{attr.key}", f"a {ctype} card needs {attr.key}"))
                continue
            problem = attr.check(attributes[attr.key])
            if problem:
                errors.append(FieldError(f"attributes.{attr.key}", problem))
        return errors


class CardValidationError(ValueError):
    """A card that its game's schema refuses; ``errors`` holds one entry per field."""

    def __init__(self, slug: str, errors: list[FieldError]) -> None:
        self.slug = slug
        self.errors = errors
        super().__init__(f"{slug}: " + "; ".join(str(e) for e in errors))
