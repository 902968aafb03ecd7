"""`manage.py import_cards [PATH ...]`: the bundled sets of all five games, or export_cards files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cards.services import CardImportError, ImportResult, card_import
from engine.core.definition import load_card_file
from engine.games import all_games


class Command(BaseCommand):
    help = "Import cards: with no path every bundled set of the five games; a path takes export_cards JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("paths", nargs="*", type=Path, help="card files (JSON); none: the bundled sets")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, paths: list[Path], no_progress: bool, **options: Any) -> None:
        files = paths or [path for game in all_games() for path in game.bundled_card_files()]
        if not files:
            raise CommandError("no card files found")
        loaded = [(path, self._load(path)) for path in files]
        total = ImportResult()
        failures: list[str] = []
        bar = tqdm(total=sum(len(d["cards"]) for _, d in loaded), unit="card", disable=no_progress or None,
                   file=self.stderr._out)  # fmt: skip
        for path, data in loaded:
            try:
                result = card_import(cards=data["cards"], game=data.get("game"), source=str(path), progress=bar.update)
            except CardImportError as exc:
                failures.extend(str(p) for p in exc.problems)
                continue
            for key in ("created", "updated", "unchanged"):
                setattr(total, key, getattr(total, key) + getattr(result, key))
        bar.close()
        if failures:
            for line in failures:
                self.stderr.write(line)
            raise CommandError(
                f"{len(failures)} problem(s); the files with problems were not imported ({total} from the others)"
            )
        self.stdout.write(f"{len(files)} file(s): {total}")

    def _load(self, path: Path) -> dict[str, Any]:
        try:
            return load_card_file(path)
        except FileNotFoundError:
            raise CommandError(f"{path}: no such file") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise CommandError(f"{path}: not valid JSON ({exc})") from None
        except ValueError as exc:
            raise CommandError(str(exc)) from None
