"""Reads of the cards app."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet

from cards.models import Card, Game, Guild


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


def charges_for(game: str) -> dict[str, int]:
    """The current charge of every card of `game` (empty where the game has no charge system)."""
    if game != "eredan":
        return {}
    try:
        from charges.selectors import current_charges
    except ImportError:  # the charges app is optional for the card database
        return {}
    return current_charges(game=game)


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
            charge_maps[game] = charges_for(game)
        rows.append(card.to_dict(charge=charge_maps[game].get(card.slug), request=request))
    return rows
