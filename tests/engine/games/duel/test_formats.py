"""The duel game's format on the bundled cards: A3 (40 cards, at most 3 copies; both settings)."""

from __future__ import annotations

from engine.core.decks import CardIndex, Deck, ValidationResult, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game
from engine.games.duel.formats import standard

INDEX = CardIndex(get_game("duel").bundled_cards())
KNIGHTS = sample_decks("duel/standard")[0]["list"]


def validate(text: str, fmt: object = None) -> ValidationResult:
    entries, problems = INDEX.resolve(parse_deck_list(text))
    assert problems == []
    return (fmt or get_format("duel/standard")).validate(Deck(tuple(entries)))  # type: ignore[attr-defined]


def test_a3_the_sample_has_40_cards_and_is_legal() -> None:
    result = validate(KNIGHTS)
    assert result.legal and result.summary["count"] == 40


def test_a3_a_fourth_copy_is_refused() -> None:
    text = KNIGHTS.replace("3 Schildknappe", "4 Schildknappe").replace("2 Heiltrank\n", "1 Heiltrank\n")
    (problem,) = validate(text).problems
    assert problem.message == "Schildknappe: 4 copies, at most 3 are allowed (A3)."


def test_a3_39_and_41_cards_are_refused() -> None:
    assert [p.code for p in validate(KNIGHTS.replace("2 Heiltrank", "1 Heiltrank")).problems] == ["deck_size"]
    (problem,) = validate(KNIGHTS + "1 Wachhund\n").problems
    assert problem.message == "The deck has 41 cards; exactly 40 are required (A3)."


def test_a3_deck_size_and_copy_limit_are_settings_of_the_format() -> None:
    text = KNIGHTS.replace("3 Schildknappe", "4 Schildknappe")
    assert validate(text, standard(deck_size=41, copy_limit=4)).legal


def test_the_sideboard_is_not_counted_toward_40_but_its_copies_count() -> None:
    assert validate(KNIGHTS + "Side\n3 Wachhund\n").legal
    assert [p.code for p in validate(KNIGHTS + "Side\n1 Schildknappe\n").problems] == ["too_many_copies"]
