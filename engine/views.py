"""Pages of the matches: the list (your matches, a new match of any game with an engine), the
new-match form of one variant, and the one play page of every game.

Every action is a plain POST form (works without JavaScript); htmx, when loaded, boosts the forms so
only the board is swapped and the page stays where it was. The pages use the same services and
selectors as the API, so the rules, the permissions, the visibility and the version check are the
same. The play page is a shell (``templates/matches/match_detail.html``) around the game's board
(``templates/matches/<game>/board.html``), put together by ``engine.boards``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from engine import boards, selectors, services
from engine.core.base import BaseGame
from engine.core.match import UnknownVariantError
from engine.forms import NewMatchForm
from engine.games import UnknownGameError, all_games, get_game
from engine.live import clocks, lobby
from engine.live.render import page_context

STALE = timedelta(seconds=5)  # a computer's turn not moved for this long is started again


def _error_text(error: DomainError) -> str:
    """The message of a service refusal, with a deck's problems when there are any."""
    problems = "; ".join(str(p["message"]) for p in error.extra.get("problems", []))
    return f"{error.message} {problems}".strip()


def engine_games() -> list[dict[str, Any]]:
    """Every game with an engine, with its variants, for the list page."""
    return [
        {
            "slug": g.slug,
            "name": boards.game_name(g.slug),
            "variants": [{**v.to_json(), "name": boards.variant_name(g.slug, v.slug)} for v in g.engine.variants],
        }
        for g in all_games()
        if g.engine is not None
    ]


def match_list(request: HttpRequest) -> HttpResponse:
    """``/matches/``: the user's matches and the games and variants to start a new match of."""
    rows = [selectors.match_summary(match=m) for m in selectors.match_list(user=request.user)[:50]]
    context = {"games": engine_games(), "matches": rows, **lobby.lobby_context(user=request.user)}
    return render(request, "matches/match_list.html", context)


def _engine_variant(game: str, variant: str) -> tuple[BaseGame[Any], Any]:
    try:
        engine = get_game(game).engine
        if engine is None:
            raise Http404(f"{game} has no match engine yet")
        return engine, engine.variant(variant)
    except (UnknownGameError, UnknownVariantError):
        raise Http404(f"no variant {variant!r} of {game!r}") from None


def match_new(request: HttpRequest) -> HttpResponse:
    """``/matches/new/?game=&variant=``: the seats, decks and options of a new match (POST starts it)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    engine, variant = _engine_variant(request.GET.get("game", ""), request.GET.get("variant", ""))
    form = NewMatchForm(request.POST or None, user=request.user, engine=engine, variant=variant)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(user=request.user, **form.match_arguments())
            lobby.match_setup(match=match, **form.live_arguments())
        except DomainError as error:
            form.add_error(None, _error_text(error))
        else:
            return redirect(match)
    context = {
        "form": form,
        "engine": engine,
        "variant": variant,
        "variant_name": boards.variant_name(engine.slug, variant.slug),
        "game_name": boards.game_name(engine.slug),
    }
    return render(request, "matches/match_new.html", context, status=400 if form.errors else 200)


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/{id}/``: the board as the signed-in player's seat sees it (else a spectator's)."""
    clocks.clock_check(match_id=pk)  # a clock that ran out ends the match before it is shown
    match = selectors.match_get(match_id=pk)
    context = page_context(match=match, user=request.user)
    if context["ai_playing"] and timezone.now() - match.updated > STALE:
        services.schedule_autoplay(match.pk)  # a match left waiting (a restart, say) goes on
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
    except DomainError as error:
        messages.error(request, _error_text(error))
    except ValueError:
        messages.error(request, _("player and version must be numbers"))
    return redirect("matches:detail", pk=pk)
