"""`manage.py import_tournaments PATH`: tournament results (api.md's format), all or nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from charges.services import TournamentImportError, tournaments_import


class Command(BaseCommand):
    help = "Import tournament results (E7's input). Validated; nothing is imported when a game is faulty."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path)
        parser.add_argument("--replace", action="store_true", help="replace tournaments already present")

    def handle(self, *args: Any, path: Path, replace: bool, **options: Any) -> None:
        data = _read(path)
        total = sum(len(t.get("games") or []) for t in data.get("tournaments") or [] if isinstance(t, dict))
        quiet = options["verbosity"] == 0
        with tqdm(total=total, unit="game", disable=quiet, file=self.stderr) as bar:
            try:
                summary = tournaments_import(data=data, replace=replace, on_game=bar.update)
            except TournamentImportError as error:
                bar.close()
                for problem in error.problems:
                    self.stderr.write(problem)
                raise CommandError(str(error)) from None
        self.stdout.write(str(summary))


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise CommandError(f"{path}: line {error.lineno}, column {error.colno}: {error.msg}") from None
    if not isinstance(data, dict):
        raise CommandError(f'{path}: expected an object {{"tournaments": [...]}}')
    return data
