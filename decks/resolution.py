"""Deck-list names to cards: by slug or exact name (German or English), case- and accent-insensitive.

A game's names are read in one query and kept per process until the data changes
(`stamps.data_stamp`: a version token bumped on commit by card and charge signals), so
validating a deck usually costs no query at all. Bulk inserts of cards send no signal: a name that
resolves to nothing makes the index check the database once more. An unknown or ambiguous name is
a problem, never a guess (api.md).
"""

from __future__ import annotations

import difflib
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language

from cards.models import Card
from engine.core.decks import DeckEntry, ListLine, Violation, ambiguous_card, fold, unknown_card
from stamps import data_changed, data_stamp, rows_stamp

SUGGESTIONS = 3
SUGGESTED_NAMES_MAX = 20  # unknown names per request whose message suggests the nearest names
SEEN_MAX = 20_000


# One requested card: how many, a slug or a name, which section, and where it came from (the
# engine's list line; the `cards` form of a request and the print sources make them too).
CardRef = ListLine


@dataclass
class CardIndex:
    """The names of one game's cards: slug -> id, folded name (de and en) -> ids, and card dicts."""

    game: str
    by_slug: dict[str, int] = field(default_factory=dict)
    by_name: dict[str, list[int]] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)
    slugs: dict[int, str] = field(default_factory=dict)
    parents: dict[str, str] = field(default_factory=dict)
    rows: tuple[Any, ...] = ()
    memo: dict[Any, Any] = field(default_factory=dict)  # other copies that live as long as the index
    _dicts: dict[int, Mapping[str, Any]] = field(default_factory=dict)
    _seen: dict[str, tuple[int, ...]] = field(default_factory=dict)  # references as written -> ids

    def add(self, pk: int, slug: str, name: str, name_en: str, parent: str | None = None) -> None:
        """Index one card under its slug and both of its names (and its evolution parent, E2)."""
        self.by_slug[slug] = pk
        self.slugs[pk] = slug
        if parent:
            self.parents[slug] = parent
        for label in {name, name_en} - {""}:
            folded = fold(label)
            ids = self.by_name.setdefault(folded, [])
            if pk not in ids:
                ids.append(pk)
            self.display.setdefault(folded, label)

    def lookup(self, ref: str) -> tuple[int, ...]:
        """The ids a reference names: its slug exactly, else every card whose folded name matches.

        An exact slug wins over names, so that the `ambiguous_card` advice (write the slug) works
        even when a slug happens to fold to another card's name.
        """
        seen = self._seen.get(ref)
        if seen is None:
            seen = self._lookup(ref)
            if len(self._seen) >= SEEN_MAX:  # references are the clients' text: keep the memo bounded
                self._seen.clear()
            self._seen[ref] = seen
        return seen

    def _lookup(self, ref: str) -> tuple[int, ...]:
        ref = ref.strip()
        if ref in self.by_slug:
            return (self.by_slug[ref],)
        return tuple(self.by_name.get(fold(ref), ()))

    def nearest(self, ref: str) -> list[str]:
        """The closest card names to an unknown reference (for the `unknown_card` message)."""
        matches = difflib.get_close_matches(fold(ref), list(self.by_name), n=SUGGESTIONS, cutoff=0.6)
        return [self.display[m] for m in matches]

    def card_dicts(self, ids: Iterable[int]) -> dict[int, Mapping[str, Any]]:
        """The kept API dicts by id, once those of ``ids`` not yet kept are fetched (one query);
        a card deleted meanwhile is missing. Shared: never change the answer."""
        kept = self._dicts
        wanted = [pk for pk in ids if pk not in kept] or ()
        if wanted:
            cards = Card.objects.filter(pk__in=wanted).select_related("game", "set", "evolves_from")
            for card in cards.prefetch_related("guilds"):
                kept[card.pk] = card.to_dict()
        return kept


def card_label(card: Mapping[str, Any], index: CardIndex, language: str | None = None) -> str:
    """The name a player reads for `card`: its name in the page's language (German unless the page
    is English), the German one when the English is missing, or the slug when that name also names
    another card (a list must name exactly one)."""
    names = card.get("names") or {}
    language = (language or get_language() or "de")[:2]
    slug = str(card["slug"])
    for label in (names.get(language), card.get("name")):
        if label and len(index.lookup(str(label))) == 1 and index.lookup(str(label)) == index.lookup(slug):
            return str(label)
    return slug


_CACHE: dict[str, tuple[tuple[Any, ...], CardIndex]] = {}
_LOCK = threading.Lock()


def card_index(*, game: str, stamp: tuple[Any, ...] | None = None) -> CardIndex:
    """The name index of a game's cards, rebuilt only when the data changed (``data_stamp``; pass
    it when you hold one)."""
    stamp = stamp or data_stamp(game=game)
    with _LOCK:
        cached = _CACHE.get(game)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    return _build(game, stamp)


def _build(game: str, stamp: tuple[Any, ...]) -> CardIndex:
    index = CardIndex(game=game, rows=rows_stamp(game))
    cards = Card.objects.filter(game__slug=game)
    for row in cards.values_list("pk", "slug", "name", "name_en", "evolves_from__slug").order_by("pk"):
        index.add(*row)
    with _LOCK:
        _CACHE[game] = (stamp, index)
    return index


def card_index_recheck(index: CardIndex) -> CardIndex:
    """After a name found no card: the index rebuilt when the database's cards moved since it was
    built (a bulk insert sends no signal, so the version token may not know), else ``index``."""
    if rows_stamp(index.game) == index.rows:
        return index
    data_changed()  # once committed, for the other processes and the other copies keyed by the token
    return _build(index.game, data_stamp(game=index.game))


def resolve(
    refs: Iterable[CardRef], index: CardIndex, *, suggest: int = SUGGESTED_NAMES_MAX
) -> tuple[list[DeckEntry], list[Violation]]:
    """Deck entries for the references that name exactly one card, a problem for every other.

    Only the first ``suggest`` unknown names get the nearest names in their message: each costs a
    comparison with every name of the game, and a 64 KB list of made-up names took seconds."""
    found: list[tuple[CardRef, int]] = []
    problems: list[Violation] = []
    for ref in refs:
        ids = index.lookup(ref.name)
        if len(ids) == 1:
            found.append((ref, ids[0]))
        elif ids:
            problems.append(ambiguous_card(ref.name, sorted(index.slugs[i] for i in ids), ref.line))
        else:
            problems.append(unknown_card(ref.name, index.nearest(ref.name) if suggest > 0 else [], ref.line))
            suggest -= 1
    dicts = index.card_dicts(pk for _, pk in found)
    entries: list[DeckEntry] = []
    for ref, pk in found:
        card = dicts.get(pk)
        if card is None:  # deleted since the index was built
            problems.append(unknown_card(ref.name, [], ref.line))
        else:
            entries.append(DeckEntry(card, ref.count, ref.section, ref.line))
    return entries, problems
