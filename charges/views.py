"""Charge pages: the list in force (sortable, searchable, as_of picker), a diff, a card's history."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from cards.folding import fold
from cards.labels import localized_name
from cards.models import Card
from charges.chart import history_chart
from charges.conf import charge_deck_limit, default_game, points_system
from charges.forms import ChargeDiffForm, ChargeListForm
from charges.selectors import (
    charge_diff,
    charge_history,
    charge_list_in_force,
    charge_lists,
    charges_in_force,
    has_charges,
)
from engine.games import get_format, get_game


def _game(request: HttpRequest) -> str:
    game = request.GET.get("game") or default_game()
    if not has_charges(game):
        raise Http404(f"{game} has no charges")
    return game


def charge_list(request: HttpRequest) -> HttpResponse:
    """``/charges/``: every card with its charge in force at ``as_of``."""
    game = _game(request)
    form = ChargeListForm(request.GET)
    data = form.cleaned_data if form.is_valid() else {}
    as_of: date = data.get("as_of") or timezone.localdate()
    charges = charges_in_force(game=game, as_of=as_of)
    cards = Card.objects.filter(game__slug=game).values("slug", "name", "name_folded", "type")
    needle = fold(data.get("q") or "")
    rows = [{**c, "charge": charges.get(c["slug"], 0)} for c in cards if needle in c["name_folded"]]
    sort = data.get("sort") or "-charge"
    key = sort.lstrip("-")
    rows.sort(key=lambda r: str(r["name_folded"]))
    if key == "charge":
        rows.sort(key=lambda r: int(str(r["charge"] or 0)), reverse=sort.startswith("-"))
    else:
        rows.sort(key=lambda r: str(r["name_folded"]), reverse=sort.startswith("-"))
    context = {
        "game": game,
        "form": form,
        "as_of": as_of,
        "sort": sort,
        "rows": rows,
        "charge_list": charge_list_in_force(game=game, as_of=as_of),
        "limit": charge_deck_limit(game),
        "game_name": localized_name(get_game(game)),
        "format_name": get_format(points_system(game).format).name,
    }
    return render(request, "charges/chargelist_list.html", context)


def charge_diff_page(request: HttpRequest) -> HttpResponse:
    """``/charges/diff/?from=&to=``: the cards whose charge changed between two dates."""
    game = _game(request)
    form = ChargeDiffForm(request.GET)
    data: dict[str, Any] = form.cleaned_data if form.is_valid() else {}
    newest = list(charge_lists(game=game).values_list("date", flat=True)[:2])
    after = data.get("to") or (newest[0] if newest else timezone.localdate())
    before = data.get("from") or (newest[1] if len(newest) > 1 else after)
    names = dict(Card.objects.filter(game__slug=game).values_list("slug", "name"))
    changes = [
        {**row, "name": names.get(row["card"], row["card"]), "delta": (row["to"] or 0) - (row["from"] or 0)}
        for row in charge_diff(game=game, before=before, after=after)
    ]
    context = {"game": game, "form": form, "before": before, "after": after, "changes": changes}
    return render(request, "charges/chargelist_diff.html", context)


def card_history(request: HttpRequest, slug: str) -> HttpResponse:
    """``/charges/cards/<slug>/``: the card's charge in every list, drawn as an inline SVG chart."""
    game = _game(request)
    card = get_object_or_404(Card.objects.select_related("game"), game__slug=game, slug=slug)
    history = charge_history(card=card)
    context = {"game": game, "card": card, "history": history, "chart": history_chart(history) if history else None}
    return render(request, "charges/card_history.html", context)
