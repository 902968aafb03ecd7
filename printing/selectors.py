"""Reads of the printing app: which cards a print request names, and whose jobs are whose.

Card names go through the decks app's resolution (slug or exact name, case- and accent-
insensitive; an unknown or ambiguous name is refused, never guessed). The decks app is imported
lazily, so the print shop still prints plain card lists while that app is missing or broken.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import QuerySet

from cards.models import Card
from decks import resolution, validation
from decks import selectors as deck_selectors
from decks.models import Deck
from printing.models import PrintJob
from printing.pdf import PrintCard

MAX_CARDS = 3000


class SourceError(ValueError):
    """A print request whose cards cannot be read; the message names each offending entry."""


def _resolve(game: str, refs: Sequence[Any], problems: Sequence[Any]) -> list[tuple[dict[str, Any], int]]:
    """(card dict, count) for every reference of ``game``; SourceError listing every problem."""
    entries, unresolved = resolution.resolve(refs, resolution.card_index(game=game))
    errors = [p for p in (*problems, *unresolved) if getattr(p, "severity", "error") == "error"]
    if errors:
        raise SourceError(" ".join(str(p.message) for p in errors))
    return [(dict(entry.card), int(entry.count)) for entry in entries]


def cards_from_list(*, format_slug: str, text: str) -> list[tuple[dict[str, Any], int]]:
    """The cards of a deck list (api.md's list syntax) in the format's game."""
    try:
        game = validation.format_get(format_slug).game
    except validation.UnknownFormat as exc:
        raise SourceError(str(exc)) from None
    refs, problems = validation.refs_from_text(text)
    return _resolve(game, refs, problems)


def cards_from_refs(items: Iterable[Mapping[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """The cards of ``[{"game", "card", "count"}]`` (card: slug or exact name), in request order."""
    by_game: dict[str, list[Any]] = {}
    order: list[tuple[str, int]] = []
    for item in items:
        refs = by_game.setdefault(str(item["game"]), [])
        order.append((str(item["game"]), len(refs)))
        refs.append(resolution.CardRef(int(item["count"]), str(item["card"])))
    resolved = {game: _resolve(game, refs, ()) for game, refs in by_game.items()}
    return [resolved[game][i] for game, i in order]


def deck_for_user(*, user: Any, deck_id: int) -> Any:
    """The user's own saved deck ``deck_id``, or None (another user's deck is as good as absent)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Deck.objects.filter(owner=user, pk=deck_id).first()


def cards_from_deck(*, deck: Any, user: Any, missing: bool) -> list[tuple[dict[str, Any], int]]:
    """A saved deck's cards, or with ``missing`` only the copies ``user``'s collection lacks."""
    if not missing:
        return cards_from_list(format_slug=deck.format, text=deck.list)
    rows = deck_selectors.deck_missing_cards(deck=deck, user=user)
    refs = [resolution.CardRef(int(row["missing"]), str(row["card"])) for row in rows]
    return _resolve(deck.game, refs, ()) if refs else []


def print_cards(counted: Sequence[tuple[dict[str, Any], int]]) -> list[PrintCard]:
    """Every copy as a PrintCard, with the card's image file where it has one."""
    total = sum(count for _card, count in counted)
    if total > MAX_CARDS:
        raise SourceError(f"{total} cards are too many for one print; at most {MAX_CARDS}")
    images = _image_paths({(str(card["game"]), str(card["slug"])) for card, _count in counted})
    return [
        PrintCard(card=card, image=images.get((str(card["game"]), str(card["slug"]))))
        for card, count in counted
        for _copy in range(count)
    ]


def _image_paths(keys: set[tuple[str, str]]) -> dict[tuple[str, str], Path]:
    """Local files of the cards that have an uploaded image (one query)."""
    slugs = {slug for _game, slug in keys}
    rows = Card.objects.filter(slug__in=slugs).exclude(image="").values_list("game__slug", "slug", "image")
    paths: dict[tuple[str, str], Path] = {}
    for game, slug, name in rows:
        if (game, slug) in keys:
            try:
                paths[(game, slug)] = Path(default_storage.path(name))
            except NotImplementedError:  # remote storage: print the vector face instead
                continue
    return paths


def cards_from_stored(pairs: Iterable[Sequence[str]]) -> list[PrintCard]:
    """PrintCards for a job's stored ``[game, slug]`` pairs (cards deleted since are skipped)."""
    pairs = [(str(game), str(slug)) for game, slug in pairs]
    wanted = set(pairs)
    rows = Card.objects.filter(slug__in={slug for _g, slug in wanted}).select_related("game", "set", "evolves_from")
    dicts = {
        (c.game.slug, c.slug): c.to_dict() for c in rows.prefetch_related("guilds") if (c.game.slug, c.slug) in wanted
    }
    counted = [(dicts[key], 1) for key in pairs if key in dicts]
    return print_cards(counted)


def print_job_for_user(*, user: Any, pk: int) -> PrintJob | None:
    """The job ``pk`` if ``user`` owns it; None for anyone else (who must not learn it exists)."""
    return print_jobs_of(user=user).filter(pk=pk).first()


def print_jobs_of(*, user: Any) -> QuerySet[PrintJob]:
    """The user's print jobs, newest first (none for an anonymous user)."""
    if not getattr(user, "is_authenticated", False):
        return PrintJob.objects.none()
    return PrintJob.objects.filter(owner=user)
