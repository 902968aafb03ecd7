"""Ka-Mel-Oh!'s formats on the bundled cards: K1 (60 cards, no copy limit), K3 (violet bounds
per variant), K8 (violet cards without their parts are dead cards)."""

from __future__ import annotations

import pytest

from engine.core.decks import CardIndex, Deck, ValidationResult, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game

INDEX = CardIndex(get_game("kamelo").bundled_cards())
MUTANTS = sample_decks("kamelo/dufo")[0]["list"]  # 60 cards, mutations with their parts
ROTTE = sample_decks("kamelo/wimu")[0]["list"]  # Kamelherde and Beduinenclan: AP 70


def validate(text: str, fmt: str) -> ValidationResult:
    entries, problems = INDEX.resolve(parse_deck_list(text))
    assert problems == []
    return get_format(fmt).validate(Deck(tuple(entries)))


def codes(result: ValidationResult) -> list[str]:
    return [p.code for p in result.problems]


@pytest.mark.parametrize("fmt", ["kamelo/dufo", "kamelo/wimu", "kamelo/koenig"])
def test_k1_exactly_60_cards_in_every_variant(fmt: str) -> None:
    assert validate(MUTANTS, fmt).legal
    (problem,) = validate(MUTANTS.replace("1 Sandsturm\n", ""), fmt).problems
    assert problem.message == "The deck has 59 cards; exactly 60 are required (K1)."
    assert codes(validate(MUTANTS + "1 Streik\n", fmt)) == ["deck_size"]


@pytest.mark.parametrize("fmt", ["kamelo/dufo", "kamelo/wimu", "kamelo/koenig"])
def test_k1_no_copy_limit(fmt: str) -> None:
    result = validate("60 Milchkamel\n", fmt)
    assert result.legal and result.summary["genera"] == {"monster": 60}


def test_k3_the_rotte_bounds_of_wimu_and_koenig_are_refused_by_dufo() -> None:
    assert validate(ROTTE, "kamelo/wimu").legal and validate(ROTTE, "kamelo/koenig").legal
    problems = validate(ROTTE, "kamelo/dufo").problems
    assert [(p.code, p.cards) for p in problems] == [
        ("card_bounds", ("kamelherde",)),
        ("card_bounds", ("beduinenclan",)),
    ]
    assert problems[0].message == (
        "Kamelherde: attributes.ap: 70 is above 60, the violet bound of dufo (K3); "
        "attributes.dp: 60 is above 50, the violet bound of dufo (K3); "
        "attributes.gw: GW 500 is above 400, the violet bound of dufo (K3)."
    )
    assert problems[0].params["fields"].keys() == {"attributes.ap", "attributes.dp", "attributes.gw"}


def test_k8_a_violet_card_without_its_item_or_components_is_a_dead_card() -> None:
    text = MUTANTS.replace("3 Wüstenspringmaus", "3 Erdmännchen").replace("2 Strahlende Dattel", "2 Streik")
    result = validate(text, "kamelo/dufo")
    assert result.legal
    (problem,) = result.problems
    assert (problem.code, problem.severity, problem.cards) == ("dead_card", "warning", ("riesenspringmaus",))
    assert "needs strahlende-dattel, wuestenspringmaus" in problem.message and "(K8)" in problem.message


def test_the_summary_counts_each_genus() -> None:
    summary = validate(MUTANTS, "kamelo/koenig").summary
    assert summary["genera"] == {"item": 18, "monster": 30, "special_item": 6, "special_monster": 6}


def test_a_characters_section_is_not_part_of_kamelo() -> None:
    assert "unknown_section" in codes(validate("Characters\n1 Sphinx\nDeck\n" + MUTANTS, "kamelo/wimu"))
