"""The blank twin of a card (tests/engine/card_effects.py): the card without its effects, or, for
a card without effects, with its numbers at the other end of the schema's bounds; and how a match
comes to hold it: dealt from the decks (``_with_twin``), or, for an engine that deals its own copy
of its cards, written into the dealt state (``twin_into``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.base import BaseMatch
from engine.core.cards import CardSchema
from engine.core.definition import GameDefinition
from engine.core.match import DeckCard
from tests.engine.card_hosts import engine_of, plain_hosts

Path = tuple[Any, ...]


def _other_end(value: int, low: int | None, high: int | None) -> int:
    """A number at the other end of its bounds: the lowest, or the highest when it is the lowest."""
    bottom = 0 if low is None else low
    if value != bottom:
        return bottom
    return high if high is not None else value + 1


def twins(card: Mapping[str, Any], schema: CardSchema) -> list[tuple[str, dict[str, Any]]]:
    """The card's blank twins, each named, in the order they are tried: its ``text`` (no effects),
    then its ``body`` (every whole number of its attributes at the other end of the schema's
    bounds, which an engine may rely on: a stage is 1-6)."""
    found = [("text", {**card, "effects": []})] if card.get("effects") else []
    specs = {a.key: a for a in schema.attributes}
    attributes = dict(card.get("attributes") or {})
    for key, value in attributes.items():
        if isinstance(value, int) and not isinstance(value, bool):
            spec = specs.get(key)
            attributes[key] = _other_end(value, *((spec.min, spec.max) if spec else (None, None)))
    if attributes != (card.get("attributes") or {}):
        found.append(("body", {**card, "attributes": attributes}))
    return found


def with_twin(decks: Sequence[Sequence[DeckCard]], slug: str, blank: Mapping[str, Any]) -> list[list[DeckCard]]:
    return [[DeckCard(blank, d.count, d.section) if d.card["slug"] == slug else d for d in deck] for deck in decks]


def entry_paths(data: Any, slug: str, path: Path = ()) -> Iterator[Path]:
    """Where a state keeps the card's definition: every mapping with its slug and ``effects``."""
    if isinstance(data, Mapping):
        if data.get("slug") == slug and "effects" in data:
            yield path
            return
        for key, value in data.items():
            yield from entry_paths(value, slug, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from entry_paths(value, slug, (*path, index))


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _written(entry: Mapping[str, Any], parent: Any, blank: Mapping[str, Any]) -> dict[str, Any]:
    """The twin's entry when the engine dealt its own copy of the card, not the deck's: a field of
    the card or of its attributes takes the twin's value; a field the engine derived (neither) and
    that holds something, the value it has for a card without effects (an entry beside it in the
    catalog, else empty)."""
    values = parent.values() if isinstance(parent, Mapping) else parent
    plain = next((e for e in values if isinstance(e, Mapping) and e.get("effects") == []), {})
    attributes = blank.get("attributes") or {}
    written = {}
    for key, value in entry.items():
        if key in blank:
            written[key] = blank[key]
        elif key in attributes:
            written[key] = attributes[key]
        elif not value:
            written[key] = value  # nothing came of the effects here
        elif key in plain:
            written[key] = plain[key]
        else:
            written[key] = type(value)() if isinstance(value, bool | int | float | str | list) else None
    return written


def twin_into(b: BaseMatch, a: BaseMatch, paths: Sequence[Path], blank: Mapping[str, Any]) -> str:
    """Make sure the twin's match holds the twin; say so when it had to be written in."""
    if all(at(b.state, p) != at(a.state, p) for p in paths):
        return ""
    for path in paths:
        parent = at(b.state, path[:-1])
        parent[path[-1]] = _written(parent[path[-1]], parent, blank)
    return " (the engine dealt its own copy of the card: the twin was written into its state)"


@dataclass(frozen=True)
class Entries:
    """The card's definition in a state as the engine makes it, and its twin's: where a catalog
    keeps it (``catalog``: the path of the mapping from slugs to entries), both entries."""

    catalog: Path
    real: Any
    blank: Any


def entries(definition: GameDefinition, card: Mapping[str, Any], blank: Mapping[str, Any]) -> Entries:
    """Deal the card (its first plain host) and its twin, and read their definitions."""
    host = plain_hosts(definition, card)[0]
    engine, slug = engine_of(definition), str(card["slug"])
    a = engine.new_match(host.decks, variant=host.variant, seed=1, options={})
    b = engine.new_match(with_twin(host.decks, slug, blank), variant=host.variant, seed=1, options={})
    path = next(entry_paths(a.state, slug))
    twin_into(b, a, [path], blank)
    return Entries(path[:-1], at(a.state, path), at(b.state, path))
