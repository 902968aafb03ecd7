"""Every bundled sample deck resolves against its game's bundled cards and is legal in its format
(api.md: ``GET games/`` offers them, ``decks/validate/`` must accept them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import samples
from engine.core.decks import CardIndex, Deck, DeckFormat, parse_deck_list
from engine.core.samples import sample_files
from engine.games import all_games, get_game, sample_decks

FORMATS = [slug for game in all_games() for slug in game.formats]
# The formats that matches use need two samples each (issue 4).
TWO_SAMPLES = {
    "kamelo/dufo",
    "kamelo/wimu",
    "kamelo/koenig",
    "eredan/standard",
    "realmon/basis",
    "duel/standard",
}


def game_cards(game_slug: str) -> list[dict[str, Any]]:
    cards = get_game(game_slug).bundled_cards()
    if not cards:
        pytest.skip(f"{game_slug} has no bundled cards yet")
    return cards


def context(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """What the service passes: the evolution map (E2) and the charges at the system's start (E7:
    200 for a card banned at start, else 0, unless a card carries its own charge)."""
    charges = {c["slug"]: c.get("charge") or (200 if c.get("banned_at_start") else 0) for c in cards}
    parents = {c["slug"]: c["evolves_from"] for c in cards if c.get("evolves_from")}
    return {"charges": charges, "evolves_from": parents}


@pytest.mark.parametrize("format_slug", FORMATS)
def test_every_format_has_its_sample_decks(format_slug: str) -> None:
    game_cards(format_slug.split("/")[0])
    assert len(sample_decks(format_slug)) >= (2 if format_slug in TWO_SAMPLES else 1)


@pytest.mark.parametrize("format_slug", FORMATS)
def test_every_sample_deck_resolves_and_is_legal(format_slug: str) -> None:
    game = format_slug.split("/")[0]
    cards = game_cards(game)
    index = CardIndex(cards)
    fmt: DeckFormat = get_game(game).formats[format_slug]
    for sample in sample_decks(format_slug):
        entries, problems = index.resolve(parse_deck_list(sample["list"]))
        assert problems == [], (sample["name"], problems)
        result = fmt.validate(Deck(tuple(entries), context(cards)))
        errors = [p.message for p in result.problems if p.severity == "error"]
        assert errors == [], (sample["name"], errors)


def test_a_sample_has_its_name_from_the_first_line_and_numbers_sort_numerically(tmp_path: Path) -> None:
    folder = tmp_path / "duel" / "data" / "samples"
    folder.mkdir(parents=True)
    (folder / "standard-10.txt").write_text("# Zehn\n40 Ritter\n", encoding="utf-8")
    (folder / "standard-2.txt").write_text("# Zwei\n\nDeck\n40 Ritter\n", encoding="utf-8")
    (folder / "standardx-1.txt").write_text("# not mine\n", encoding="utf-8")
    (folder / "basis-1.txt").write_text("40 Ritter\n", encoding="utf-8")
    assert samples.sample_decks("duel/standard", root=tmp_path) == [
        {"name": "Zwei", "list": "Deck\n40 Ritter\n"},
        {"name": "Zehn", "list": "40 Ritter\n"},
    ]
    assert samples.sample_decks("duel/basis", root=tmp_path) == [{"name": "basis-1", "list": "40 Ritter\n"}]
    assert samples.sample_decks("duel/none", root=tmp_path) == []


@pytest.mark.parametrize("slug", ["../etc", "eredan", "eredan/../../x", "Eredan/standard"])
def test_a_malformed_format_slug_is_refused(slug: str) -> None:
    with pytest.raises(ValueError, match="not a format slug"):
        sample_files(slug)
