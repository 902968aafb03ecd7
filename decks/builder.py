"""Reads of the deck builder page: a list's lines as the player's card names, each board row's card
(name, type, charge, preview), the per-game figures beside the deck and the search box's type-ahead.

Slugs stay in URLs and the API; everything a player reads or edits names cards by their name (in
the page's language), except where a name is shared by several cards: there only the slug is
unambiguous, so the slug stays.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Case, IntegerField, Q, Value, When
from django.utils.translation import get_language

from cards.folding import fold
from cards.labels import type_label, value_label
from cards.models import Card, Guild
from cards.search import And, Term, apply_query, parse_query
from decks.messages import translated_problems
from decks.resolution import CardIndex, card_index, card_label, resolve
from decks.services import deck_charges, deck_validate, format_get, refs_from_text
from engine.core.decks import DeckEntry
from engine.core.decks import MaxCopies as MaxCopiesRule
from engine.core.figures import figure_counts
from engine.games import get_game

QUICK_ADD_MAX = 4  # the search results' "+1 ... +N" buttons, N at most this (or the copy limit)


def named_list(text: str, *, game: str, language: str | None = None) -> str:
    """`text` with every card reference that names exactly one card written as that card's name
    (card_label); counts, sections, comments, blank lines and unknown names stay as they are."""
    index = card_index(game=game)
    refs, _ = refs_from_text(text)
    lines = text.splitlines()
    ids = [index.lookup(ref.name) for ref in refs]
    dicts = index.card_dicts(i[0] for i in ids if len(i) == 1)
    for ref, found in zip(refs, ids, strict=True):
        card = dicts.get(found[0]) if len(found) == 1 else None
        if card is None or ref.line is None:
            continue
        label = card_label(card, index, language)
        raw = lines[ref.line - 1]
        at = raw.rfind(ref.name)
        if label != ref.name and at >= 0:
            lines[ref.line - 1] = raw[:at] + label + raw[at + len(ref.name) :]
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def copy_limit(fmt: Any) -> int | None:
    """The format's copy limit (MaxCopies), None when it has none (Ka-Mel-Oh!, K1)."""
    return next((rule.limit for rule in fmt.rules if isinstance(rule, MaxCopiesRule)), None)


def quick_adds(fmt: Any) -> list[int]:
    """The copies the search results' buttons add at once: 1 up to the copy limit (at most 4)."""
    return list(range(1, min(copy_limit(fmt) or QUICK_ADD_MAX, QUICK_ADD_MAX) + 1))


# -- the figures beside the deck, per game ------------------------------------------------------


def _main(entries: Iterable[DeckEntry]) -> list[DeckEntry]:
    return [e for e in entries if e.section != "side"]


def _bars(title: str, counts: Mapping[str, int], *, labels: str = "type") -> dict[str, Any]:
    """One group of the summary: a title and (key, count, share of the biggest) rows."""
    top = max(counts.values(), default=0) or 1
    rows = [{"key": key, "count": n, "percent": round(100 * n / top)} for key, n in counts.items()]
    return {"title": title, "labels": labels, "rows": rows}


def _guild_names(game: str) -> dict[str, str]:
    english = (get_language() or "de").startswith("en")
    rows = Guild.objects.filter(game__slug=game).values_list("slug", "name", "name_en")
    return {slug: (name_en if english and name_en else name) for slug, name, name_en in rows}


def _named(group: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    for row in group["rows"]:
        row["label"] = names.get(row["key"])
    return group


def deck_figures(*, game: str, entries: Iterable[DeckEntry]) -> list[dict[str, Any]]:
    """The builder's summary of the deck proper (not the side): the figures the game declares
    (``GameDefinition.figures``: Ka-Mel-Oh!'s cost curve and genera, Eredan's guilds ...), each row
    labelled in the page's language (guilds by their names, types and values by the game's labels)."""
    main = _main(entries)
    language = get_language() or "de"
    groups = []
    for figure in get_game(game).figures:
        group = _bars(figure.title.text(language), figure_counts(figure, main), labels=figure.labels)
        if figure.labels == "guild":
            _named(group, _guild_names(game))
        elif figure.labels in ("type", "value"):
            label = type_label if figure.labels == "type" else value_label
            _named(group, {row["key"]: label(row["key"], game) for row in group["rows"] if row["key"] != "neutral"})
        groups.append(group)
    return groups


# -- the board ----------------------------------------------------------------------------------


def deck_board(*, format_slug: str, text: str, as_of: datetime.date | None = None) -> dict[str, Any]:
    """The deck builder's view of a list: each line with its card (name, type, charge, preview)
    and its own problems, grouped by section in format order; the verdict's errors and warnings
    apart; the per-game figures and the charge against the format's limit. A section's `count`
    counts the recognised cards, as the verdict does, and `unknown` the copies on lines that name
    no single card. Raises UnknownFormat."""
    verdict = translated_problems(deck_validate(format_slug=format_slug, text=text, as_of=as_of))
    fmt = format_get(format_slug)
    index = card_index(game=fmt.game)
    refs, _ = refs_from_text(text)
    entries, _ = resolve(refs, index, suggest=0)
    charges = deck_charges(format_slug=format_slug) if verdict["summary"].get("charge") is not None else {}
    by_line = {entry.line: entry for entry in entries}
    rows = [_board_row(ref, by_line.get(ref.line), index, verdict["problems"], charges) for ref in refs]
    order = [*fmt.sections, *(r["section"] for r in rows if r["section"] not in fmt.sections)]
    sections = [
        _section(name, [r for r in rows if r["section"] == name])
        for name in dict.fromkeys(order)
        if name in fmt.sections or any(r["section"] == name for r in rows)
    ]
    problems = verdict["problems"]
    return {
        "verdict": verdict,
        "format": fmt,
        "sections": sections,
        "unknown": sum(s["unknown"] for s in sections),
        "errors": [p for p in problems if p["severity"] == "error"],
        "warnings": [p for p in problems if p["severity"] != "error"],
        "figures": deck_figures(game=fmt.game, entries=entries),
        "charge": _charge_bar(verdict["summary"], fmt),
        "quick_adds": quick_adds(fmt),
    }


def _section(name: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    known = sum(r["count"] for r in rows if r["slug"])
    return {"name": name, "rows": rows, "count": known, "unknown": sum(r["count"] for r in rows) - known}


def _board_row(
    ref: Any, entry: DeckEntry | None, index: CardIndex, problems: list[dict[str, Any]], charges: Mapping[str, int]
) -> dict[str, Any]:
    slug = entry.slug if entry is not None else None
    own = [p for p in problems if p.get("line") == ref.line or (slug and slug in (p.get("cards") or ()))]
    card = entry.card if entry is not None else None
    return {
        "count": ref.count,
        "remove": -ref.count,
        "name": card_label(card, index) if card is not None else ref.name,
        "written": ref.name,
        "section": ref.section,
        "line": ref.line,
        "slug": slug,
        "type": card.get("type") if card is not None else None,
        "charge": charges.get(slug) if slug and charges else None,
        "preview": _preview(card),
        "problems": own,
    }


def _charge_bar(summary: Mapping[str, Any], fmt: Any) -> dict[str, Any] | None:
    """The deck's charge against the format's limit (Eredan's quilingo: 500, E6), for the bar."""
    charge, limit = summary.get("charge"), fmt.charge_limit
    if charge is None:
        return None
    if not limit:
        return {"charge": charge, "limit": None}
    return {"charge": charge, "limit": limit, "over": max(0, charge - limit), "left": max(0, limit - charge),
            "percent": min(100, round(100 * charge / limit))}  # fmt: skip


# -- the search box -----------------------------------------------------------------------------


def card_search(*, game: str, q: str, limit: int = 20) -> list[dict[str, Any]]:
    """Cards of `game` for the builder's search box, at most `limit`: names equal to `q` first,
    then names starting with it, then the rest, each in name order.

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
        word = fold(node.source)
        cards = cards.filter(Q(name_folded__contains=word) | Q(name_en__icontains=node.source))
        rank = Case(
            When(name_folded=word, then=Value(0)),
            When(name_en__iexact=node.source, then=Value(0)),
            When(name_folded__startswith=word, then=Value(1)),
            When(name_en__istartswith=node.source, then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        )
        cards = cards.annotate(rank=rank).order_by("rank", "name_folded", "pk")
    else:
        cards = apply_query(cards, q, game=game).order_by("name_folded", "pk")
    rows = cards.values_list("pk", "slug", "name", "type", "cost")[:limit]
    index = card_index(game=game)
    dicts = index.card_dicts(pk for pk, *_ in rows)
    return [
        {"slug": slug, "name": card_label(dicts[pk], index) if pk in dicts else name, "type": type_, "cost": cost,
         "preview": _preview(dicts.get(pk))}
        for pk, slug, name, type_, cost in rows
    ]  # fmt: skip


def with_sections(results: list[dict[str, Any]], *, format_slug: str) -> list[dict[str, Any]]:
    """The search results with the section a quick add puts each card in (Eredan's characters in
    `characters`, every other card in the first other section) and, in a game with charges, the
    card's charge."""
    fmt = format_get(format_slug)
    charges = deck_charges(format_slug=format_slug)
    other = next((s for s in fmt.sections if s != "characters"), fmt.sections[0])
    for card in results:
        card["section"] = "characters" if card["type"] == "character" and "characters" in fmt.sections else other
        card["charge"] = charges.get(card["slug"]) if charges else None
    return results


def _preview(card: Mapping[str, Any] | None) -> str:
    """The URL of a card's picture (its image, else its rendered face) for the hover preview."""
    image = (card or {}).get("image") or {}
    return str(image.get("full") or "")
