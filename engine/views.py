"""Pages of the matches: the list with a "new match against the AI" form, and the play page.

Every action is a plain POST form (works without JavaScript); htmx, when loaded, boosts the forms so
only the board is swapped. The pages use the same services and selectors as the API, so the
rules, the permissions and the version check are the same.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from rest_framework.exceptions import APIException

from engine import selectors, services
from engine.forms import NewMatchForm
from engine.models import MatchAction

LOG_ROWS = 60


def _error_text(error: APIException) -> str:
    """The message of a service refusal, with a deck's problems when there are any."""
    detail = error.detail
    if isinstance(detail, dict):
        problems = "; ".join(str(p["message"]) for p in detail.get("problems", []))
        return f"{detail['detail']} {problems}".strip()
    return str(detail)


def match_list(request: HttpRequest) -> HttpResponse:
    """``/matches/``: the user's matches and the form for a new match (POST creates it)."""
    form = NewMatchForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            try:
                match = services.match_create(user=request.user, **form.match_arguments())
            except APIException as error:
                form.add_error(None, _error_text(error))
            else:
                return redirect(match)
    rows = [selectors.match_summary(match=m) for m in selectors.match_list(user=request.user)[:50]]
    return render(request, "matches/match_list.html", {"form": form, "matches": rows})


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/{id}/``: the board as the signed-in player's seat sees it (else a spectator's)."""
    match = selectors.match_get(match_id=pk)
    player = selectors.match_default_player(match=match, user=request.user)
    state = selectors.match_state(match=match, player=player)
    context: dict[str, Any] = {
        "match": match,
        "state": state,
        "player": player,
        "opponent": None if player is None else 1 - player,
        "me": state["players"][player] if player is not None else None,
        "log": MatchAction.objects.filter(match=match).order_by("-seq")[:LOG_ROWS],
        "your_turn": player is not None and state["to_act"] == player,
    }
    return render(request, "matches/match_detail.html", context)


@login_required
@require_POST
def match_act(request: HttpRequest, pk: int) -> HttpResponse:
    """One action from the play page's buttons; refusals (stale page, illegal) become messages."""
    try:
        services.match_submit_action(
            match_id=pk,
            user=request.user,
            player=int(request.POST.get("player", "-1")),
            action=request.POST.get("action", ""),
            version=int(request.POST.get("version", "-1")),
        )
    except APIException as error:
        messages.error(request, _error_text(error))
    except ValueError:
        messages.error(request, "player and version must be numbers")
    return redirect("matches:detail", pk=pk)
