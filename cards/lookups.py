"""Card lookups by name for API clients (issue 19 item 12; api.md "Bulk data and lookups"), in the
shapes of Scryfall's, which card-tool authors know: autocomplete, one card by a fuzzy or exact
name, and many cards by identifier in one call.

Names are folded (cards.folding) so case and accents never matter; German and English names both
count. A game's names are read in one query and kept per process until its data changes
(``stamps.data_stamp``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cards.folding import fold
from cards.models import Card
from stamps import data_stamp, kept

AUTOCOMPLETE_MAX = 20
COLLECTION_MAX = 75
NEAREST_MAX = 5
FUZZY_CUTOFF = 0.75  # how alike a fuzzy name and the card's must be (difflib's ratio) to count as a match


@dataclass(frozen=True)
class NameIndex:
    """One game's names: folded name -> (display name, card ids), slug -> id, in name order."""

    names: dict[str, tuple[str, tuple[int, ...]]] = field(default_factory=dict)
    slugs: dict[str, int] = field(default_factory=dict)

    def by_name(self, name: str) -> tuple[int, ...]:
        held = self.names.get(fold(name.strip()))
        return held[1] if held else ()

    def nearest(self, name: str, count: int = NEAREST_MAX) -> list[str]:
        """The display names closest to ``name`` (difflib's ratio, best first)."""
        close = difflib.get_close_matches(fold(name.strip()), list(self.names), n=count, cutoff=0.5)
        return [self.names[key][0] for key in close]


def name_index(*, game: str) -> NameIndex:
    """The kept names of ``game`` (rebuilt when its data changes)."""
    return kept(("card-names", game), data_stamp(game=game), lambda: _build(game))


def _build(game: str) -> NameIndex:
    names: dict[str, tuple[str, tuple[int, ...]]] = {}
    slugs: dict[str, int] = {}
    rows = (
        Card.objects.filter(game__slug=game).order_by("name_folded", "pk").values_list("pk", "slug", "name", "name_en")
    )
    for pk, slug, name, name_en in rows:
        slugs[slug] = pk
        for label in dict.fromkeys(n for n in (name, name_en) if n):
            display, ids = names.get(fold(label), (label, ()))
            names[fold(label)] = (display, (*ids, pk) if pk not in ids else ids)
    return NameIndex(names=dict(sorted(names.items())), slugs=slugs)


def card_autocomplete(*, game: str, q: str) -> list[str]:
    """At most 20 names of ``game`` for what a user has typed: the exact name first, then names
    that begin with it, then names with a later word that begins with it, each in name order."""
    wanted = fold(q.strip())
    if not wanted:
        return []
    exact, prefix, word = [], [], []
    for key, (display, _ids) in name_index(game=game).names.items():
        if key == wanted:
            exact.append(display)
        elif key.startswith(wanted):
            prefix.append(display)
        elif f" {wanted}" in f" {key}".replace("-", " "):
            word.append(display)
    return list(dict.fromkeys([*exact, *prefix, *word]))[:AUTOCOMPLETE_MAX]


@dataclass(frozen=True)
class Named:
    """What a name lookup found: the card's id, or none and the nearest names."""

    card: int | None
    nearest: list[str]
    ambiguous: bool = False


def card_named(*, game: str, name: str, fuzzy: bool) -> Named:
    """The card of ``game`` called ``name``: exactly (folded) or, with ``fuzzy``, the closest one
    (a unique name that begins with it, else the nearest by similarity). Several cards of one name
    (or several names beginning with it) are ambiguous: no card, and their names."""
    index = name_index(game=game)
    ids = index.by_name(name) or ((index.slugs[name.strip()],) if name.strip() in index.slugs else ())
    if len(ids) == 1:
        return Named(card=ids[0], nearest=[])
    if ids:
        return Named(card=None, nearest=[index.names[fold(name.strip())][0]], ambiguous=True)
    if not fuzzy:
        return Named(card=None, nearest=index.nearest(name))
    wanted = fold(name.strip())
    starting = [(display, ids) for key, (display, ids) in index.names.items() if key.startswith(wanted)]
    if len(starting) == 1 and len(starting[0][1]) == 1:
        return Named(card=starting[0][1][0], nearest=[])
    if len(starting) > 1:
        return Named(card=None, nearest=[display for display, _ in starting[:NEAREST_MAX]], ambiguous=True)
    close = index.nearest(name)
    best = index.names[fold(close[0])] if close else None
    similar = best is not None and difflib.SequenceMatcher(None, wanted, fold(close[0])).ratio() >= FUZZY_CUTOFF
    if best is not None and similar and len(best[1]) == 1:
        return Named(card=best[1][0], nearest=[])
    return Named(card=None, nearest=close)


def cards_collection(identifiers: Iterable[Mapping[str, Any]]) -> tuple[list[int], list[Mapping[str, Any]]]:
    """The ids of the cards that ``{"game", "card": slug}`` or ``{"game", "name"}`` identifiers name,
    in request order, and the identifiers that name no card (or several) of a known game."""
    found: list[int] = []
    not_found: list[Mapping[str, Any]] = []
    for identifier in identifiers:
        index = name_index(game=str(identifier["game"]))
        if "card" in identifier:
            pk = index.slugs.get(str(identifier["card"]))
            ids: tuple[int, ...] = (pk,) if pk is not None else ()
        else:
            ids = index.by_name(str(identifier["name"]))
        if len(ids) == 1:
            found.append(ids[0])
        else:
            not_found.append(identifier)
    return found, not_found
