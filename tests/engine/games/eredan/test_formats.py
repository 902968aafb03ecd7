"""Eredan's formats on the bundled cards: ``eredan/standard`` (E1-E5), ``eredan/quilingo`` (E6)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.decks import CardIndex, Deck, ValidationResult, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game
from engine.games.eredan.deckrules import ChargeLimit

CARDS = get_game("eredan").bundled_cards()
INDEX = CardIndex(CARDS)
PARENTS = {c["slug"]: c["evolves_from"] for c in CARDS if c.get("evolves_from")}
KOTOBA = sample_decks("eredan/standard")[0]["list"]  # Aez, Iro, Amaya + 30 cards


def validate(text: str, fmt: str = "eredan/standard", **context: Any) -> ValidationResult:
    entries, problems = INDEX.resolve(parse_deck_list(text))
    assert problems == []
    return get_format(fmt).validate(Deck(tuple(entries), {"evolves_from": PARENTS, **context}))


def characters(*names: str) -> str:
    deck = KOTOBA.split("Deck\n", 1)[1]
    return "Characters\n" + "".join(f"1 {n}\n" for n in names) + "Deck\n" + deck


def codes(result: ValidationResult) -> list[str]:
    return [p.code for p in result.problems]


def errors(result: ValidationResult) -> list[str]:
    """The error codes only (a removed character can leave a class card dead: a warning, E5)."""
    return [p.code for p in result.problems if p.severity == "error"]


def test_the_sample_is_legal_and_summed_up() -> None:
    result = validate(KOTOBA)
    assert (result.legal, result.problems) == (True, ())
    assert result.summary == {
        "count": 33,
        "sections": {"characters": 3, "deck": 30},
        "guilds": ["kotoba"],
        "multi_guild": False,
    }


def test_quilingo_is_standard_plus_the_charge_limit() -> None:
    standard, quilingo = get_format("eredan/standard"), get_format("eredan/quilingo")
    assert quilingo.rules[:-1] == standard.rules
    assert quilingo.rules[-1] == ChargeLimit(500, floor=5, decision="E6")


def test_e1_two_characters_are_too_few() -> None:
    assert errors(validate(KOTOBA.replace("1 Amaya\n", ""))) == ["character_count"]


def test_e1_nineteen_other_cards_are_too_few_and_fifty_one_too_many() -> None:
    short = KOTOBA.replace("2 Beutezug\n", "").replace("2 Schwerer Schlag\n", "").replace("2 Gebet\n", "")
    short = short.replace("2 Konter\n", "").replace("2 Ausweichen\n", "").replace("1 Heiltrank\n", "")
    (problem,) = validate(short).problems
    assert problem.message == "The deck has 19 cards; between 20 and 50 are required (E1)."
    extra = "".join(f"2 {n}\n" for n in ("Finte", "Rückzug", "Wachsamkeit", "Meditation", "Rundschild", "Zweite Luft"))
    extra += "".join(f"2 {n}\n" for n in ("Hinterhalt", "Schlachtruf", "Ablenkung", "Dolch", "Speer"))
    assert codes(validate(KOTOBA + extra)) == ["deck_size"]


def test_e2_a_third_copy_is_refused_with_its_line() -> None:
    (problem,) = validate(KOTOBA.replace("2 Katana", "3 Katana")).problems
    assert problem.message == "Katana: 3 copies, at most 2 are allowed (E2)."
    assert (problem.code, problem.cards, problem.line) == ("too_many_copies", ("katana",), 7)


def test_e2_an_evolution_line_shares_the_limit_even_through_an_absent_card() -> None:
    (problem,) = validate(KOTOBA.replace("1 Großer Heiltrank", "1 Elixier des Lebens\n1 Heiltrank")).problems
    assert problem.code == "too_many_copies"
    assert problem.cards == ("heiltrank", "elixier-des-lebens")


def test_e2_a_unique_card_twice() -> None:
    assert codes(validate(KOTOBA + "2 Krone der Könige\n")) == ["unique_card"]


def test_e2_the_same_character_twice() -> None:
    assert errors(validate(KOTOBA.replace("1 Amaya", "1 Iro"))) == ["unique_card", "character_line"]


@pytest.mark.parametrize(
    ("names", "problem_codes", "guilds"),
    [
        (("Telendar", "Iro", "Amaya"), ["guild_conflict"], []),
        (("Aez", "Iro", "Amaya"), [], ["kotoba"]),
    ],
)
def test_e3_seed_examples_with_kotoba_cards(
    names: tuple[str, ...], problem_codes: list[str], guilds: list[str]
) -> None:
    result = validate(characters(*names))
    assert [c for c in codes(result) if c != "dead_card"] == problem_codes
    assert result.summary["guilds"] == guilds


def test_e3_seed_aez_hares_and_zahal_make_a_noz_dingard_deck() -> None:
    result = validate(sample_decks("eredan/standard")[1]["list"])
    assert result.legal and result.summary["guilds"] == ["noz-dingard"]
    assert "1 Aez\n1 Hares der Brutale\n1 Zahal" in sample_decks("eredan/standard")[1]["list"]


def test_e3_three_mercenaries_make_a_guildless_deck_where_kotoba_cards_are_off_guild() -> None:
    result = validate(characters("Aez", "Hares der Brutale", "Vasko der Wanderer"))
    assert result.summary["guilds"] == []
    assert set(codes(result)) == {"off_guild_card", "dead_card"}


def test_e3_nehantist_with_mercenary_is_illegal() -> None:
    assert "nehantist_mercenary" in codes(validate(characters("Morvek", "Nyx die Schattenweberin", "Aez")))


def test_e3_a_courtesan_makes_the_deck_multi_guild() -> None:
    result = validate(characters("Lady Mirelle", "Aez", "Amaya"))
    assert result.legal and result.summary["multi_guild"] is True
    assert result.summary["guilds"] == ["kotoba"]  # Mirelle (kotoba, noz-dingard) and Amaya (kotoba)


def test_e4_seed_katana_is_refused_in_a_noz_dingard_deck() -> None:
    noz = sample_decks("eredan/standard")[1]["list"]
    (problem,) = validate(noz + "1 Katana\n").problems
    assert problem.code == "off_guild_card" and "(E4)" in problem.message


def test_e5_a_mage_spell_without_a_mage_is_a_warning_only() -> None:
    result = validate(KOTOBA + "1 Feuerball\n")
    assert [(p.code, p.severity) for p in result.problems] == [("dead_card", "warning")]
    assert result.legal


def test_e6_quilingo_takes_500_refuses_502_and_standard_only_reports_it() -> None:
    charges = {"katana": 150, "wakizashi": 100, "aez": 4}
    at_limit = validate(KOTOBA, "eredan/quilingo", charges=charges)
    assert at_limit.legal and at_limit.summary["charge"] == 500  # Aez's 4 counts 0
    charges["katana"] = 151
    (problem,) = validate(KOTOBA, "eredan/quilingo", charges=charges).problems
    assert problem.message == "Deck charge 502 is above the limit of 500 (E6); heaviest: Katana 302, Wakizashi 200."
    standard = validate(KOTOBA, charges=charges)
    assert standard.legal and standard.summary["charge"] == 502


def test_banned_cards_from_the_context() -> None:
    (problem,) = validate(KOTOBA, banned=["katana"]).problems
    assert (problem.code, problem.cards) == ("banned_card", ("katana",))


def test_every_problem_at_once() -> None:
    text = characters("Telendar", "Iro", "Iro") + "3 Katana\n1 Feuerball\n"
    result = validate(text, "eredan/quilingo", charges={"katana": 400}, banned=["wakizashi"])
    assert set(codes(result)) >= {
        "too_many_copies",
        "unique_card",
        "character_line",
        "guild_conflict",
        "dead_card",
        "banned_card",
        "charge_limit",
    }
    assert all(p.message.endswith(".") or p.message.endswith("?") for p in result.problems)


def test_e2_a_character_and_its_evolution_are_one_line_and_cannot_share_a_deck() -> None:
    assert {"character_line", "unique_card"} <= set(
        errors(validate(characters("Aez", "Iro", "Iro, Meister der Klinge")))
    )
    assert set(errors(validate(characters("Iro, Meister der Klinge", "Aku der Weise", "Amaya")))) == {
        "off_guild_card"
    }  # no Aez: the mercenary cards


def test_e2_the_two_rune_evolutions_of_thorvald_branch_from_one_line() -> None:
    text = "Characters\n1 Thorvald der Cor-Träger\n1 Thorvald der Nox-Träger\n1 Runa\nDeck\n" + "2 Heiltrank\n" * 10
    assert "character_line" in errors(validate(text))
