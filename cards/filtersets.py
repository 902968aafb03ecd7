"""The one FilterSet of cards, shared by the API list (`GET /api/cards/`) and the gallery page (`/cards/`).

A bad `q` or `order` is a form error on that field, so the API answers 400 naming the term
(DjangoFilterBackend turns form errors into a ValidationError) and the page shows it beside the box.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_filters
from django import forms
from django.db.models import Case, F, IntegerField, OuterRef, QuerySet, Subquery, Value, When
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework.exceptions import ValidationError

from cards.folding import fold
from cards.models import Card, CardStat, Game
from cards.search import QuerySyntaxError, Search, check_query, numeric_fields, parse_query
from cards.search.parser import And, Node, Phrase, Term
from engine.games import SLUGS, get_game

COLUMN_ORDERS = {"name": "name_folded", "cost": "cost"}


def order_choices(game: str | None) -> set[str]:
    """The `order` values for a game (or for all games): name, cost and every numeric attribute, each with `-`."""
    keys = set(get_game(game).schema.numeric_keys) | {"charge"} if game in SLUGS else set(numeric_fields())
    keys |= set(COLUMN_ORDERS)
    return keys | {f"-{key}" for key in keys}


def literal_error(message: str) -> forms.ValidationError:
    """An error whose text may quote the user's input: django-filter %-formats messages, so a `%` in
    the input raised TypeError (a 500 found by schema fuzzing); as a parameter it stays literal."""
    return forms.ValidationError("%(message)s", params={"message": message})


class CardFilterForm(forms.Form):
    """Checks `q` and `order` against the chosen game, so that errors surface as form errors."""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game = data.get("game") or None
        if data.get("q"):
            try:
                check_query(parse_query(data["q"]), game)
            except QuerySyntaxError as error:
                self.add_error("q", literal_error(str(error)))
        order = data.get("order")
        if order and order not in order_choices(game):
            message = (
                _('unknown order "%(order)s" for game %(game)s; use name, cost or an attribute, "-" for descending')
                if game
                else _('unknown order "%(order)s"; use name, cost or an attribute, "-" for descending')
            )
            self.add_error("order", literal_error(str(message) % {"order": order, "game": game}))
        return data


# Empty means "no filter" (the gallery's GET form sends empty fields), so the schema says so too.
@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string", "maxLength": 0}]})
class IntegerFilter(django_filters.NumberFilter):
    """A whole-number filter: costs are integers, so `cost_min=0.5` is refused (400), as the schema says."""

    field_class = forms.IntegerField


class CardFilter(django_filters.FilterSet):
    """game, q (the search syntax), set, type, guild, cost_min, cost_max, rarity and order."""

    # Explicit labels: django-filter would otherwise derive them from the model on every request.
    game = django_filters.ChoiceFilter(choices=[(slug, slug) for slug in SLUGS], method="filter_game", label=_("Game"))
    q = django_filters.CharFilter(method="filter_q", label=_("Search"), help_text=_("Card search syntax"))
    set = django_filters.CharFilter(field_name="set__code", label=_("Set"), help_text=_("set code"))
    type = django_filters.CharFilter(field_name="type", label=_("Type"))
    guild = django_filters.CharFilter(method="filter_guild", label=_("Guild"), help_text=_("guild slug"))
    cost_min = IntegerFilter(field_name="cost", lookup_expr="gte", label=_("Cost from"))
    cost_max = IntegerFilter(field_name="cost", lookup_expr="lte", label=_("Cost to"))
    rarity = django_filters.CharFilter(field_name="rarity", label=_("Rarity"))
    order = django_filters.CharFilter(
        method="filter_order",
        label=_("Order"),
        help_text=_("name, cost or a numeric attribute; prefix - for descending"),
    )

    class Meta:
        model = Card
        fields: list[str] = []
        form = CardFilterForm

    def selected_game(self) -> str | None:
        """The game slug the form chose, if any."""
        return (self.form.cleaned_data.get("game") or None) if hasattr(self.form, "cleaned_data") else None

    def filter_game(self, queryset: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        """The game by id, not through a join on its slug: PostgreSQL then walks the (game, name) index."""
        return queryset.filter(game_id__in=list(Game.objects.filter(slug=value).values_list("pk", flat=True)))

    def filter_q(self, queryset: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        """The search syntax; a bad query here (the form was skipped) still answers 400."""
        try:
            self.search = Search(value, game=self.selected_game())  # `ids` counts with it
            return self.search.filter(queryset)
        except QuerySyntaxError as error:
            raise ValidationError({"q": [str(error)]}) from error

    def filter_guild(self, queryset: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        """Cards carrying the guild (an EXISTS-free IN over the guild through table, no duplicate rows)."""
        through = Card.guilds.through.objects.filter(guild__slug=value)
        return queryset.filter(pk__in=through.values("card_id"))

    def filter_order(self, queryset: QuerySet[Card], name: str, value: str) -> QuerySet[Card]:
        """Ordering happens last, in `filter_queryset`, so that it also applies when `order` is empty."""
        return queryset

    def ids(self) -> Any:
        """The matching card ids in the filter's order, for a paginator (the form must be valid).

        With a search and no filter besides the game and the order, the paginator's count comes
        from the search's set operations (`Search.count`), which read only the index rows the
        query names, instead of counting the query that finds the page."""
        ids = self.qs.values_list("pk", flat=True)  # filters, so `filter_q` made `self.search`
        data = self.form.cleaned_data
        if data.get("q") and all(data.get(name) in (None, "") for name in self.filters if name not in SET_COUNTED):
            return CountedIds(ids, self.search.count)
        return ids

    def filter_queryset(self, queryset: QuerySet[Card]) -> QuerySet[Card]:
        """Filter, then order (default: game position, then folded name)."""
        queryset = super().filter_queryset(queryset)
        data = self.form.cleaned_data
        name = searched_name(data.get("q") or "")
        return order_cards(queryset, data.get("order") or "", game=self.selected_game(), name=name)


SET_COUNTED = frozenset({"game", "q", "order"})  # the filters `Search.count` counts under


class CountedIds:
    """Ids for a paginator whose count is taken another way (`count()`); slices go to the query."""

    def __init__(self, ids: QuerySet[Any], count: Callable[[], int]) -> None:
        self.ids, self._count = ids, count

    def count(self) -> int:
        return self._count()

    def __getitem__(self, key: Any) -> Any:
        return self.ids[key]

    @property
    def ordered(self) -> bool:
        return self.ids.ordered


def searched_name(q: str) -> str:
    """The folded name a query looks for, when it is only words (``Iro``, ``"der Kraken"``), else ""."""
    try:
        node = parse_query(q)
    except QuerySyntaxError:
        return ""
    parts = _name_words(node)
    return " ".join(parts) if parts else ""


def _name_words(node: Node) -> list[str] | None:
    if isinstance(node, Term | Phrase):
        return list(node.words)
    if isinstance(node, And) and node.children:
        words = [_name_words(child) for child in node.children]
        return None if any(w is None for w in words) else [x for w in words if w for x in w]
    return None


def _name_rank(name: str) -> Case:
    """0 for the card named exactly ``name``, 1 for names starting with it, 2 for the rest."""
    return Case(
        When(name_folded=name, then=Value(0)),
        When(name_folded__startswith=name, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )


def order_cards(queryset: QuerySet[Card], order: str, *, game: str | None, name: str = "") -> QuerySet[Card]:
    """Order by name, cost or a numeric attribute (a CardStat value, missing values last); pk breaks ties.

    Without an order, a search for a name puts that card first and names starting with it next
    (``Iro`` before ``Brom Eisenfaust``, whose text mentions Iro), as Scryfall does."""
    descending, key = order.startswith("-"), order.lstrip("-")
    if not key and name:
        ranked = queryset.annotate(name_rank=_name_rank(fold(name)))
        by_game = () if game else ("game__position",)
        return ranked.order_by("name_rank", *by_game, "name_folded", "pk")
    if not key:
        # Within one game the game's position is constant: ordering by name alone lets the
        # (game, name_folded) index deliver the rows in order, with no sort.
        return (
            queryset.order_by("name_folded", "pk") if game else queryset.order_by("game__position", "name_folded", "pk")
        )
    if key == "name":
        return queryset.order_by(*(("-name_folded", "-pk") if descending else ("name_folded", "pk")))
    if key in COLUMN_ORDERS:
        expression = F(COLUMN_ORDERS[key])
    else:
        value = CardStat.objects.filter(card=OuterRef("pk"), key=key).values("value")[:1]
        queryset = queryset.annotate(order_value=Subquery(value))
        expression = F("order_value")
    ordered = expression.desc(nulls_last=True) if descending else expression.asc(nulls_last=True)
    return queryset.order_by(ordered, "name_folded", "pk")
