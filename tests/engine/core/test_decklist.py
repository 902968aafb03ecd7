"""The deck-list syntax of api.md and name resolution (engine.core.decklist)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.decks import CardIndex, ListLine, ambiguous_card, fold, parse_deck_list, unknown_card


def test_a_list_without_headers_is_all_deck() -> None:
    parsed = parse_deck_list("2 Katana\n1 Wakizashi")
    assert parsed.lines == [ListLine(2, "Katana", "deck", 1), ListLine(1, "Wakizashi", "deck", 2)]
    assert parsed.problems == []


@pytest.mark.parametrize("line", ["3 Katana", "3x Katana", "3X Katana", "3 x Katana", "  3x   Katana  "])
def test_it_reads_every_count_form(line: str) -> None:
    assert parse_deck_list(line).lines == [ListLine(3, "Katana", "deck", 1)]


def test_a_name_starting_with_x_is_not_eaten_by_the_x_form() -> None:
    assert parse_deck_list("1 Xenomorph").lines[0].name == "Xenomorph"


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Characters", "characters"),
        ("charaktere:", "characters"),
        ("DECK", "deck"),
        ("Deck:", "deck"),
        ("Side", "side"),
        ("sideboard :", "side"),
    ],
)
def test_section_headers_in_any_case_with_optional_colon(header: str, section: str) -> None:
    assert parse_deck_list(f"{header}\n1 Aez").lines == [ListLine(1, "Aez", section, 2)]


def test_sections_follow_each_other_and_line_numbers_count_every_line() -> None:
    text = "# Kotoba\nCharacters\n1 Aez\n\n// the deck\nDeck\n2 Katana\nSide\n1 Iro\n"
    parsed = parse_deck_list(text)
    assert [(x.section, x.name, x.line) for x in parsed.lines] == [
        ("characters", "Aez", 3),
        ("deck", "Katana", 7),
        ("side", "Iro", 9),
    ]


def test_blank_and_comment_lines_are_ignored() -> None:
    assert parse_deck_list("\n   \n# 3 Katana\n// 2 Iro\n").lines == []


def test_default_section_applies_before_any_header() -> None:
    assert parse_deck_list("1 Aez", default_section="characters").lines[0].section == "characters"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("Katana", "expected"),
        ("x2 Katana", "expected"),
        ("2xKatana", "expected"),
        ("-1 Katana", "expected"),
        ("0 Katana", "1 to 999"),
        ("1000 Katana", "1 to 999"),
        ("9" * 5000 + " Katana", "1 to 999"),  # beyond int()'s 4,300 digits: still a bad line
        ("3", "expected"),
    ],
)
def test_bad_line_quotes_the_line_and_gives_its_number(line: str, why: str) -> None:
    parsed = parse_deck_list(f"1 Aez\n\n{line}\n2 Iro")
    assert [x.name for x in parsed.lines] == ["Aez", "Iro"]
    (problem,) = parsed.problems
    assert (problem.code, problem.severity, problem.line) == ("bad_line", "error", 3)
    assert f'"{line}"' in problem.message and why in problem.message


def test_leading_zeros_are_still_a_count() -> None:
    text = "0001 Katana\n000002x Iro\n" + "0" * 5000 + "3 Aez"
    assert [(x.count, x.name) for x in parse_deck_list(text).lines] == [(1, "Katana"), (2, "Iro"), (3, "Aez")]
    assert parse_deck_list("000 Katana").problems[0].code == "bad_line"


def test_counts_at_the_bounds_are_accepted() -> None:
    assert [x.count for x in parse_deck_list("1 A\n999 B").lines] == [1, 999]


def test_every_bad_line_is_reported_at_once() -> None:
    assert [p.line for p in parse_deck_list("foo\n1 A\nbar\n0 C").problems] == [1, 3, 4]


def test_a_byte_order_mark_and_windows_line_ends_are_harmless() -> None:
    assert parse_deck_list("\ufeffDeck\r\n2 Katana\r\n").lines == [ListLine(2, "Katana", "deck", 2)]


def card(slug: str, name: str, **extra: Any) -> dict[str, Any]:
    return {"slug": slug, "name": name, "type": "item", **extra}


INDEX = CardIndex(
    [
        card("katana", "Katana"),
        card("zahal", "Zahal"),
        card("grosser-baer", "Großer Bär", names={"de": "Großer Bär", "en": "Great Bear"}),
        card("echo-a", "Echo"),
        card("echo-b", "Echo"),
    ]
)


def test_fold_ignores_case_accents_and_sharp_s() -> None:
    assert fold("GROẞER  Bär") == fold("grosser bar") == "grosser bar"


@pytest.mark.parametrize("name", ["katana", "KATANA", "grosser bar", "Großer Bär", "great bear", "grosser-baer"])
def test_names_resolve_case_and_accent_insensitively_by_name_translation_or_slug(name: str) -> None:
    assert len(INDEX.lookup(name)) == 1


def test_resolve_turns_lines_into_entries_and_names_into_problems() -> None:
    entries, problems = INDEX.resolve(parse_deck_list("Deck\n2 katana\n1 Katanna\n1 Echo\nnonsense"))
    assert [(e.slug, e.count, e.section, e.line) for e in entries] == [("katana", 2, "deck", 2)]
    assert [(p.code, p.line) for p in problems] == [("bad_line", 5), ("unknown_card", 3), ("ambiguous_card", 4)]
    assert "Katana" in problems[1].message
    assert problems[2].cards == ("echo-a", "echo-b")


def test_unknown_card_names_the_nearest_names() -> None:
    problem = unknown_card("Katanna", ["Katana"], 7)
    assert (problem.code, problem.severity, problem.line) == ("unknown_card", "error", 7)
    assert problem.message == 'No card is named "Katanna"; did you mean Katana?'
    assert problem.params["suggestions"] == ["Katana"]


def test_unknown_card_without_suggestions_says_so_plainly() -> None:
    assert unknown_card("Zzz", []).message == 'No card is named "Zzz".'


def test_ambiguous_card_lists_the_candidates() -> None:
    problem = ambiguous_card("Echo", ["echo-a", "echo-b"], 2)
    assert (problem.code, problem.cards, problem.line) == ("ambiguous_card", ("echo-a", "echo-b"), 2)
    assert "echo-a, echo-b" in problem.message


@pytest.mark.timeout(20)  # a hang detector, not a speed measure: a backtracking pattern took minutes
@pytest.mark.parametrize("line", ["0" * 64_000, "0" * 32_000 + "7" * 32_000, "1 " + " " * 64_000, "0x" * 32_000])
def test_a_line_of_64_kb_is_read_without_catastrophic_backtracking(line: str) -> None:
    (problem,) = parse_deck_list(line).problems
    assert problem.code == "bad_line"
