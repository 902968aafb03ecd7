"""Card pages: home, the gallery (same `q` syntax and FilterSet as the API), a card, its rendered face."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from cards.filtersets import CardFilter, order_choices
from cards.labels import attribute_label
from cards.models import Card, CardSet, Guild
from cards.selectors import card_dicts, card_get, cards_in_order, current_charges, evolution_line, games_with_counts
from engine.games import SLUGS, UnknownGameError, get_game

PAGE_SIZE = 24


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The five games with their card counts and formats."""
    games = [{"row": g, "definition": get_game(g.slug)} for g in games_with_counts()]
    return render(request, "cards/home.html", {"games": games})


@require_GET
def gallery(request: HttpRequest) -> HttpResponse:
    """Search and filter cards; works without JavaScript, htmx swaps only the results."""
    game = request.GET.get("game") or ""
    params = _game_filters_only(request.GET.copy(), game)
    filterset = CardFilter(params or None, queryset=Card.objects.all())
    error = None
    if filterset.is_bound and not filterset.is_valid():
        error = "; ".join(f"{k}: {' '.join(v)}" for k, v in filterset.errors.items())
        ids = Card.objects.none().values_list("pk", flat=True)
    else:
        ids = filterset.ids() if filterset.is_bound else filterset.qs.values_list("pk", flat=True)
    # Count and page on the bare ids, then load the page's cards (as the API does).
    page = Paginator(ids, PAGE_SIZE).get_page(request.GET.get("page"))
    context: dict[str, Any] = {
        "filterset": filterset,
        "page": page,
        "cards": card_dicts(cards_in_order(page.object_list), request=None),
        "error": error,
        "game": game,
        "definition": _definition(game),
        "sets": CardSet.objects.filter(game__slug=game) if game else CardSet.objects.none(),
        "guilds": Guild.objects.filter(game__slug=game) if game else Guild.objects.none(),
        "querystring": _querystring_without_page(params),
        "params": params,
        "orders": _order_options(game),
        "folded": not any(params.get(k) for k in GAME_FILTERS + ("cost_min", "cost_max", "order")),
    }
    # htmx swaps only the results, unless the game changed: then the whole form (its heading and the
    # game's own filters) comes anew.
    partial = getattr(request, "htmx", False) and request.headers.get("HX-Target") != "gallery"
    template = "cards/partials/results.html" if partial else "cards/card_list.html"
    response = render(request, template, context, status=400 if error else 200)
    # The pushed URL answers a whole page; Back must never get the cached results fragment of it.
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    if partial:
        response["Cache-Control"] = "no-store"
    return response


@require_GET
def detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """Every field of a card, its image (or rendered face) and its evolution line."""
    card = _card_or_404(game, slug)
    data = card_dicts([card])[0]
    schema = get_game(game).schema
    attributes = [
        (a.label or a.key, data["attributes"][a.key]) for a in schema.attributes if a.key in data["attributes"]
    ]
    context = {"card": card, "data": data, "attributes": attributes, "line": evolution_line(card)}
    return render(request, "cards/card_detail.html", context)


@require_GET
def face(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A rendered SVG face for a card without an image (the print sheets draw the same data as vectors)."""
    card = _card_or_404(game, slug)
    data = card.to_dict()
    schema = get_game(game).schema
    numbers = [(k, v) for k, v in data["attributes"].items() if isinstance(v, int) and not isinstance(v, bool)][:6]
    # Two rows of three: "ATK 5" style labels keep long attribute names from overlapping.
    stats = [
        (60 + (i % 3) * 180, 790 + (i // 3) * 36, _short_label(schema, key), value)
        for i, (key, value) in enumerate(numbers)
    ]
    lines = [(495 + i * 34, line) for i, line in enumerate(_wrap(data["text"], 38)[:7])]
    response = render(
        request, "cards/face.svg", {"card": data, "stats": stats, "lines": lines, "colour": _colour(data)},
        content_type="image/svg+xml",
    )  # fmt: skip
    response["Cache-Control"] = "public, max-age=3600"
    return response


def _card_or_404(game: str, slug: str) -> Card:
    try:
        return card_get(game=game, slug=slug)
    except Card.DoesNotExist:
        raise Http404(f"No card {slug} in {game}") from None


def _short_label(schema: Any, key: str) -> str:
    attr = schema.attr(key)
    label = (attr.label if attr and attr.label else key[:3]).upper()
    return label[:4]


def _definition(game: str) -> Any:
    try:
        return get_game(game) if game else None
    except UnknownGameError:
        return None


GAME_FILTERS = ("type", "set", "guild")


def _game_filters_only(params: QueryDict, game: str) -> QueryDict:
    """Drop the filters another game's form left behind (a Type "character" after switching to
    Ka-Mel-Oh! would find nothing): a type, set, guild or order the chosen game does not have."""
    definition = _definition(game)
    if definition is None:
        for key in GAME_FILTERS:
            params.pop(key, None)
        known_orders = order_choices(None)
    else:
        known = {
            "type": set(definition.schema.types),
            "set": set(CardSet.objects.filter(game__slug=game).values_list("code", flat=True)),
            "guild": set(definition.schema.guilds),
        }
        for key in GAME_FILTERS:
            if params.get(key) and params[key] not in known[key]:
                params.pop(key)
        known_orders = order_choices(game)
    if params.get("order") and params["order"] not in known_orders and game and game in SLUGS:
        params.pop("order")
    return params


def _order_options(game: str) -> list[tuple[str, str]]:
    """The sort choices of the gallery: name, cost, charge and every numeric attribute, both ways."""
    definition = _definition(game)
    keys = ["name", "cost"]
    if definition is not None:
        keys += ["charge"] if current_charges(game=game) else []  # only a game with charges (E6)
        keys += list(definition.schema.numeric_keys)
    options = []
    for key in keys:
        label = attribute_label(key)
        options += [(key, f"{label} ↑"), (f"-{key}", f"{label} ↓")]
    return options


def _querystring_without_page(params: QueryDict) -> str:
    params = params.copy()
    params.pop("page", None)
    return params.urlencode()


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return lines + ([current] if current else [])


COLOURS = {
    ("kamelo", "monster"): "#f2d03b",
    ("kamelo", "special_monster"): "#9b59b6",
    ("kamelo", "special_item"): "#7fc8e8",
    ("kamelo", "item"): "#5cb85c",
}


def _colour(card: dict[str, Any]) -> str:
    """The background colour of a rendered face: K2's genus colours, else a colour per game."""
    per_game = {"eredan": "#c49a6c", "realmon": "#4a7ab5", "duel": "#b5534a", "muhq": "#6b8e23", "kamelo": "#e0c070"}
    return COLOURS.get((card["game"], card["type"]), per_game.get(card["game"], "#999999"))
