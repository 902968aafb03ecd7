"""Realmon's formats on the bundled cards: R1 (basis: exactly 22 monsters 6/5/4/3/2/2; lang: any
multiple of 22 in the same proportions)."""

from __future__ import annotations

from engine.core.decks import CardIndex, Deck, ValidationResult, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game

INDEX = CardIndex(get_game("realmon").bundled_cards())
BASIS = sample_decks("realmon/basis")[0]["list"]
LANG = sample_decks("realmon/lang")[0]["list"]


def validate(text: str, fmt: str) -> ValidationResult:
    entries, problems = INDEX.resolve(parse_deck_list(text))
    assert problems == []
    return get_format(fmt).validate(Deck(tuple(entries)))


def test_r1_basis_sample_is_legal_and_counts_its_stages() -> None:
    result = validate(BASIS, "realmon/basis")
    assert result.legal
    assert result.summary["stages"] == {"1": 6, "2": 5, "3": 4, "4": 3, "5": 2, "6": 2}


def test_r1_basis_refuses_a_seventh_symbiont() -> None:
    (problem,) = validate(BASIS + "1 Nebelmaus\n", "realmon/basis").problems
    assert problem.code == "stage_distribution"
    assert "stage 1: 7 instead of 6" in problem.message and "(R1)" in problem.message


def test_r1_basis_refuses_44_monsters_that_lang_takes() -> None:
    assert validate(LANG, "realmon/lang").legal
    assert [p.code for p in validate(LANG, "realmon/basis").problems] == ["stage_distribution"]


def test_r1_lang_takes_22_too_but_not_23() -> None:
    assert validate(BASIS, "realmon/lang").legal
    (problem,) = validate(BASIS + "1 Nebelmaus\n", "realmon/lang").problems
    assert "23 monsters is not a multiple of 22" in problem.message


def test_r1_combat_and_action_cards_do_not_count_as_monsters() -> None:
    assert validate(BASIS + "3 Rückenwind\n2 Steinhaut\n", "realmon/basis").legal
