"""`import_tournaments PATH` (api.md): validated per game, all or nothing, idempotent (E7's input)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from charges.models import Tournament, TournamentGame
from tests.charges.conftest import game, tournament

pytestmark = pytest.mark.django_db

GOOD = tournament("Quilingo 12", "2026-11-12", [game(1610, ["aez", "iro", "katana"], 1480, ["amaya"])])


def run(path: Path, *args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_tournaments", str(path), *args, stdout=out, stderr=err, verbosity=0)
    return out.getvalue(), err.getvalue()


def test_e7_it_imports_tournaments_with_their_games(eredan: Any, write_file: Any) -> None:
    out, _ = run(
        write_file(GOOD, tournament("Quilingo 13", "2026-11-19", [game(1700, ["Iro"], 1500, ["zahal"], None)] * 3))
    )
    assert "imported 2 tournament(s) with 4 game(s)" in out
    stored = TournamentGame.objects.get(tournament__name="Quilingo 12")
    assert (stored.player0_elo, stored.player0_deck, stored.player1_deck, stored.winner) == (
        1610,
        ["aez", "iro", "katana"],
        ["amaya"],
        0,
    )
    # names resolve to slugs (case-insensitive), a null winner is a draw
    assert TournamentGame.objects.filter(tournament__name="Quilingo 13", player0_deck=["iro"], winner=None).count() == 3


def test_e7_a_second_import_changes_nothing(eredan: Any, write_file: Any) -> None:
    path = write_file(GOOD)
    run(path)
    before = list(TournamentGame.objects.values_list("id", flat=True))
    out, _ = run(path)
    assert "imported 0 tournament(s)" in out and "1 already present" in out
    assert list(TournamentGame.objects.values_list("id", flat=True)) == before


def test_e7_replace_replaces_the_games_of_a_tournament_already_present(eredan: Any, write_file: Any) -> None:
    run(write_file(GOOD))
    changed = tournament("Quilingo 12", "2026-11-12", [game(1900, ["zahal"], 1500, ["iro"], 1)] * 2)
    out, _ = run(write_file(changed), "--replace")
    assert "1 replaced" in out
    assert Tournament.objects.count() == 1
    assert list(TournamentGame.objects.values_list("player0_elo", flat=True)) == [1900, 1900]


@pytest.mark.parametrize(
    ("bad_game", "message"),
    [
        (game(1610, ["aez", "nosuchcard"], 1500, ["iro"]), "unknown card 'nosuchcard'"),
        (game(9999, ["aez"], 1500, ["iro"]), "Elo 9999 is out of range"),
        (game(-5, ["aez"], 1500, ["iro"]), "Elo -5 is out of range"),
        (game(1610, ["aez"], 1500, ["iro"], winner=2), "winner 2 must be 0, 1 or null"),
        ({"players": [{"name": "a", "elo": 1600, "deck": ["aez"]}]}, "players must be a list of exactly 2"),
        (game(1610, [], 1500, ["iro"]), "deck must be a non-empty list"),
        ("not a game", "not an object"),
    ],
)
def test_e7_a_faulty_game_is_reported_and_nothing_is_imported(
    eredan: Any, write_file: Any, bad_game: Any, message: str
) -> None:
    faulty = tournament("Quilingo 13", "2026-11-19", [game(1600, ["aez"], 1500, ["iro"]), bad_game])
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_tournaments", str(write_file(GOOD, faulty)), stderr=err, stdout=StringIO(), verbosity=0)
    assert err.getvalue().startswith("tournament 2 'Quilingo 13', game 2")
    assert message in err.getvalue()
    assert Tournament.objects.count() == 0
    assert TournamentGame.objects.count() == 0


def test_e7_every_problem_is_one_line_naming_tournament_game_and_player(eredan: Any, write_file: Any) -> None:
    faulty = tournament(
        "Quilingo 13",
        "2026-11-19",
        [game(1600, ["aez"], 1500, ["iro"]), game(1600, ["nope"], 5000, ["iro"]), game(1600, ["aez"], 1500, ["x"])],
    )
    err = StringIO()
    with pytest.raises(CommandError, match="3 problem"):
        call_command("import_tournaments", str(write_file(faulty)), stderr=err, stdout=StringIO(), verbosity=0)
    lines = err.getvalue().strip().splitlines()
    assert lines == [
        "tournament 1 'Quilingo 13', game 2, player 1: unknown card 'nope'",
        "tournament 1 'Quilingo 13', game 2, player 2: Elo 5000 is out of range 0-4000",
        "tournament 1 'Quilingo 13', game 3, player 2: unknown card 'x'",
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"tournaments": [{"name": "", "date": "2026-11-12", "format": "eredan/quilingo", "games": []}]},
            "name must be",
        ),
        (
            {"tournaments": [{"name": "Q", "date": "12.11.2026", "format": "eredan/quilingo", "games": []}]},
            "not a date",
        ),
        ({"tournaments": [{"name": "Q", "date": "2026-11-12", "format": "chess/blitz", "games": []}]}, "format"),
        ({"tournaments": [GOOD, GOOD]}, "appears twice"),
        ({"games": []}, '"tournaments"'),
    ],
)
def test_e7_a_malformed_tournament_is_refused(eredan: Any, tmp_path: Path, data: Any, message: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_tournaments", str(path), stderr=err, stdout=StringIO(), verbosity=0)
    assert message in err.getvalue()
    assert Tournament.objects.count() == 0


def test_e7_a_file_that_is_not_json_names_the_line(eredan: Any, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"tournaments": [\n  {"name": }\n]}', encoding="utf-8")
    with pytest.raises(CommandError, match="line 2"):
        run(path)
