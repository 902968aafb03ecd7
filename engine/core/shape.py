"""What a game's match state looks like, declared as data for the API's documentation.

Every state carries the keys api.md "Matches of every game" fixes (the adapter knows those); a
game declares only its own: the keys of the state besides ``players`` and the keys of each player
besides ``hand``, ``hand_count``, ``deck_count`` and ``points``. The adapter (``engine.api.
state_schema``) turns a :class:`StateShape` into the OpenAPI components ``<Game>State`` and
``<Game>Player``; an :class:`Obj` becomes the component ``<Game><name>``. Documentation only:
the engine's view is the truth, and every object may carry more keys than it lists.

Rules calculators declare their request and answer as JSON Schema dicts, built with :func:`obj`,
:func:`ints` and :func:`array` (``CalculatorShape``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Field:
    """One key of a state: its help text and whether it may be null."""

    help: str = ""
    nullable: bool = False


@dataclass(frozen=True, kw_only=True)
class Int(Field):
    """A whole number, at least ``min`` when given."""

    min: int | None = None


@dataclass(frozen=True, kw_only=True)
class Text(Field):
    """A string."""


@dataclass(frozen=True, kw_only=True)
class Flag(Field):
    """A boolean."""


@dataclass(frozen=True)
class Choice(Field):
    """One of a few strings."""

    choices: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Card(Field):
    """A card as the state shows it (an object with an ``id`` where the viewer may see it)."""


@dataclass(frozen=True, kw_only=True)
class Cards(Field):
    """A list of cards as the state shows them."""


@dataclass(frozen=True, kw_only=True)
class Dict(Field):
    """An object whose keys the schema does not list."""


@dataclass(frozen=True, kw_only=True)
class Anything(Field):
    """Any JSON value."""


@dataclass(frozen=True)
class SeatOr(Field):
    """A seat's index, or one of a few words (muhq's ``"kraken"``)."""

    words: tuple[str, ...]


@dataclass(frozen=True)
class ListOf(Field):
    """A list of ``item``, at most ``max_length`` long when given."""

    item: Field
    max_length: int | None = None


@dataclass(frozen=True)
class Obj(Field):
    """An object with named keys; the schema names it ``<Game><name>``."""

    name: str
    fields: Mapping[str, Field]


@dataclass(frozen=True)
class StateShape:
    """A game's own keys: of the state (besides ``players``) and of each player."""

    state: Mapping[str, Field] = field(default_factory=dict)
    player: Mapping[str, Field] = field(default_factory=dict)


JSONSchema = dict[str, Any]
INT: JSONSchema = {"type": "integer"}
BOOL: JSONSchema = {"type": "boolean"}


@dataclass(frozen=True)
class CalculatorShape:
    """A rules calculator's request and answer, as JSON Schema (api.md "Rules calculators")."""

    request: JSONSchema
    answer: JSONSchema


def obj(properties: Mapping[str, JSONSchema], required: list[str] | None = None, **extra: Any) -> JSONSchema:
    """A JSON Schema object with ``properties`` (and ``required`` keys, and any ``extra`` keywords)."""
    schema: JSONSchema = {"type": "object", "properties": dict(properties), **extra}
    if required:
        schema["required"] = required
    return schema


def ints(*names: str) -> dict[str, JSONSchema]:
    """Integer properties named ``names``."""
    return {name: INT for name in names}


def array(items: JSONSchema, **extra: Any) -> JSONSchema:
    """A JSON Schema array of ``items``."""
    return {"type": "array", "items": items, **extra}
