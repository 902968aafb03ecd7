"""Synthetic Eredan cards and tournament files for the charges tests (the bundled sets may change)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from cards.models import Card, CardSet, Game

SLUGS = ["aez", "iro", "amaya", "katana", "zahal", "schild"]


@pytest.fixture
def eredan(db: Any) -> Game:
    """The game eredan with six cards of a set released 2026-01-01; `zahal` was banned at the start."""
    game, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan iTCG"})
    card_set = CardSet.objects.create(game=game, code="base", name="Basis", released=date(2026, 1, 1))
    for slug in SLUGS:
        Card.objects.create(
            game=game, slug=slug, name=slug.capitalize(), type="item", set=card_set, banned_at_start=slug == "zahal"
        )
    return game


def game(elo0: int, deck0: list[str], elo1: int, deck1: list[str], winner: int | None = 0) -> dict[str, Any]:
    """One game in the file format of api.md."""
    return {
        "players": [{"name": "a", "elo": elo0, "deck": deck0}, {"name": "b", "elo": elo1, "deck": deck1}],
        "winner": winner,
    }


def tournament(name: str, day: str, games: list[dict[str, Any]], fmt: str = "eredan/quilingo") -> dict[str, Any]:
    return {"name": name, "date": day, "format": fmt, "games": games}


@pytest.fixture
def write_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Writes a tournaments file and answers its path."""

    def write(*tournaments: dict[str, Any]) -> Path:
        path = tmp_path / "tournaments.json"
        path.write_text(json.dumps({"tournaments": list(tournaments)}), encoding="utf-8")
        return path

    return write


@pytest.fixture
def lists(eredan: Game) -> None:
    """A list dated 2026-11-10 (Q1 only) and one dated 2026-11-20 (Q1 and Q2)."""
    from charges.services import charge_list_recompute, tournaments_import

    tournaments_import(
        data={
            "tournaments": [
                tournament("Q1", "2026-11-05", [game(1600, ["aez"], 1550, ["iro"], 1)]),
                tournament("Q2", "2026-11-12", [game(1650, ["iro", "katana"], 1500, ["aez"])]),
            ]
        }
    )
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 10))
    charge_list_recompute(game="eredan", as_of=date(2026, 11, 20))
