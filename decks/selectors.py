"""Reads of the decks app: who may see which deck, a user's collection, a deck's missing cards."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

from django.db.models import Q, QuerySet

from cards.folding import fold
from decks.models import CollectionItem, Deck
from decks.resolution import card_index, resolve
from decks.validation import deck_validate, format_get, refs_from_text


def deck_list(*, user: Any, public: bool = False) -> QuerySet[Deck]:
    """The user's own decks, or with `public` every public deck (anyone's); never others' private."""
    decks = Deck.objects.select_related("owner")
    if public:
        return decks.filter(public=True)
    if not user.is_authenticated:
        return decks.none()
    return decks.filter(owner=user)


def deck_visible(*, user: Any) -> QuerySet[Deck]:
    """Every deck the user may read: their own and the public ones."""
    mine = Q(owner=user) if user.is_authenticated else Q(pk__in=[])
    return Deck.objects.select_related("owner").filter(mine | Q(public=True))


def deck_validation(*, deck: Deck, as_of: datetime.date | None = None) -> dict[str, Any]:
    """A saved deck's validation (api.md's result shape)."""
    return deck_validate(format_slug=deck.format, text=deck.list, as_of=as_of)


def deck_export_text(*, deck: Deck, list_text: str | None = None) -> str:
    """The deck as text: its name and format as comments (ignored on import), then its list (or
    `list_text`, the same list written otherwise, e.g. by card names)."""
    body = deck.list if list_text is None else list_text
    return f"# {deck.name}\n# {deck.format}\n\n{body.strip()}\n"


def deck_missing_cards(*, deck: Deck, user: Any) -> list[dict[str, Any]]:
    """The cards of a deck that `user`'s collection lacks: `{card, name, needed, owned, missing}`.

    Every section counts (a sideboard is built from cards too); unresolved lines are left to the
    validation, which names them.
    """
    fmt = format_get(deck.format)
    refs, _ = refs_from_text(deck.list)
    entries, _ = resolve(refs, card_index(game=fmt.game))
    needed: dict[str, int] = {}
    names: dict[str, str] = {}
    for entry in entries:
        needed[entry.slug] = needed.get(entry.slug, 0) + entry.count
        names[entry.slug] = str(entry.card["name"])
    owned = dict(
        CollectionItem.objects.filter(owner=user, card__game__slug=fmt.game, card__slug__in=needed).values_list(
            "card__slug", "count"
        )
    )
    rows = [
        {"card": slug, "name": names[slug], "needed": n, "owned": owned.get(slug, 0), "missing": n - owned.get(slug, 0)}
        for slug, n in needed.items()
    ]
    return sorted((r for r in rows if int(str(r["missing"])) > 0), key=lambda r: fold(str(r["name"])))


def collection_list(*, user: Any, game: str | None = None, q: str | None = None) -> QuerySet[CollectionItem]:
    """The user's owned cards, optionally of one game and whose name (de or en) contains `q`."""
    items = CollectionItem.objects.filter(owner=user).select_related("card", "card__game")
    if game:
        items = items.filter(card__game__slug=game)
    if q:
        items = items.filter(Q(card__name_folded__contains=fold(q)) | Q(card__name_en__icontains=q))
    return items


def collection_csv(*, user: Any) -> str:
    """The user's collection as CSV with the header `game,card,count` (card = slug)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "card", "count"])
    for game, slug, count in collection_list(user=user).values_list("card__game__slug", "card__slug", "count"):
        writer.writerow([game, slug, count])
    return out.getvalue()
