"""Print pages: the print dialog (`/print/`), its first-sheet preview, and a job's progress page."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_GET, require_http_methods

from decks.selectors import deck_list
from engine.games import all_games
from printing.api.serializers import PrintRequestSerializer
from printing.api.views import pdf_response
from printing.forms import CHECKBOXES, dialog_request
from printing.layouts import CARD_SIZES, PAPERS, LayoutError, plan_layout
from printing.models import PrintJob
from printing.options import OPTION_NAMES, print_options
from printing.pdf import render_sheet
from printing.selectors import SourceError, print_cards, print_job_for_user
from printing.services import DeckNotFound, print_request_cards, print_submit


def _user_decks(request: HttpRequest) -> list[Any]:
    if not request.user.is_authenticated:
        return []
    return list(deck_list(user=request.user))


def _context(request: HttpRequest, values: QueryDict, errors: list[str]) -> dict[str, Any]:
    formats = [slug for game in all_games() for slug in game.formats]
    submitted = request.method == "POST"
    # A submitted form sends only ticked boxes; a fresh one ticks crop marks (api.md's default).
    checked = {name: name in values or (name == "crop_marks" and not submitted) for name in CHECKBOXES}
    return {
        "values": values,
        "checked": checked,
        "errors": errors,
        "decks": _user_decks(request),
        "formats": formats,
        "papers": PAPERS,
        "card_sizes": CARD_SIZES,
    }


def _validated(data: QueryDict) -> tuple[dict[str, Any] | None, list[str]]:
    serializer = PrintRequestSerializer(data=dialog_request(data))
    if serializer.is_valid():
        return dict(serializer.validated_data), []
    return None, [_message(field, detail) for field, detail in serializer.errors.items()]


def _message(field: str, detail: Any) -> str:
    text = " ".join(str(d) for d in detail) if isinstance(detail, list) else str(detail)
    return text if field == "non_field_errors" else f"{field}: {text}"


@require_http_methods(["GET", "POST"])
def dialog(request: HttpRequest) -> HttpResponse:
    """The print dialog: GET shows the form (prefilled by ?deck= or ?game=&cards=), POST prints."""
    if request.method == "GET":
        return render(request, "printing/print_dialog.html", _context(request, request.GET, []))
    validated, errors = _validated(request.POST)
    if validated is not None:
        try:
            result = print_submit(user=request.user, request=validated)
        except DeckNotFound:
            raise Http404("No such deck") from None
        except (LayoutError, SourceError) as exc:
            errors = [str(exc)]
        else:
            if isinstance(result, PrintJob):
                return HttpResponseRedirect(result.get_absolute_url())
            return pdf_response(result, filename=str(validated.get("title") or "kartothek-print"))
    return render(request, "printing/print_dialog.html", _context(request, request.POST, errors), status=400)


@require_GET
@xframe_options_sameorigin
def preview(request: HttpRequest) -> HttpResponse:
    """The first sheet of faces of what the dialog would print, inline (for the dialog's frame)."""
    validated, errors = _validated(request.GET)
    if validated is None:
        return render(request, "printing/print_preview_error.html", {"errors": errors}, status=400)
    options = {name: validated[name] for name in OPTION_NAMES if name in validated}
    options.update(backs=False, calibration=False)
    try:
        layout = plan_layout(print_options(options))
        counted = print_request_cards(user=request.user, request=validated)
        cards = print_cards(counted)[: layout.per_page]
    except DeckNotFound:
        raise Http404("No such deck") from None
    except (LayoutError, SourceError) as exc:
        return render(request, "printing/print_preview_error.html", {"errors": [str(exc)]}, status=400)
    return pdf_response(render_sheet(cards, layout.options), filename="preview", inline=True)


@require_GET
def job(request: HttpRequest, pk: int) -> HttpResponse:
    """A background print job's progress (polls the API) and its PDF once done; owner only."""
    found = print_job_for_user(user=request.user, pk=pk)
    if found is None:
        raise Http404("No such print job")
    return render(request, "printing/printjob_detail.html", {"job": found})
