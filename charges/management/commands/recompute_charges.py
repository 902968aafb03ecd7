"""`manage.py recompute_charges [--game GAME] [--as-of DATE]`: one charge update (E7); the game
by default is the one game with charges."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from charges.conf import default_game, no_charges
from charges.selectors import has_charges
from charges.services import charge_list_recompute


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--as-of {value!r} is not a date YYYY-MM-DD") from None


class Command(BaseCommand):
    help = "Compute a new charge list dated DATE (default today) from the last 8 Quilingo tournaments (E7)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=None, help="a game with charges (default: the one there is)")
        parser.add_argument("--as-of", dest="as_of", type=str, default=None, help="YYYY-MM-DD (default today)")

    def handle(self, *args: Any, game: str | None, as_of: str | None, **options: Any) -> None:
        game = game or default_game()
        if not has_charges(game):
            raise CommandError(no_charges(game))
        charge_list = charge_list_recompute(game=game, as_of=_date(as_of) if as_of else None)
        counted = charge_list.parameters["tournaments"]
        charged = charge_list.values.filter(charge__gte=5).count()
        self.stdout.write(
            f"charge list {charge_list.pk} of {game} dated {charge_list.date}: "
            f"{charge_list.values.count()} cards, {charged} with charge >= 5, "
            f"from {len(counted)} tournament(s) and {sum(t['games'] for t in counted)} game(s)"
        )
