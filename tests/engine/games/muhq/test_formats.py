"""muhq's draft format on the bundled cards: M3 (a drafted store of 10 to 25 cards, at most 2
copies of a card, no sideboard; see engine/games/muhq/formats.py for the choices)."""

from __future__ import annotations

from engine.core.decks import CardIndex, Deck, ValidationResult, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game

INDEX = CardIndex(get_game("muhq").bundled_cards())
STORE = sample_decks("muhq/draft")[0]["list"]  # 20 cards


def validate(text: str) -> ValidationResult:
    entries, problems = INDEX.resolve(parse_deck_list(text))
    assert problems == []
    return get_format("muhq/draft").validate(Deck(tuple(entries)))


def codes(result: ValidationResult) -> list[str]:
    return [p.code for p in result.problems]


def test_m3_the_sample_store_is_legal() -> None:
    result = validate(STORE)
    assert result.legal and result.summary["count"] == 20


def test_m3_the_draft_stops_at_25_cards() -> None:
    assert validate(STORE + "1 Nachschub\n1 Bauer\n1 Wolf\n1 Bär\n1 Dieb\n").legal
    (problem,) = validate(STORE + "1 Nachschub\n1 Bauer\n1 Wolf\n1 Bär\n1 Dieb\n1 Hirsch\n").problems
    assert problem.message == "The deck has 26 cards; between 10 and 25 are required (M3)."


def test_m3_a_store_holds_at_least_one_pile_of_10() -> None:
    assert validate("2 Soldat\n2 Bogenschütze\n2 Schildträger\n2 Heilung\n2 Pfeilhagel\n").legal
    assert codes(validate("2 Soldat\n2 Bogenschütze\n2 Schildträger\n2 Heilung\n1 Pfeilhagel\n")) == ["deck_size"]


def test_m3_at_most_two_copies_of_a_card() -> None:
    (problem,) = validate(STORE.replace("2 Soldat", "3 Soldat")).problems
    assert problem.message == "Soldat: 3 copies, at most 2 are allowed (M3)."


def test_m3_a_draft_has_no_sideboard() -> None:
    assert codes(validate(STORE + "Side\n1 Wolf\n")) == ["unknown_section"]
