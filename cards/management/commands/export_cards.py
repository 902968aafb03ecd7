"""`manage.py export_cards --game G`: every card of a game as JSON, in the API's card shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from cards.services import card_export
from engine.games import SLUGS


class Command(BaseCommand):
    help = "Export every card of a game as JSON (import_cards reads it back unchanged)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--game", required=True, choices=SLUGS)
        parser.add_argument("--output", "-o", type=Path, help="write to this file instead of standard output")

    def handle(self, *args: Any, game: str, output: Path | None, **options: Any) -> None:
        data = card_export(game=game)
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror}") from None
        self.stderr.write(f"{game}: {len(data['cards'])} cards written to {output}")
