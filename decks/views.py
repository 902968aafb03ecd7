"""Pages: the deck list, the deck builder and the collection. They work without JavaScript; with
htmx (base.html loads it) the builder's forms swap only the parts of the page that change."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Card
from cards.search import QuerySyntaxError
from decks import selectors, services
from decks.forms import CardChangeForm, CheckForm, CollectionImportForm, CollectionSetForm, DeckForm
from decks.models import Deck
from decks.resolution import card_index

PAGE_SIZE = 50


def deck_list(request: HttpRequest) -> HttpResponse:
    """Your decks and the public ones; POST creates a deck and opens it in the builder."""
    form = DeckForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        if form.is_valid():
            data = {k: form.cleaned_data[k] for k in ("name", "format", "list", "public")}
            deck = services.deck_create(owner=request.user, **data)
            return redirect(deck)
    public = selectors.deck_list(user=request.user, public=True)
    if request.user.is_authenticated:
        public = public.exclude(owner=request.user)
    context = {"form": form, "mine": selectors.deck_list(user=request.user), "public": public[:PAGE_SIZE]}
    return render(request, "decks/deck_list.html", context, status=400 if form.errors else 200)


def _deck_for(request: HttpRequest, pk: int, *, write: bool = False) -> Deck:
    """The deck if the user may read it (own or public), or write it (own); 404 otherwise."""
    deck = selectors.deck_visible(user=request.user).filter(pk=pk).first()
    if deck is None or (write and deck.owner_id != request.user.pk):
        raise Http404("No such deck")
    return deck


def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck builder: the list with each line's problems, card search, save, export, missing."""
    deck = _deck_for(request, pk, write=request.method == "POST")
    form = DeckForm(request.POST or None, instance=deck, initial={"version": deck.version})
    if request.method == "POST" and form.is_valid():
        data = {k: form.cleaned_data[k] for k in ("name", "format", "list", "public")}
        try:
            services.deck_update(deck=deck, data=data, expected_version=form.cleaned_data.get("version"))
        except services.StaleVersion:
            messages.error(request, "The deck changed in another tab or window; reload it before saving.")
            return redirect(deck)
        messages.success(request, "Saved.")
        return redirect(deck)
    return render(request, "decks/deck_detail.html", _builder_context(request, deck, form))


def _builder_context(request: HttpRequest, deck: Deck, form: DeckForm) -> dict[str, Any]:
    q = request.GET.get("q", "")
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    results, search_error = _card_search(deck, q) if is_owner else ([], None)
    return {
        "deck": deck,
        "form": form,
        "is_owner": is_owner,
        "board": selectors.deck_board(format_slug=deck.format, text=deck.list),
        "q": q,
        "deltas": [(1, "+"), (-1, "−")],
        "results": results,
        "search_error": search_error,
        "missing": selectors.deck_missing_cards(deck=deck, user=request.user)
        if request.user.is_authenticated
        else None,
    }


def _card_search(deck: Deck, q: str) -> tuple[list[dict[str, str]], str | None]:
    """The search box's cards, or the parser's message naming the bad term (shown beside the box)."""
    try:
        return selectors.card_search(game=deck.game, q=q), None
    except QuerySyntaxError as error:
        return [], str(error)


@require_POST
def deck_change_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Add or remove copies of a card (the builder's buttons), then back to the builder."""
    deck = _deck_for(request, pk, write=True)
    form = CardChangeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "; ".join(" ".join(v) for v in form.errors.values()))
    else:
        data = form.cleaned_data
        ids = card_index(game=deck.game).lookup(data["card"])
        if len(ids) != 1 and data["delta"] > 0:
            messages.error(request, f"{data['card']!r} names {'several cards' if ids else 'no card'}.")
        else:
            services.deck_change_card(deck=deck, card=data["card"], delta=data["delta"], section=data["section"])
    query = "?" + urlencode({"q": request.POST["q"]}) if request.POST.get("q") else ""
    return redirect(deck.get_absolute_url() + query)


@require_POST
def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete one of your decks."""
    deck = _deck_for(request, pk, write=True)
    services.deck_delete(deck=deck)
    messages.success(request, f"Deleted {deck.name}.")
    return redirect("decks:list")


@require_GET
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck as a text file."""
    deck = _deck_for(request, pk)
    response = HttpResponse(selectors.deck_export_text(deck=deck), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
    return response


@require_POST
def deck_check(request: HttpRequest) -> HttpResponse:
    """Validate a list as it is typed (htmx); answers the validation panel."""
    form = CheckForm(request.POST)
    if not form.is_valid():  # the panel says why (htmx swaps a 400 too: templates/base.html)
        return render(request, "decks/partials/validation.html", {"form_errors": form.errors}, status=400)
    board = selectors.deck_board(format_slug=form.cleaned_data["format"], text=form.cleaned_data["list"])
    return render(request, "decks/partials/validation.html", {"board": board})


@login_required
def collection(request: HttpRequest) -> HttpResponse:
    """Your cards with their counts (filters game and q); set a count; CSV import and export."""
    set_form = CollectionSetForm(request.POST or None)
    if request.method == "POST" and set_form.is_valid():
        data = set_form.cleaned_data
        ids = card_index(game=data["game"]).lookup(data["card"])
        if len(ids) == 1:
            card = Card.objects.get(pk=ids[0])
            services.collection_set(owner=request.user, card=card, count=data["count"])
            return redirect(request.get_full_path())
        set_form.add_error("card", _("several cards have this name: write the slug") if ids else _("no such card"))
    context = _collection_context(request, set_form=set_form, import_form=CollectionImportForm())
    return render(request, "collection/collection_list.html", context, status=400 if set_form.errors else 200)


def _collection_context(request: HttpRequest, **forms: Any) -> dict[str, Any]:
    """The collection page's table and forms (a failed import shows the table too)."""
    game, q = request.GET.get("game", ""), request.GET.get("q", "")
    items = selectors.collection_list(user=request.user, game=game or None, q=q or None)
    page = Paginator(items, PAGE_SIZE).get_page(request.GET.get("page"))
    return {"page": page, "game": game, "q": q, **forms}


@login_required
@require_POST
def collection_import(request: HttpRequest) -> HttpResponse:
    """Import a CSV from the collection page (added by default, replacing only when confirmed); bad
    rows are listed by line, nothing changes, and the collection stays on the page."""
    form = CollectionImportForm(request.POST, request.FILES)
    errors: list[dict[str, Any]] = []
    if form.is_valid():
        try:
            text = form.cleaned_data["file"].read().decode("utf-8-sig")
            summary = services.collection_import(owner=request.user, text=text, mode=form.cleaned_data["mode"])
        except UnicodeDecodeError:
            errors = [{"line": None, "message": _("the file is not UTF-8 text")}]
        except services.CollectionImportError as error:
            errors = error.errors
        else:
            messages.success(
                request,
                _("Imported %(copies)s copies of %(cards)s cards.") % {k: summary[k] for k in ("copies", "cards")},
            )
            return redirect("decks:collection")
    context = _collection_context(request, import_form=form, import_errors=errors, set_form=CollectionSetForm())
    return render(request, "collection/collection_list.html", context, status=400)


@login_required
@require_GET
def collection_export(request: HttpRequest) -> HttpResponse:
    """Your collection as CSV (`game,card,count`)."""
    response = HttpResponse(selectors.collection_csv(user=request.user), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="collection.csv"'
    return response
