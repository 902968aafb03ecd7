"""import_cards / export_cards: idempotent, exact round trip, all-or-nothing with one line per bad field."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CardStat, CardWord
from engine.games import all_games

pytestmark = pytest.mark.django_db

GOOD = {
    "game": "kamelo",
    "set": {"code": "t1", "name": "Testset", "released": "2026-01-01"},
    "cards": [
        {"slug": "testkamel", "name": "Testkamel", "names": {"de": "Testkamel", "en": "Test Camel"}, "type": "monster",
         "cost": 2, "rarity": "common", "attributes": {"ap": 20, "dp": 10, "lp": 50, "hk": 3}, "text": "Ein Kamel."},
        {"slug": "testkamel-gross", "name": "Großes Testkamel", "type": "monster", "cost": 3,
         "evolves_from": "testkamel", "attributes": {"ap": 30, "dp": 10, "lp": 60, "hk": 2}},
    ],
}  # fmt: skip


def write(tmp_path: Path, data: Any, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def run(*args: Any) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_cards", *args, "--no-progress", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_imports_a_file_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    assert "2 created" in run(str(path))[0]
    before = list(Card.objects.values_list("slug", "updated").order_by("slug"))
    assert "2 unchanged" in run(str(path))[0]
    assert list(Card.objects.values_list("slug", "updated").order_by("slug")) == before
    assert Card.objects.get(slug="testkamel-gross").evolves_from.slug == "testkamel"


def test_it_indexes_numeric_attributes_and_folded_words(tmp_path: Path) -> None:
    run(str(write(tmp_path, GOOD)))
    card = Card.objects.get(slug="testkamel-gross")
    assert dict(card.stats.values_list("key", "value")) == {"ap": 30, "dp": 10, "lp": 60, "hk": 2}
    assert card.name_folded == "grosses testkamel"
    assert CardWord.objects.filter(card=card, word="grosses").exists()


def test_it_refuses_a_bad_file_whole_naming_file_card_and_field(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(GOOD))
    bad["cards"][1]["attributes"]["ap"] = 99  # K3: yellow AP at most 60
    bad["cards"][0]["cost"] = 7  # K3: price at most 6
    path = write(tmp_path, bad, "bad.json")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), "--no-progress", stdout=StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert any("bad.json" in ln and "testkamel-gross" in ln and "attributes.ap" in ln for ln in lines)
    assert any("bad.json" in ln and "testkamel:" in ln and "cost" in ln for ln in lines)
    assert Card.objects.filter(game__slug="kamelo").count() == 0
    assert CardStat.objects.count() == 0


def test_it_refuses_an_unknown_parent_and_duplicate_slugs(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(GOOD))
    bad["cards"][1]["evolves_from"] = "nobody"
    bad["cards"].append(dict(bad["cards"][0]))
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(write(tmp_path, bad)), "--no-progress", stdout=StringIO(), stderr=err)
    assert "evolves_from" in err.getvalue() and "appears twice" in err.getvalue()


def test_it_says_which_file_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="broken.json: not valid JSON"):
        run(str(path))
    with pytest.raises(CommandError, match="no such file"):
        run(str(tmp_path / "missing.json"))


def test_export_then_import_is_an_exact_round_trip(tmp_path: Path, bundled_cards: None) -> None:
    for game in ("eredan", "kamelo"):
        out = tmp_path / f"{game}.json"
        call_command("export_cards", "--game", game, "-o", str(out), stderr=StringIO())
        first = json.loads(out.read_text(encoding="utf-8"))
        assert first["game"] == game and len(first["cards"]) == Card.objects.filter(game__slug=game).count()
        stdout, _ = run(str(out))
        assert " 0 created, 0 updated" in " " + stdout
        call_command("export_cards", "--game", game, "-o", str(out), stderr=StringIO())
        assert json.loads(out.read_text(encoding="utf-8")) == first


def test_export_cards_writes_the_api_shape(bundled_cards: None) -> None:
    out = StringIO()
    call_command("export_cards", "--game", "eredan", stdout=out)
    card = json.loads(out.getvalue())["cards"][0]
    assert {"game", "slug", "name", "names", "type", "set", "guilds", "cost", "rarity", "unique", "evolves_from",
            "text", "attributes"} <= set(card)  # fmt: skip


def test_the_bundled_import_is_idempotent(bundled_cards: None) -> None:
    out, _ = run()
    assert " 0 created, 0 updated" in " " + out
    assert Card.objects.values("game__slug").distinct().count() == len(all_games())  # the toy game's too


def test_a_slug_that_is_not_text_is_a_field_error_not_a_crash(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(GOOD))
    bad["cards"][0]["slug"] = ["not", "text"]
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(write(tmp_path, bad)), "--no-progress", stdout=StringIO(), stderr=err)
    assert "slug" in err.getvalue() and Card.objects.count() == 0
