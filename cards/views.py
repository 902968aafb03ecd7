"""Card pages: home, the gallery (same `q` syntax and FilterSet as the API), a card, its rendered face."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from cards.face import face_svg
from cards.filtersets import CardFilter, order_choices
from cards.labels import attribute_label, value_label
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
        (attribute_label(a.key, game), value_label(data["attributes"][a.key], game))
        for a in schema.attributes
        if a.key in data["attributes"] and a.key != "recipe"
    ]
    context = {
        "card": card,
        "data": data,
        "attributes": attributes,
        "recipe": _recipe(card, data["attributes"].get("recipe")),
        "line": evolution_line(card),
    }
    return render(request, "cards/card_detail.html", context)


def _recipe(card: Card, recipe: Any) -> dict[str, Any] | None:
    """A Ka-Mel-Oh! recipe with its cards (K4): the kind's label and the components and item as
    cards to link (a slug the catalogue lacks stays as text)."""
    if not isinstance(recipe, dict):
        return None
    slugs = [s for s in [*(recipe.get("components") or []), recipe.get("item")] if isinstance(s, str)]
    found = {c.slug: c for c in Card.objects.filter(game_id=card.game_id, slug__in=slugs)}
    components = [found.get(s) or s for s in recipe.get("components") or []]
    item = recipe.get("item")
    return {
        "kind": value_label(recipe.get("kind") or "", card.game.slug),
        "components": components,
        "item": found.get(item) if isinstance(item, str) and item in found else item,
    }


@require_GET
def face(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A rendered SVG face for a card without an image (the print sheets draw the same data as vectors)."""
    card = _card_or_404(game, slug)
    data = card.to_dict()
    context = {"card": data, "face": face_svg(data)}
    response = render(request, "cards/face.svg", context, content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=3600"
    return response


def _card_or_404(game: str, slug: str) -> Card:
    try:
        return card_get(game=game, slug=slug)
    except Card.DoesNotExist:
        raise Http404(f"No card {slug} in {game}") from None


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
        label = attribute_label(key, game)
        options += [(key, f"{label} ↑"), (f"-{key}", f"{label} ↓")]
    return options


def _querystring_without_page(params: QueryDict) -> str:
    params = params.copy()
    params.pop("page", None)
    return params.urlencode()


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """The site's icon at the address browsers ask for without a <link>."""
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response
