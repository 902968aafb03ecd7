"""Reading and checking a tournament results file (api.md's format) before anything is written.

Every problem is collected, one line each, naming the tournament, the game and the player, so the
organiser can fix the whole file at once; ``tournaments_import`` writes nothing when there is one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from cards.folding import fold
from cards.models import Card
from charges.conf import CHARGE_ELO_MAX, CHARGE_ELO_MIN
from engine.games import SLUGS


@dataclass
class PlayerRow:
    """A checked player: name, Elo, deck as card slugs."""

    name: str
    elo: int
    deck: list[str]


@dataclass
class GameRow:
    """A checked game: its position, two players, the winner (0, 1 or None for a draw)."""

    number: int
    players: list[PlayerRow]
    winner: int | None


@dataclass
class TournamentRow:
    """A checked tournament with its games."""

    name: str
    date: date
    format: str
    games: list[GameRow] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.format.split("/", 1)[0]


class CardLookup:
    """Resolves a deck entry (slug, or exact name case- and accent-insensitively) to a card slug."""

    def __init__(self) -> None:
        self._games: dict[str, tuple[set[str], dict[str, set[str]]]] = {}

    def _load(self, game: str) -> tuple[set[str], dict[str, set[str]]]:
        if game not in self._games:
            slugs: set[str] = set()
            names: dict[str, set[str]] = {}
            for slug, name_folded in Card.objects.filter(game__slug=game).values_list("slug", "name_folded"):
                slugs.add(slug)
                names.setdefault(name_folded, set()).add(slug)
            self._games[game] = (slugs, names)
        return self._games[game]

    def resolve(self, game: str, entry: str) -> tuple[str | None, str | None]:
        """(slug, None) or (None, problem)."""
        slugs, names = self._load(game)
        if entry in slugs:
            return entry, None
        matches = names.get(fold(entry), set())
        if len(matches) == 1:
            return next(iter(matches)), None
        if matches:
            return None, f"ambiguous card {entry!r} ({', '.join(sorted(matches))})"
        return None, f"unknown card {entry!r}"


class FileChecker:
    """Walks the parsed file, building rows and collecting one problem line per fault."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.cards = CardLookup()

    def check(self, data: Any) -> list[TournamentRow]:
        if not isinstance(data, dict) or not isinstance(data.get("tournaments"), list):
            self.problems.append('the file must be an object {"tournaments": [...]}')
            return []
        rows = [self._tournament(i, t) for i, t in enumerate(data["tournaments"], start=1)]
        checked = [row for row in rows if row is not None]
        seen: set[tuple[str, date]] = set()
        for row in checked:
            if (row.name, row.date) in seen:
                self.problems.append(f"tournament {row.name!r} ({row.date}): appears twice in the file")
            seen.add((row.name, row.date))
        return checked

    def _tournament(self, index: int, data: Any) -> TournamentRow | None:
        where = f"tournament {index}"
        if not isinstance(data, dict):
            self.problems.append(f"{where}: not an object")
            return None
        name, day, fmt = data.get("name"), data.get("date"), data.get("format")
        ok = True
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            self.problems.append(f"{where}: name must be a non-empty text of at most 200 characters")
            ok = False
        else:
            where = f"tournament {index} {name!r}"
        parsed = _parse_date(day)
        if parsed is None:
            self.problems.append(f"{where}: date {day!r} is not a date YYYY-MM-DD")
            ok = False
        if not isinstance(fmt, str) or "/" not in fmt or fmt.split("/", 1)[0] not in SLUGS:
            self.problems.append(f"{where}: format {fmt!r} is not a format such as '<game>/<format>'")
            ok = False
        if not isinstance(data.get("games"), list):
            self.problems.append(f"{where}: games must be a list")
            ok = False
        if not ok:
            return None
        row = TournamentRow(name=name.strip(), date=parsed, format=fmt)  # type: ignore[arg-type, union-attr]
        for number, game in enumerate(data["games"], start=1):
            checked = self._game(f"{where}, game {number}", row.game, number, game)
            if checked is not None:
                row.games.append(checked)
        return row

    def _game(self, where: str, game_slug: str, number: int, data: Any) -> GameRow | None:
        if not isinstance(data, dict):
            self.problems.append(f"{where}: not an object")
            return None
        players, winner = data.get("players"), data.get("winner")
        if not isinstance(players, list) or len(players) != 2:
            self.problems.append(f"{where}: players must be a list of exactly 2")
            return None
        ok = True
        if winner is not None and (isinstance(winner, bool) or winner not in (0, 1)):
            self.problems.append(f"{where}: winner {winner!r} must be 0, 1 or null (a draw)")
            ok = False
        rows = [self._player(f"{where}, player {i + 1}", game_slug, p) for i, p in enumerate(players)]
        if not ok or any(r is None for r in rows):
            return None
        return GameRow(number=number, players=rows, winner=winner)  # type: ignore[arg-type]

    def _player(self, where: str, game_slug: str, data: Any) -> PlayerRow | None:
        if not isinstance(data, dict):
            self.problems.append(f"{where}: not an object")
            return None
        name, elo, deck = data.get("name"), data.get("elo"), data.get("deck")
        before = len(self.problems)
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            self.problems.append(f"{where}: name must be a non-empty text of at most 100 characters")
        if isinstance(elo, bool) or not isinstance(elo, int) or not CHARGE_ELO_MIN <= elo <= CHARGE_ELO_MAX:
            self.problems.append(f"{where}: Elo {elo!r} is out of range {CHARGE_ELO_MIN}-{CHARGE_ELO_MAX}")
        slugs: list[str] = []
        if not isinstance(deck, list) or not deck:
            self.problems.append(f"{where}: deck must be a non-empty list of cards")
        else:
            for entry in deck:
                slug, problem = (
                    self.cards.resolve(game_slug, entry) if isinstance(entry, str) else (None, "a card must be a text")
                )
                if problem:
                    self.problems.append(f"{where}: {problem}")
                elif slug:
                    slugs.append(slug)
        if len(self.problems) > before:
            return None
        return PlayerRow(name=name.strip(), elo=elo, deck=slugs)  # type: ignore[union-attr, arg-type]


def _parse_date(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
