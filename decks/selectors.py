"""Reads of the decks app: who may see which deck, a user's collection, a deck's missing cards."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

from django.db.models import Q, QuerySet

from cards.folding import fold
from cards.models import Card
from cards.search import And, Term, apply_query, parse_query
from decks.models import CollectionItem, Deck
from decks.resolution import card_index, resolve
from decks.services import deck_validate, format_get, refs_from_text


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


def deck_export_text(*, deck: Deck) -> str:
    """The deck as text: its name and format as comments (ignored on import), then its list."""
    return f"# {deck.name}\n# {deck.format}\n\n{deck.list.strip()}\n"


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
    return sorted((r for r in rows if r["missing"] > 0), key=lambda r: fold(r["name"]))


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


def deck_board(*, format_slug: str, text: str, as_of: datetime.date | None = None) -> dict[str, Any]:
    """The deck builder's view of a list: each line with its card and its own problems, grouped by
    section in format order, and the verdict's errors and warnings apart. Raises UnknownFormat."""
    verdict = deck_validate(format_slug=format_slug, text=text, as_of=as_of)
    fmt = format_get(format_slug)
    index = card_index(game=fmt.game)
    refs, _ = refs_from_text(text)
    rows = [_board_row(ref, index, verdict["problems"]) for ref in refs]
    order = [*fmt.sections, *(r["section"] for r in rows if r["section"] not in fmt.sections)]
    sections = [
        {"name": name, "rows": [r for r in rows if r["section"] == name]}
        for name in dict.fromkeys(order)
        if name in fmt.sections or any(r["section"] == name for r in rows)
    ]
    for section in sections:
        section["count"] = sum(r["count"] for r in section["rows"])
    problems = verdict["problems"]
    return {
        "verdict": verdict,
        "format": fmt,
        "sections": sections,
        "errors": [p for p in problems if p["severity"] == "error"],
        "warnings": [p for p in problems if p["severity"] != "error"],
    }


def _board_row(ref: Any, index: Any, problems: list[dict[str, Any]]) -> dict[str, Any]:
    ids = index.lookup(ref.name)
    slug = index.slugs[ids[0]] if len(ids) == 1 else None
    own = [p for p in problems if p.get("line") == ref.line or (slug and slug in (p.get("cards") or ()))]
    return {
        "count": ref.count,
        "name": ref.name,
        "section": ref.section,
        "line": ref.line,
        "slug": slug,
        "problems": own,
    }


def card_search(*, game: str, q: str, limit: int = 20) -> list[dict[str, str]]:
    """Cards of `game` for the builder's search box, at most `limit`, in name order.

    `q` takes the gallery's query syntax (api.md, `cards.search`), always within `game`. A single
    plain word keeps the builder's own meaning: a substring of the name, German or English, where
    the syntax would match word starts in names and texts. Raises `QuerySyntaxError` naming the
    offending term.
    """
    node = parse_query(q)
    if node == And(()):  # nothing to search for: blank, or only control characters
        return []
    cards = Card.objects.filter(game__slug=game)
    if isinstance(node, Term):
        word = node.source
        cards = cards.filter(Q(name_folded__contains=fold(word)) | Q(name_en__icontains=word))
    else:
        cards = apply_query(cards, q, game=game)
    return [
        {"slug": slug, "name": name, "type": type_}
        for slug, name, type_ in cards.order_by("name_folded", "pk").values_list("slug", "name", "type")[:limit]
    ]
