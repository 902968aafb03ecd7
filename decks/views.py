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
from decks import builder, selectors, services
from decks.forms import (
    CardChangeForm,
    CheckForm,
    CollectionImportForm,
    CollectionSetForm,
    DeckForm,
    DeckImportForm,
)
from decks.models import Deck
from decks.resolution import card_index
from engine.games import get_game

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


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck builder: the board with each line's problems, card search, the list as text, save."""
    deck = _deck_for(request, pk, write=request.method == "POST")
    form = DeckForm(request.POST or None, instance=deck, initial={"version": deck.version})
    if request.method == "POST" and form.is_valid():
        data = {k: form.cleaned_data[k] for k in ("name", "format", "list", "public")}
        try:
            services.deck_update(deck=deck, data=data, expected_version=form.cleaned_data.get("version"))
        except services.StaleVersion:
            messages.error(request, _("The deck changed in another tab or window; reload it before saving."))
            return redirect(deck)
        messages.success(request, _("Saved."))
        return redirect(deck)
    status = 400 if form.errors else 200
    return render(request, "decks/deck_detail.html", _builder_context(request, deck, form), status=status)


def _builder_context(
    request: HttpRequest, deck: Deck, form: DeckForm | None = None, *, text: str | None = None, notice: str = ""
) -> dict[str, Any]:
    """What the builder shows: the board of `text` (default the saved list), the search, the form
    whose text box holds the list by card names, and a `notice` for an answer to htmx."""
    q = request.GET.get("q", "") or request.POST.get("q", "")
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    results, search_error = _card_search(deck, q) if is_owner else ([], None)
    text = deck.list if text is None else text
    if form is None or not form.is_bound:
        named = builder.named_list(text, game=deck.game)
        form = DeckForm(instance=deck, initial={"version": deck.version, "list": named})
    return {
        "deck": deck,
        "form": form,
        "is_owner": is_owner,
        "board": builder.deck_board(format_slug=deck.format, text=text),
        "q": q,
        "results": results,
        "search_error": search_error,
        "search_examples": get_game(deck.game).search_examples,
        "notice": notice,
        "missing": selectors.deck_missing_cards(deck=deck, user=request.user)
        if request.user.is_authenticated
        else None,
    }


def _card_search(deck: Deck, q: str) -> tuple[list[dict[str, Any]], str | None]:
    """The search box's cards, or the parser's message naming the bad term (shown beside the box)."""
    try:
        return builder.with_sections(builder.card_search(game=deck.game, q=q), format_slug=deck.format), None
    except QuerySyntaxError as error:
        return [], str(error)


@require_POST
def deck_change_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Add or remove copies of a card (the board's steppers, the results' quick adds).

    With htmx the page posts its text box (`list`) and `version`: the change applies to what the
    player sees, typed edits included, and the answer is the builder, never a silent overwrite.
    """
    deck = _deck_for(request, pk, write=True)
    form = CardChangeForm(request.POST)
    text = request.POST.get("list")
    error = ""
    if not form.is_valid():
        error = "; ".join(" ".join(str(message) for message in v) for v in form.errors.values())
    else:
        data = form.cleaned_data
        ids = card_index(game=deck.game).lookup(data["card"])
        if len(ids) != 1 and data["delta"] > 0:
            error = _("%(card)r names several cards.") if ids else _("%(card)r names no card.")
            error = error % {"card": data["card"]}
        else:
            try:
                deck = services.deck_change_card(
                    deck=deck, card=data["card"], delta=data["delta"], section=data["section"], text=text,
                    expected_version=data["version"],
                )  # fmt: skip
                text = None
            except services.StaleVersion:
                error = _("The deck changed in another tab or window; your list is kept here: save it or reload.")
    if _is_htmx(request):
        return render(request, "decks/deck_detail.html", _builder_context(request, deck, text=text, notice=error))
    if error:
        messages.error(request, error)
    query = "?" + urlencode({"q": request.POST["q"]}) if request.POST.get("q") else ""
    return redirect(deck.get_absolute_url() + query)


@require_POST
def deck_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The board, figures and verdict of the text box as typed (htmx), before it is saved."""
    deck = _deck_for(request, pk, write=True)
    form = CheckForm({"format": deck.format, "list": request.POST.get("list", "")})
    if not form.is_valid():
        return render(request, "decks/partials/validation.html", {"form_errors": form.errors}, status=400)
    context = _builder_context(request, deck, text=form.cleaned_data["list"])
    return render(request, "decks/partials/deck_live.html", {**context, "draft": True})


def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete one of your decks once you confirm it (GET, or a POST without `confirm`, asks)."""
    deck = _deck_for(request, pk, write=True)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        services.deck_delete(deck=deck)
        messages.success(request, _("Deleted %(name)s.") % {"name": deck.name})
        return redirect("decks:list")
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck})


def deck_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Paste a list into a deck: added to it, or replacing it once you confirm (asked first)."""
    deck = _deck_for(request, pk, write=True)
    form = DeckImportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data["mode"] == "replace" and not data["confirm"]:
            return render(request, "decks/deck_confirm_import.html", {"deck": deck, "form": form})
        text = data["list"] if data["mode"] == "replace" else f"{deck.list.rstrip()}\n\n{data['list']}"
        try:
            services.deck_update(deck=deck, data={"list": text}, expected_version=data["version"])
        except services.StaleVersion:
            messages.error(request, _("The deck changed in another tab or window; reload it before saving."))
            return redirect(deck)
        messages.success(request, _("Replaced the list.") if data["mode"] == "replace" else _("Added the cards."))
        return redirect(deck)
    if request.method == "POST":
        return render(request, "decks/deck_confirm_import.html", {"deck": deck, "form": form}, status=400)
    return redirect(deck)


@login_required
@require_POST
def deck_copy(request: HttpRequest, pk: int) -> HttpResponse:
    """Copy a deck you may read (a public one, or your own) into your decks, and open the copy."""
    deck = _deck_for(request, pk)
    copy = services.deck_copy(deck=deck, owner=request.user)
    messages.success(request, _("Copied %(name)s into your decks.") % {"name": deck.name})
    return redirect(copy)


@require_GET
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck as a text file, its cards by name."""
    deck = _deck_for(request, pk)
    text = selectors.deck_export_text(deck=deck, list_text=builder.named_list(deck.list, game=deck.game))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
    return response


@require_POST
def deck_check(request: HttpRequest) -> HttpResponse:
    """Validate a list as it is typed (htmx); answers the validation panel."""
    form = CheckForm(request.POST)
    if not form.is_valid():  # the panel says why (htmx swaps a 400 too: templates/base.html)
        return render(request, "decks/partials/validation.html", {"form_errors": form.errors}, status=400)
    board = builder.deck_board(format_slug=form.cleaned_data["format"], text=form.cleaned_data["list"])
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
