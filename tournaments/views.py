"""Pages of the tournaments: the list (and a new tournament), a tournament's page (players, rounds,
pairings with tables, results, standings, the lists once finished; registration with the deck
picker and its problems; the organiser's controls; the player's next pairing with a button to
start its match), and the ratings of a game. Plain POST forms that call the same services as the
API; a refusal shows its message. The tournament's live part follows its changes over the
live-play channel (``tournaments.consumers``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import DomainError
from decks.selectors import deck_list
from engine import boards
from engine.games import SLUGS
from tournaments import selectors, services
from tournaments.forms import ListFilterForm, RegisterForm, ResultForm, TournamentForm
from tournaments.models import Tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    """``/tournaments/?game=&status=``: public tournaments and your own, and a form for a new one."""
    filters = ListFilterForm(request.GET)
    chosen = {k: v for k, v in filters.cleaned_data.items() if v} if filters.is_valid() else {}
    rows = selectors.tournament_list(user=request.user, **chosen)[:100]
    context = {"filters": filters, "tournaments": rows, "form": TournamentForm()}
    return render(request, "tournaments/tournament_list.html", context)


@login_required
@require_POST
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Create a tournament from the list page's form; the creator organises it."""
    form = TournamentForm(request.POST)
    if not form.is_valid():
        rows = selectors.tournament_list(user=request.user)[:100]
        context = {"filters": ListFilterForm(), "tournaments": rows, "form": form}
        return render(request, "tournaments/tournament_list.html", context, status=400)
    tournament = services.tournament_create(organiser=request.user, **form.service_arguments())
    return redirect(tournament)


def live_context(*, tournament: Tournament, user: Any) -> dict[str, Any]:
    """What the live part of the page shows (rounds, pairings, standings) as ``user`` may see it."""
    data = selectors.tournament_json(tournament=tournament, user=user)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for pairing in data["pairings"]:
        rounds.setdefault(pairing["round"], []).append(pairing)
    organiser = user.is_authenticated and tournament.organiser_id == user.pk
    standings = [
        {**line, **{f"{key}_pct": number_format(line[key] * 100, 2) for key in ("omw", "gw", "ogw")}}
        for line in data["standings"]
    ]
    return {
        "tournament": tournament,
        "data": data,
        "standings": standings,
        "playable": services.format_variant(tournament.format) is not None,
        "rounds": sorted(rounds.items(), reverse=True),
        "organiser": organiser,
        "mine": selectors.my_pairing(tournament=tournament, user=user),
    }


def _decks_of(user: Any, game: str) -> list[tuple[int, str]]:
    if not user.is_authenticated:
        return []
    return [(d.pk, f"{d.name} ({d.format})") for d in deck_list(user=user) if d.game == game]


def tournament_detail(
    request: HttpRequest, pk: int, *, register: RegisterForm | None = None, problems: Any = None, status: int = 200
) -> HttpResponse:
    """``/tournaments/{id}/``: everything about one tournament."""
    tournament = selectors.tournament_get(tournament_id=pk)
    context = live_context(tournament=tournament, user=request.user)
    registered = any(p["user"] == request.user.get_username() for p in context["data"]["players"])
    context.update(
        game_name=boards.game_name(tournament.game),
        registered=registered,
        register=register or RegisterForm(decks=_decks_of(request.user, tournament.game)),
        problems=problems or [],
        socket=f"/ws/tournaments/{tournament.pk}/",
        result_form=ResultForm(),
    )
    return render(request, "tournaments/tournament_detail.html", context, status=status)


def _act(request: HttpRequest, pk: int, action: Any, done: str, **arguments: Any) -> HttpResponse:
    """Run one service for the signed-in user; its refusal becomes an error message."""
    try:
        action(tournament_id=pk, user=request.user, **arguments)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("tournaments:detail", pk=pk)


@login_required
@require_POST
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    """Register with a saved deck or a pasted list; an illegal deck shows every problem."""
    tournament = selectors.tournament_get(tournament_id=pk)
    form = RegisterForm(request.POST, decks=_decks_of(request.user, tournament.game))
    if not form.is_valid():
        return tournament_detail(request, pk, register=form, status=400)
    try:
        services.player_register(tournament_id=pk, user=request.user, deck=form.chosen_deck())
    except DomainError as error:
        messages.error(request, error.message)
        return tournament_detail(request, pk, register=form, problems=error.extra.get("problems"), status=400)
    messages.success(request, _("You are registered."))
    return redirect("tournaments:detail", pk=pk)


@login_required
@require_POST
def tournament_control(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """The organiser's buttons (start, next round, finish) and a player's drop."""
    actions = {
        "start": (services.tournament_start, _("Round 1 is paired.")),
        "next-round": (services.round_next, _("The next round is paired.")),
        "finish": (services.tournament_finish, _("The tournament is finished.")),
        "drop": (services.player_drop, _("Dropped.")),
    }
    if action not in actions:
        messages.error(request, _("Unknown action."))
        return redirect("tournaments:detail", pk=pk)
    service, done = actions[action]
    extra = {"player": request.POST["user"]} if action == "drop" and request.POST.get("user") else {}
    return _act(request, pk, service, done, **extra)


@login_required
@require_POST
def pairing_result(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    """A player's report (or confirmation), or the organiser's result."""
    form = ResultForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the games as whole numbers from 0 to 3."))
        return redirect("tournaments:detail", pk=pk)
    return _act(request, pk, services.result_report, _("The result is noted."), pairing_id=pairing, games=form.games())


@login_required
@require_POST
def pairing_match(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    """Start the pairing's next game as a match and go to it."""
    try:
        match = services.pairing_match_start(tournament_id=pk, pairing_id=pairing, user=request.user)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("tournaments:detail", pk=pk)
    return redirect(match)


def rating_list(request: HttpRequest) -> HttpResponse:
    """``/ratings/?game=``: the Elo ratings of a game, highest first."""
    game = request.GET.get("game") or SLUGS[0]
    if game not in SLUGS:
        game = SLUGS[0]
    games = [(slug, boards.game_name(slug)) for slug in SLUGS]
    context = {"game": game, "game_name": boards.game_name(game), "games": games, "ratings": selectors.ratings_list(game=game)}  # fmt: skip
    return render(request, "tournaments/rating_list.html", context)
