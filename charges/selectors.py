"""Reads of the charge system: the list in force at a date (E6), bans, history, diffs.

Decided here (and in docs/charges.md):
- The list in force at ``as_of`` is the newest list of the game dated on or before ``as_of``
  (ties: the one created last). Active charge pins created after that list was computed, and on
  or before ``as_of``, override its values (pins made before are already inside the list).
- With no list in force every card has its start value: 200 for a card banned when the system
  began (E7), 0 for any other.
- A card missing from a list (imported after it was computed) has 20 when released after the
  list's newest counted tournament (E7's new card), else its start value.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db.models import Max, QuerySet
from django.utils import timezone

from cards.models import Card
from charges.conf import CHARGE_GAMES, charge_constants
from charges.models import ChargeList, ChargePin, ChargeValue
from stamps import data_changed, data_stamp, kept


def has_charges(game: str) -> bool:
    """Whether the game has charges at all (a points system; E6)."""
    return game in CHARGE_GAMES


def charge_list_in_force(*, game: str, as_of: date | None = None) -> ChargeList | None:
    """The newest charge list of ``game`` dated on or before ``as_of`` (default: today), or None."""
    as_of = as_of or timezone.localdate()
    return ChargeList.objects.filter(game__slug=game, date__lte=as_of).order_by("-date", "-created", "-id").first()


def _start_values(game: str, charge_list: ChargeList | None) -> dict[str, int]:
    """Every card's value when the list does not hold it (the module docstring's rules)."""
    constants = charge_constants(game)
    newest = charge_list.parameters.get("newest_tournament") if charge_list else None
    newest_date = date.fromisoformat(newest) if newest else None
    values: dict[str, int] = {}
    rows = Card.objects.filter(game__slug=game).values_list("slug", "banned_at_start", "set__released")
    for slug, banned, released in rows:
        if banned:
            values[slug] = constants.banned_start_charge
        elif newest_date and released and released > newest_date:
            values[slug] = constants.new_card_charge
        else:
            values[slug] = 0
    return values


def active_pins(*, game: str) -> QuerySet[ChargePin]:
    """Active charge pins of ``game``'s cards, newest first."""
    return ChargePin.objects.filter(active=True, charge__isnull=False, card__game__slug=game).order_by(
        "-created", "-id"
    )


def pinned_charges(*, game: str, after: Any = None, until: date | None = None) -> dict[str, int]:
    """slug -> pinned charge of the active pins (the newest pin of a card wins), created in the window."""
    pins = active_pins(game=game)
    if after is not None:
        pins = pins.filter(created__gt=after)
    if until is not None:
        pins = pins.filter(created__date__lte=until)
    result: dict[str, int] = {}
    for slug, charge in pins.values_list("card__slug", "charge"):
        if charge is not None:  # the query asks for pins with a charge; a ban alone has none
            result.setdefault(slug, charge)
    return result


def charges_of_list(charge_list: ChargeList) -> dict[str, int]:
    """slug -> charge as stored in one list."""
    return dict(ChargeValue.objects.filter(list=charge_list).values_list("card__slug", "charge"))


def charges_in_force(*, game: str, as_of: date | None = None) -> dict[str, int]:
    """Every card of ``game`` -> its charge in force at ``as_of`` (default today), E6; {} without charges."""
    if not has_charges(game):
        return {}
    as_of = as_of or timezone.localdate()
    charge_list = charge_list_in_force(game=game, as_of=as_of)
    charges = _start_values(game, charge_list)
    if charge_list is not None:
        charges.update(charges_of_list(charge_list))
    charges.update(pinned_charges(game=game, after=charge_list.created if charge_list else None, until=as_of))
    return charges


# -- today's charges and the bans, kept per process until the data version moves -------------------


def stamp_columns() -> list[str]:
    """The charges' columns of the database stamp (``stamps.rows``): the lists' count and newest
    id, the pins' count and newest id, and a checksum of the pins' cards, charges, bans and active
    flags (pins have no `updated`). An edit of only a pin's format or of a stored value shows in
    the game's data version, which the charges signals bump (charges/signals.py)."""
    lists, pins = ChargeList._meta.db_table, ChargePin._meta.db_table
    return [
        f"(SELECT COUNT(*) FROM {lists} l WHERE l.game_id = g.id)",
        f"(SELECT MAX(l.id) FROM {lists} l WHERE l.game_id = g.id)",
        f"(SELECT COUNT(*) FROM {pins})",
        f"(SELECT MAX(id) FROM {pins})",
        f"(SELECT SUM(id * (1 + 2 * CAST(active AS INTEGER) + 4 * CAST(banned AS INTEGER)"
        f" + 8 * (COALESCE(charge, -1) + 1)) + card_id) FROM {pins})",
    ]


def current_charges(*, game: str, stamp: tuple[Any, ...] | None = None) -> dict[str, int]:
    """Every card of ``game`` -> its charge in force today (E6), kept per process until the data
    changes (``data_stamp``; pass it when you hold one). Shared: never change the answer."""
    if not has_charges(game):
        return {}
    stamp = stamp or data_stamp(game=game)
    return kept(("charges", game), stamp, lambda: charges_in_force(game=game, as_of=stamp[1]))


def current_charges_forget(*, game: str) -> None:
    """Drop the kept charges of ``game`` everywhere (after an update or a pin edit, also those
    made with ``QuerySet.update``, which sends no signal)."""
    data_changed()


def charge_of(card: Card) -> int | None:
    """The card's charge in force today; None for a game without charges."""
    game = card.game.slug
    if not has_charges(game):
        return None
    charges = current_charges(game=game)
    if card.slug in charges:
        return charges[card.slug]
    return charge_constants(game).banned_start_charge if card.banned_at_start else 0


def banned_cards(*, game: str, format: str) -> set[str]:
    """Slugs of the cards an administrator banned in ``format`` (active ban pins)."""
    pins = ChargePin.objects.filter(active=True, banned=True, format=format, card__game__slug=game)
    return set(pins.values_list("card__slug", flat=True))


def charge_lists(*, game: str) -> QuerySet[ChargeList]:
    """The charge lists of ``game``, newest first."""
    return ChargeList.objects.filter(game__slug=game).order_by("-date", "-created", "-id")


def charge_history(*, card: Card) -> list[dict[str, Any]]:
    """The card's charge in every list of its game, oldest first: ``[{list, date, charge}]``."""
    rows = (
        ChargeValue.objects.filter(card=card)
        .order_by("list__date", "list__created", "list_id")
        .values_list("list_id", "list__date", "charge")
    )
    return [{"list": list_id, "date": day, "charge": charge} for list_id, day, charge in rows]


def charge_diff(*, game: str, before: date, after: date) -> list[dict[str, Any]]:
    """Cards whose charge differs between the lists in force at two dates: ``[{card, from, to}]``."""
    old = charges_in_force(game=game, as_of=before)
    new = charges_in_force(game=game, as_of=after)
    return [
        {"card": slug, "from": old.get(slug), "to": new.get(slug)}
        for slug in sorted(old.keys() | new.keys())
        if old.get(slug) != new.get(slug)
    ]


def charges_modified(*, game: str, as_of: date | None = None) -> datetime | None:
    """When ``game``'s charges in force at ``as_of`` (default today) last changed: the newest list,
    pin or card edit (every card has a charge, E7's start values), or the start of the day the
    list in force took over; None without charges."""
    if not has_charges(game):
        return None
    as_of = as_of or timezone.localdate()
    in_force = charge_list_in_force(game=game, as_of=as_of)
    lists = ChargeList.objects.filter(game__slug=game, date__lte=as_of).aggregate(newest=Max("created"))["newest"]
    pins = ChargePin.objects.filter(card__game__slug=game).aggregate(newest=Max("created"))["newest"]
    cards = Card.objects.filter(game__slug=game).aggregate(newest=Max("updated"))["newest"]
    took_over = None
    if in_force is not None:
        took_over = timezone.make_aware(datetime.combine(in_force.date, datetime.min.time()))
    return max((m for m in (lists, pins, cards, took_over) if m is not None), default=None)
