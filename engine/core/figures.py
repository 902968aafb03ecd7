"""The figures the deck builder shows beside a deck, declared per game (``GameDefinition.figures``):
each a group of bars counting the deck proper's cards by what :class:`Figure` names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from engine.core.decks import DeckEntry
from engine.core.labels import Label

Counts = Literal["types", "cost", "guilds", "attribute"]


@dataclass(frozen=True)
class Figure:
    """One group of bars: its heading, what it counts, and how the page labels a row.

    ``counts``: ``types`` (cards per type), ``cost`` (per price, every price from 0 to the dearest),
    ``guilds`` (per guild, ``neutral`` for none) or ``attribute`` (per value of the attribute
    ``key``; a list counts each item). ``labels``: ``type``, ``number``, ``guild`` or ``value``.
    ``by_key``: rows in key order (stages 1, 2, 3) instead of the most frequent first (ties: an
    attribute's by value, types and guilds in the deck's order).
    """

    title: Label
    counts: Counts
    key: str = ""
    labels: str = "type"
    by_key: bool = False


TYPES = Figure(Label("Types", "Typen"), "types")


def figure_counts(figure: Figure, entries: Iterable[DeckEntry]) -> dict[str, int]:
    """The rows of ``figure`` for ``entries`` (the deck proper): key -> number of cards, in order."""
    counts: Counter[str] = Counter()
    for entry in entries:
        for key in _keys(figure, entry):
            counts[key] += entry.count
    if figure.counts == "cost":
        prices = [int(key) for key in counts]
        return {str(c): counts[str(c)] for c in range(0, max(prices, default=-1) + 1)}
    if figure.by_key:
        return dict(sorted(counts.items()))
    if figure.counts == "attribute":
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return dict(counts.most_common())  # ties in the deck's order


def _keys(figure: Figure, entry: DeckEntry) -> list[str]:
    if figure.counts == "types":
        return [entry.type or "?"]
    if figure.counts == "cost":
        cost = entry.card.get("cost")
        return [str(cost)] if isinstance(cost, int) else []
    if figure.counts == "guilds":
        return [str(guild) for guild in entry.card.get("guilds") or ["neutral"]]
    value = (entry.card.get("attributes") or {}).get(figure.key)
    return [str(item) for item in (value if isinstance(value, list | tuple) else [value]) if item is not None]
