"""Writes of the charge system: importing tournaments, computing a charge list (E7)."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils import timezone

from cards.models import Card, CardStat, Game
from charges.conf import charge_constants, points_system
from charges.importing import FileChecker, TournamentRow
from charges.models import ChargeList, ChargeValue, Tournament, TournamentGame
from charges.selectors import banned_cards, charges_in_force, current_charges_forget, pinned_charges
from engine.core import points


class TournamentImportError(ValueError):
    """The file has problems; nothing was imported. ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s); nothing imported")
        self.problems = problems


@dataclass
class ImportSummary:
    """What an import did: tournaments and games written, tournaments already there (by name and date)."""

    imported: int = 0
    games: int = 0
    skipped: list[str] = field(default_factory=list)
    replaced: int = 0

    def __str__(self) -> str:
        return (
            f"imported {self.imported} tournament(s) with {self.games} game(s); "
            f"{len(self.skipped)} already present (skipped), {self.replaced} replaced"
        )


def tournaments_import(
    *, data: Any, replace: bool = False, on_game: Callable[[int], None] | None = None
) -> ImportSummary:
    """Import tournaments from a parsed results file (api.md): all or nothing.

    Every problem of the file raises :class:`TournamentImportError` before anything is written.
    A tournament already present (same name and date) is skipped, so a second run changes
    nothing; with ``replace`` its games are replaced instead. ``on_game(n)`` reports progress.
    """
    checker = FileChecker()
    rows = checker.check(data)
    if checker.problems:
        raise TournamentImportError(checker.problems)
    games = {g.slug: g for g in Game.objects.filter(slug__in={row.game for row in rows})}
    missing = sorted({row.game for row in rows} - set(games))
    if missing:
        raise TournamentImportError([f"game {slug!r} has no cards imported yet" for slug in missing])
    summary = ImportSummary()
    with transaction.atomic():
        for row in rows:
            _import_one(row, games[row.game], replace, summary, on_game)
    return summary


def _import_one(
    row: TournamentRow, game: Game, replace: bool, summary: ImportSummary, on_game: Callable[[int], None] | None
) -> None:
    existing = Tournament.objects.filter(name=row.name, date=row.date).first()
    if existing is not None and not replace:
        summary.skipped.append(str(existing))
        if on_game:
            on_game(len(row.games))
        return
    if existing is not None:
        existing.delete()
        summary.replaced += 1
    tournament = Tournament.objects.create(game=game, name=row.name, date=row.date, format=row.format)
    for start in range(0, len(row.games), 1000):
        batch = row.games[start : start + 1000]
        TournamentGame.objects.bulk_create(_game_model(tournament, g) for g in batch)
        if on_game:
            on_game(len(batch))
    summary.imported += 1
    summary.games += len(row.games)


def _game_model(tournament: Tournament, game: Any) -> TournamentGame:
    first, second = game.players
    return TournamentGame(
        tournament=tournament,
        number=game.number,
        player0_name=first.name,
        player0_elo=first.elo,
        player0_deck=first.deck,
        player1_name=second.name,
        player1_elo=second.elo,
        player1_deck=second.deck,
        winner=game.winner,
    )


def _load_tournaments(*, game: str, as_of: date, constants: Any) -> list[points.Tournament]:
    """The tournaments the update counts, with their games: one query for the games of all of them."""
    eligible = Tournament.objects.filter(format=constants.format, date__lt=as_of)
    heads = {(name, day): pk for pk, name, day in eligible.values_list("id", "name", "date")}
    counted = points_system(game).counted(
        [points.Tournament(name, day, constants.format, []) for name, day in heads], as_of, constants
    )
    ids = [heads[(t.name, t.date)] for t in counted]
    games: dict[int, list[points.TournamentGame]] = {pk: [] for pk in ids}
    # Decks come as JSON text and are decoded a chunk at a time: one json.loads per game costs
    # more than the whole formula (E7's benchmark: 40,000 games).
    rows = (
        TournamentGame.objects.filter(tournament_id__in=ids)
        .annotate(deck0=Cast("player0_deck", TextField()), deck1=Cast("player1_deck", TextField()))
        .values_list("tournament_id", "player0_elo", "deck0", "player1_elo", "deck1", "winner")
        .iterator(chunk_size=5000)
    )
    for chunk in iter(lambda: list(itertools.islice(rows, 5000)), []):
        decks = iter(json.loads("[" + ",".join(d for row in chunk for d in (row[2], row[4])) + "]"))
        for pk, elo0, _, elo1, _, winner in chunk:
            players = (points.Player("", elo0, next(decks)), points.Player("", elo1, next(decks)))
            games[pk].append(points.TournamentGame(players, winner))
    return [points.Tournament(t.name, t.date, t.format, games[pk]) for t, pk in zip(counted, ids, strict=True)]


def _with_system_start(constants: Any, game: Game, as_of: date) -> Any:
    """Unless CHARGE_SYSTEM_START says otherwise, the system began with the game's first charge list.

    So the first update gives a card banned at the start 200 (every counted tournament predates the
    system), and later updates move it with its use as tournaments after the start fill the window.
    """
    if constants.system_start is not None:
        return constants
    first = ChargeList.objects.filter(game=game).order_by("date").values_list("date", flat=True).first()
    return dataclasses.replace(constants, system_start=min(first, as_of) if first else as_of)


def charge_list_recompute(*, game: str, as_of: date | None = None, constants: Any = None) -> ChargeList:
    """One charge update (E7): a new ChargeList of ``game`` dated ``as_of`` (default today).

    Loads the counted tournaments in one pass, runs the pure formula with the active pins, bulk
    inserts one value per card, then rewrites the cards' ``charge`` search stats.
    """
    game_row = Game.objects.get(slug=game)
    as_of = as_of or timezone.localdate()
    constants = _with_system_start(constants or charge_constants(game), game_row, as_of)
    card_rows = list(Card.objects.filter(game=game_row).values_list("id", "slug", "set__released", "banned_at_start"))
    pins = pinned_charges(game=game)
    result = points_system(game).formula(
        as_of=as_of,
        tournaments=_load_tournaments(game=game, as_of=as_of, constants=constants),
        cards=[points.CardInfo(slug, released, banned) for _, slug, released, banned in card_rows],
        pins=pins,
        bans=banned_cards(game=game, format=constants.format),
        constants=constants,
    )
    parameters = {
        **constants.to_json(),
        "tournaments": [{"name": t.name, "date": t.date.isoformat(), "games": len(t.games)} for t in result.counted],
        "newest_tournament": result.newest.isoformat() if result.newest else None,
        "pins": pins,
    }
    with transaction.atomic():
        charge_list = ChargeList.objects.create(game=game_row, date=as_of, parameters=parameters)
        ChargeValue.objects.bulk_create(
            (ChargeValue(list=charge_list, card_id=pk, charge=result.charges[slug]) for pk, slug, _, _ in card_rows),
            batch_size=2000,
        )
        card_charge_stats_write(game=game_row)
    current_charges_forget(game=game)
    return charge_list


def card_charge_stats_write(*, game: Game) -> int:
    """Rewrite the ``charge`` CardStat of every card of ``game`` from the charges in force today."""
    charges = charges_in_force(game=game.slug)
    ids = dict(Card.objects.filter(game=game).values_list("slug", "id"))
    CardStat.objects.filter(card__game=game, key="charge").delete()
    stats = [CardStat(card_id=ids[slug], key="charge", value=value) for slug, value in charges.items() if slug in ids]
    CardStat.objects.bulk_create(stats, batch_size=2000)
    return len(stats)


def charge_pins_changed(*, game: Game) -> None:
    """After a pin or ban changed: today's charges are recomputed from the lists and pins, so the
    card search's ``charge`` stats follow at once (not only at the next recompute)."""
    current_charges_forget(game=game.slug)
    transaction.on_commit(lambda: card_charge_stats_write(game=game))
