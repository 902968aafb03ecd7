"""A tournament's course: create, register (the deck checked as of the event's date and locked as
a copy), start, next round, finish, drop. Each write locks the tournament's row, checks everything
first and changes nothing when it refuses (``tournaments.errors``)."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.resolution import card_index, resolve
from decks.selectors import deck_visible
from decks.services import UnknownFormat, deck_validate, refs_from_text
from tournaments import live
from tournaments.errors import Conflict, IllegalTournamentDeck, NotAllowed, TournamentError
from tournaments.models import Player, Tournament
from tournaments.selectors import open_tables
from tournaments.services.pairing import round_pair
from tournaments.services.points import tournament_finished

Status = Tournament.Status
MAX_ROUNDS = 20


def tournament_create(
    *,
    organiser: Any,
    name: str,
    format: str,
    date: datetime.date,
    rounds: int | None = None,
    rated: bool = True,
    public: bool = True,
    best_of: int = 1,
    seed: int | None = None,
    clock_seconds: int | None = None,
    clock_increment: int = 0,
) -> Tournament:
    """A new tournament in registration; its creator is its organiser (who need not play).
    Django's ValidationError (400) for a field out of bounds or an unknown format."""
    tournament = Tournament(
        organiser=organiser,
        name=name,
        format=format,
        date=date,
        rounds=rounds,
        rated=rated,
        public=public,
        best_of=best_of,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        clock_seconds=clock_seconds,
        clock_increment=clock_increment,
    )
    tournament.full_clean()
    tournament.save()
    return tournament


def tournament_locked(*, tournament_id: int) -> Tournament:
    """The tournament's row, locked for this transaction; Http404 when there is none."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404(f"no tournament {tournament_id}")
    return tournament


def check_organiser(tournament: Tournament, user: Any) -> None:
    """403 for anyone but the organiser."""
    if tournament.organiser_id != user.pk:
        raise NotAllowed(_("Only the organiser of this tournament may do that."), code="not_organiser")


def check_status(tournament: Tournament, *wanted: str) -> None:
    """409 unless the tournament is in one of the ``wanted`` states."""
    if tournament.status not in wanted:
        message = _("The tournament is %(status)s.") % {"status": tournament.get_status_display()}
        raise Conflict(message, code=f"tournament_{tournament.status}")


def deck_source(*, user: Any, deck: Any, game: str) -> tuple[str, str]:
    """(name, list text) of the deck a player registers: a saved deck (own or public) by id, or
    ``{"list": ...}``; a deck of another game is refused (400)."""
    if isinstance(deck, int) and not isinstance(deck, bool) or isinstance(deck, str) and deck.isdigit():
        saved = deck_visible(user=user).filter(pk=int(deck)).first()
        if saved is None:
            raise TournamentError(_("There is no deck %(id)s you may use.") % {"id": deck}, code="unknown_deck")
        if saved.game != game:
            raise TournamentError(_("%(name)s is a deck of another game.") % {"name": saved.name}, code="bad_deck")
        return saved.name, saved.list
    if isinstance(deck, Mapping) and isinstance(deck.get("list"), str):
        return str(deck.get("name") or ""), deck["list"]
    raise TournamentError(_('Give a saved deck\'s id or {"list": ...}.'), code="bad_deck")


def locked_cards(*, text: str, game: str) -> list[dict[str, Any]]:
    """The list's cards as the registration locks them (every section, cards in the API shape)."""
    refs, _problems = refs_from_text(text)
    entries, _unresolved = resolve(refs, card_index(game=game))
    return [{"card": dict(e.card), "count": e.count, "section": e.section} for e in entries]


def player_register(*, tournament_id: int, user: Any, deck: Any) -> Player:
    """Register ``user`` with a deck checked in the tournament's format as of its date (the
    charge list then in force, where the format has charges) and locked as a copy. 400 with
    every problem for an illegal deck; 409 when registered already or once registration closed."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id=tournament_id)
        check_status(tournament, Status.REGISTERING)
        if tournament.players.filter(user=user).exists():
            raise Conflict(_("You are registered for this tournament already."), code="already_registered")
        name, text = deck_source(user=user, deck=deck, game=tournament.game)
        try:
            verdict = deck_validate(format_slug=tournament.format, text=text, as_of=tournament.date)
        except UnknownFormat as error:
            raise TournamentError(str(error), code="unknown_format") from None
        if not verdict["legal"]:
            errors = sum(1 for p in verdict["problems"] if p["severity"] == "error")
            message = _("The deck is not legal in %(format)s on %(date)s: %(n)s problem(s).")
            raise IllegalTournamentDeck(
                message % {"format": tournament.format, "date": tournament.date.isoformat(), "n": errors},
                problems=verdict["problems"],
            )
        player = Player.objects.create(
            tournament=tournament,
            user=user,
            deck_name=name[:200],
            deck_list=text,
            cards=locked_cards(text=text, game=tournament.game),
        )
        live.announce_on_commit(tournament.pk)
    return player


def tournament_start(*, tournament_id: int, user: Any) -> Tournament:
    """The organiser closes registration and pairs round 1 (at random from the seed); ``rounds``
    becomes ceil(log2(players)) when the organiser gave none."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id=tournament_id)
        check_organiser(tournament, user)
        check_status(tournament, Status.REGISTERING)
        count = tournament.players.count()
        if count < 2:
            raise Conflict(_("A tournament needs at least two players."), code="too_few_players")
        tournament.rounds = tournament.rounds or max(1, (count - 1).bit_length())
        tournament.status, tournament.round = Status.RUNNING, 1
        tournament.save(update_fields=["rounds", "status", "round"])
        round_pair(tournament=tournament)
        live.announce_on_commit(tournament.pk)
    return tournament


def check_results_in(tournament: Tournament) -> None:
    """409 naming the tables of the current round whose result is not final."""
    tables = open_tables(tournament=tournament)
    if tables:
        message = _("Round %(round)s still waits for the result of table(s) %(tables)s.")
        text = message % {"round": tournament.round, "tables": ", ".join(str(t) for t in tables)}
        raise Conflict(text, code="results_missing", tables=tables)


def round_next(*, tournament_id: int, user: Any) -> Tournament:
    """The organiser pairs the next round, once every result of the current one is final."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id=tournament_id)
        check_organiser(tournament, user)
        check_status(tournament, Status.RUNNING)
        check_results_in(tournament)
        if tournament.rounds is not None and tournament.round >= tournament.rounds:
            message = _("All %(rounds)s rounds are played: finish the tournament.")
            raise Conflict(message % {"rounds": tournament.rounds}, code="last_round")
        tournament.round += 1
        tournament.save(update_fields=["round"])
        round_pair(tournament=tournament)
        live.announce_on_commit(tournament.pk)
    return tournament


def tournament_finish(*, tournament_id: int, user: Any) -> Tournament:
    """The organiser closes the tournament once every result of the current round is final
    (rounds left unplayed stay unplayed); its lists become public."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id=tournament_id)
        check_organiser(tournament, user)
        check_status(tournament, Status.RUNNING)
        check_results_in(tournament)
        tournament.status, tournament.finished_at = Status.FINISHED, timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        tournament_finished(tournament=tournament)
        live.announce_on_commit(tournament.pk)
    return tournament


def player_drop(*, tournament_id: int, user: Any, player: str | None = None) -> Player | None:
    """A player leaves (or the organiser drops the player named ``player``): no further pairings,
    past results stand. Before the start it withdraws the registration (None then)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id=tournament_id)
        check_status(tournament, Status.REGISTERING, Status.RUNNING)
        if player and player != user.get_username():
            check_organiser(tournament, user)
        name = player or user.get_username()
        entry = tournament.players.filter(user__username=name).first()
        if entry is None:
            raise Conflict(_("%(user)s does not play in this tournament.") % {"user": name}, code="not_registered")
        live.announce_on_commit(tournament.pk)
        if tournament.status == Status.REGISTERING:
            entry.delete()
            return None
        if entry.dropped:
            raise Conflict(_("%(user)s has dropped already.") % {"user": name}, code="already_dropped")
        entry.dropped, entry.dropped_round = True, tournament.round
        entry.save(update_fields=["dropped", "dropped_round"])
    return entry
