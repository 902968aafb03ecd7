"""Card pages: home, the gallery (same `q` syntax and FilterSet as the API), a card, its rendered face."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cards.filtersets import CardFilter
from cards.models import Card, CardSet, Guild
from cards.selectors import card_dicts, card_get, cards_in_order, evolution_line, games_with_counts
from engine.games import UnknownGameError, get_game

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
    filterset = CardFilter(request.GET or None, queryset=Card.objects.all())
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
        "querystring": _querystring_without_page(request),
    }
    template = "cards/partials/results.html" if getattr(request, "htmx", False) else "cards/card_list.html"
    return render(request, template, context, status=400 if error else 200)


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


def _querystring_without_page(request: HttpRequest) -> str:
    params = request.GET.copy()
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
