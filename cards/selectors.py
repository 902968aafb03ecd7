"""Reads of the cards app."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import datetime
from typing import Any, TypeVar

from django.db.models import Count, Max, QuerySet
from django.utils.translation import get_language

from cards.models import Card, Game, Guild
from stamps import data_stamp, data_stamp_all, kept

T = TypeVar("T")
ChargeSource = Callable[..., dict[str, int]]
_CHARGES: list[ChargeSource] = []


def register_charge_source(source: ChargeSource) -> None:
    """Where card answers get today's charges (``source(game=...)``: slug -> charge, {} for a game
    without). The charges app registers itself at start-up, so cards never imports charges."""
    _CHARGES[:] = [source]


def current_charges(*, game: str) -> dict[str, int]:
    """Today's charges of ``game``'s cards from the registered source ({} without one)."""
    return _CHARGES[0](game=game) if _CHARGES else {}


ModifiedSource = Callable[..., "datetime | None"]
_MODIFIED: list[ModifiedSource] = []


def register_modified_source(source: ModifiedSource) -> None:
    """What else changes card answers, and when it last did (``source(game=...)``: the charges
    app's newest list, pin or list coming into force), registered at start-up."""
    _MODIFIED[:] = [source]


def data_modified(*, game: str | None) -> datetime | None:
    """When ``game``'s card answers (None: any game's) last changed: the newest card edit or
    charge change, for ``Last-Modified``. Kept per process until the data stamp moves."""
    stamp = answer_stamp(game)
    return kept(("data-modified", game), stamp, lambda: _data_modified(game))


def _data_modified(game: str | None) -> datetime | None:
    cards = Card.objects.filter(game__slug=game) if game else Card.objects.all()
    moments = [cards.aggregate(newest=Max("updated"))["newest"]]
    games = [game] if game else list(Game.objects.values_list("slug", flat=True))
    moments += [source(game=g) for source in _MODIFIED for g in games]
    return max((m for m in moments if m is not None), default=None)


ANSWERS_KEPT = 2048  # card and search answers kept per process (least recently used go first)
_ANSWERS: OrderedDict[Hashable, tuple[Hashable, Any]] = OrderedDict()
_ANSWERS_LOCK = threading.Lock()


def card_queryset() -> QuerySet[Card]:
    """Cards with everything `Card.to_dict()` touches loaded in a fixed number of queries."""
    return Card.objects.select_related("game", "set", "evolves_from").prefetch_related("guilds")


def cards_in_order(ids: Any) -> list[Card]:
    """The cards of `ids` in that order, loaded as `card_queryset()` loads them.

    Search pages pick their ids with a narrow query (no joins, no wide rows: an index can answer
    it and sort it), then load just those cards; `ids` may be a page of a `values_list("pk")`.
    """
    ids = list(ids)
    found = card_queryset().in_bulk(ids)
    return [found[pk] for pk in ids if pk in found]


def card_get(*, game: str, slug: str) -> Card:
    """One card by game and slug; raises Card.DoesNotExist."""
    return card_queryset().get(game__slug=game, slug=slug)


def games_with_counts() -> QuerySet[Game]:
    """The games in display order, each annotated with its number of cards."""
    return Game.objects.annotate(card_count=Count("cards")).order_by("position")


def guilds_of(*, game: str | None) -> QuerySet[Guild]:
    """The guilds of a game (all games when None)."""
    qs = Guild.objects.select_related("game").annotate(card_count=Count("cards"))
    return qs.filter(game__slug=game) if game else qs


def evolution_line(card: Card) -> list[Card]:
    """The card's whole evolution line, root first (E2 counts the line as copies of one card)."""
    root, ancestors = card, {card.pk}
    while root.evolves_from_id and root.evolves_from_id not in ancestors:  # a cycle ends the climb
        root = Card.objects.get(pk=root.evolves_from_id)
        ancestors.add(root.pk)
    line, frontier, visited = [root], [root], {root.pk}
    while frontier:
        children = list(Card.objects.filter(evolves_from__in=frontier).exclude(pk__in=visited).order_by("name_folded"))
        visited.update(c.pk for c in children)
        line.extend(children)
        frontier = children
    return line if len(line) > 1 else []


def card_dicts(cards: Any, *, request: Any = None) -> list[dict[str, Any]]:
    """Cards in the API shape, with the current charge where the game has one."""
    charge_maps: dict[str, dict[str, int]] = {}
    rows = []
    for card in cards:
        game = card.game.slug
        if game not in charge_maps:
            charge_maps[game] = current_charges(game=game)  # {} where the game has no charges
        rows.append(card.to_dict(charge=charge_maps[game].get(card.slug), request=request))
    return rows


def answer_stamp(game: str | None) -> tuple[Any, ...]:
    """What a card answer of ``game`` (None: of any game) depends on: its data stamp (today, the data
    version token and, with a process-local cache, the database's own stamp; ``stamps``)."""
    return data_stamp(game=game) if game is not None else data_stamp_all()


def kept_answer(request: Any, stamp: Hashable, build: Callable[[], T]) -> T:
    """``build()``'s answer to this URL, kept per process until ``stamp`` changes (``answer_stamp``).

    Take the stamp before building: a change during the build then leaves a newer answer under the
    old stamp, which the next request replaces. Keyed by the absolute URL (answers hold absolute
    image and page links) and the language (face URLs carry its prefix); answers never depend on
    the user. Shared between requests: never change what it returns."""
    key = (request.build_absolute_uri(), get_language())
    with _ANSWERS_LOCK:
        held = _ANSWERS.get(key)
        if held is not None and held[0] == stamp:
            _ANSWERS.move_to_end(key)
            value: T = held[1]
            return value
    value = build()
    with _ANSWERS_LOCK:
        _ANSWERS[key] = (stamp, value)
        _ANSWERS.move_to_end(key)
        while len(_ANSWERS) > ANSWERS_KEPT:
            _ANSWERS.popitem(last=False)
    return value
