"""Generic deck rules and the DeckFormat (engine.core.decks), on small synthetic cards."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.cards import FieldError
from engine.core.decks import (
    Banned,
    CardBounds,
    DeadCards,
    Deck,
    DeckEntry,
    DeckFormat,
    DeckSize,
    MaxCopies,
    SectionSize,
    StageDistribution,
    Unique,
    ValidationResult,
    Violation,
    line_roots,
)
from engine.games.kamelo.deckrules import recipe_dead_cards

K8 = DeadCards("K8", recipe_dead_cards, "violet cards without their parts")


def card(slug: str, type_: str = "item", **extra: Any) -> dict[str, Any]:
    return {"slug": slug, "name": slug.replace("-", " ").title(), "type": type_, **extra}


def deck(*items: tuple[dict[str, Any], int] | tuple[dict[str, Any], int, str], **context: Any) -> Deck:
    entries = tuple(
        DeckEntry(card=c[0], count=c[1], section=c[2] if len(c) > 2 else "deck", line=n)  # type: ignore[misc]
        for n, c in enumerate(items, start=1)
    )
    return Deck(entries, context)


def codes(violations: Any) -> list[str]:
    return [v.code for v in violations]


# Sizes


def test_deck_size_accepts_the_bounds_and_rejects_outside_them() -> None:
    rule = DeckSize(20, 50, decision="E1")
    assert codes(rule.check(deck((card("a"), 20)))) == []
    assert codes(rule.check(deck((card("a"), 50)))) == []
    (short,) = rule.check(deck((card("a"), 19)))
    assert short.code == "deck_size"
    assert short.message == "The deck has 19 cards; between 20 and 50 are required (E1)."
    assert short.params == {"count": 19, "min": 20, "max": 50}
    assert codes(rule.check(deck((card("a"), 51)))) == ["deck_size"]


def test_deck_size_leaves_the_sideboard_and_excluded_types_out() -> None:
    rule = DeckSize(2, 2, exclude_types=frozenset({"character"}))
    d = deck((card("a"), 2), (card("c", "character"), 3), (card("b"), 9, "side"))
    assert codes(rule.check(d)) == []


def test_deck_size_of_one_section() -> None:
    rule = DeckSize(1, 1, section="characters")
    (problem,) = rule.check(deck((card("a"), 2, "characters"), (card("b"), 5)))
    assert problem.message.startswith("The characters section has 2 cards; exactly 1")


def test_section_size_counts_only_its_section() -> None:
    rule = SectionSize("side", 15, decision="sideboard")
    assert codes(rule.check(deck((card("a"), 40), (card("b"), 15, "side")))) == []
    (problem,) = rule.check(deck((card("b"), 16, "side")))
    assert problem.code == "deck_size" and "at most 15" in problem.message and "(sideboard)" in problem.message


# Copies and evolution lines (E2, A3)


def test_max_copies_counts_every_line_of_a_card_and_the_sideboard() -> None:
    rule = MaxCopies(2, decision="E2")
    (problem,) = rule.check(deck((card("katana"), 2), (card("katana"), 1, "side")))
    assert problem.code == "too_many_copies"
    assert problem.message == "Katana: 3 copies, at most 2 are allowed (E2)."
    assert (problem.cards, problem.line) == (("katana",), 1)


def test_e2_an_evolution_line_shares_the_copy_limit() -> None:
    base, mid = card("iro"), card("iro-2", evolves_from="iro")
    top = card("iro-3", evolves_from="iro-2")
    (problem,) = MaxCopies(2).check(deck((base, 1), (mid, 1), (top, 1)))
    assert problem.cards == ("iro", "iro-2", "iro-3")
    assert "one evolution line" in problem.message and "3 copies" in problem.message


def test_e2_lines_join_through_a_card_outside_the_deck_via_context() -> None:
    base, top = card("iro"), card("iro-3", evolves_from="iro-2")
    d = deck((base, 2), (top, 1), evolves_from={"iro-2": "iro"})
    assert line_roots(d) == {"iro": "iro", "iro-3": "iro"}
    assert codes(MaxCopies(2).check(d)) == ["too_many_copies"]
    assert codes(MaxCopies(2).check(deck((base, 2), (top, 1)))) == []


def test_an_evolution_cycle_in_bad_data_does_not_hang() -> None:
    a, b = card("a", evolves_from="b"), card("b", evolves_from="a")
    assert codes(MaxCopies(2).check(deck((a, 1), (b, 1)))) == []


def test_a3_max_copies_without_lines_counts_cards_alone() -> None:
    base, top = card("wolf"), card("wolf-2", evolves_from="wolf")
    assert codes(MaxCopies(3, lines=False, decision="A3").check(deck((base, 3), (top, 3)))) == []
    (problem,) = MaxCopies(3, lines=False, decision="A3").check(deck((base, 4)))
    assert problem.message == "Wolf: 4 copies, at most 3 are allowed (A3)."


def test_e2_a_unique_card_appears_once() -> None:
    unique = card("relic", unique=True)
    assert codes(Unique().check(deck((unique, 1)))) == []
    (problem,) = Unique().check(deck((unique, 2)))
    assert problem.code == "unique_card"
    assert problem.message == "Relic is unique: Relic has 2 copies, at most 1 is allowed (E2)."


def test_e2_a_unique_card_limits_its_whole_evolution_line_to_one() -> None:
    base, top = card("iro"), card("iro-2", evolves_from="iro", unique=True)
    (problem,) = Unique().check(deck((base, 1), (top, 1)))
    assert problem.cards == ("iro", "iro-2")


# Bans


def test_banned_cards_from_the_format_and_from_the_context() -> None:
    rule = Banned(frozenset({"katana"}))
    d = deck((card("katana"), 1), (card("wakizashi"), 1), (card("tanto"), 1), banned=["wakizashi"])
    problems = list(rule.check(d))
    assert codes(problems) == ["banned_card", "banned_card"]
    assert [p.cards for p in problems] == [("katana",), ("wakizashi",)]
    assert problems[0].message == "Katana is banned in this format (ban list)."


# Stages (R1)


def monsters(*counts: int) -> list[tuple[dict[str, Any], int]]:
    return [(card(f"m{stage}", "monster", attributes={"stage": stage}), n) for stage, n in enumerate(counts, start=1)]


def test_r1_basis_takes_exactly_6_5_4_3_2_2() -> None:
    rule = StageDistribution()
    assert codes(rule.check(deck(*monsters(6, 5, 4, 3, 2, 2), (card("c", "combat", attributes={"stage": 1}), 9)))) == []
    (problem,) = rule.check(deck(*monsters(7, 5, 4, 3, 2, 1)))
    assert problem.code == "stage_distribution"
    assert "stage 1: 7 instead of 6; stage 6: 1 instead of 2" in problem.message and "(R1)" in problem.message
    assert problem.params["counts"] == {"1": 7, "2": 5, "3": 4, "4": 3, "5": 2, "6": 1}


def test_r1_basis_rejects_a_double_pile() -> None:
    assert codes(StageDistribution().check(deck(*monsters(12, 10, 8, 6, 4, 4)))) == ["stage_distribution"]


def test_r1_lang_takes_any_multiple_of_22_in_proportion() -> None:
    rule = StageDistribution(multiple=True)
    assert codes(rule.check(deck(*monsters(12, 10, 8, 6, 4, 4)))) == []
    assert codes(rule.check(deck(*monsters(6, 5, 4, 3, 2, 2)))) == []
    (odd,) = rule.check(deck(*monsters(12, 10, 8, 6, 4, 5)))
    assert "45 monsters is not a multiple of 22" in odd.message
    (skewed,) = rule.check(deck(*monsters(13, 10, 8, 6, 4, 3)))
    assert "stage 1: 13 instead of 12" in skewed.message
    assert codes(rule.check(deck())) == ["stage_distribution"]


# Card bounds (K3) and dead cards (K8)


def too_strong(c: Any) -> list[FieldError]:
    ap = c.get("attributes", {}).get("ap", 0)
    return [FieldError("attributes.ap", f"{ap} is above 60 (K3)")] if ap > 60 else []


def test_k3_card_bounds_reports_each_card_once_with_its_fields() -> None:
    strong = card("titan", "special_monster", attributes={"ap": 65})
    problems = list(CardBounds(too_strong).check(deck((strong, 1), (strong, 1), (card("ok", attributes={"ap": 5}), 1))))
    assert codes(problems) == ["card_bounds"]
    assert problems[0].message == "Titan: attributes.ap: 65 is above 60 (K3)."
    assert problems[0].params == {"fields": {"attributes.ap": "65 is above 60 (K3)"}}


def test_k8_a_violet_card_without_its_parts_is_a_dead_card_warning() -> None:
    violet = card("feuerkamel", "special_monster", attributes={"recipe": {"item": "feuer", "components": ["kamel"]}})
    kamel = card("kamel", "monster")
    (problem,) = K8.check(deck((violet, 1), (kamel, 1)))
    assert (problem.code, problem.severity, problem.cards) == ("dead_card", "warning", ("feuerkamel",))
    assert "feuer" in problem.message and "(K8)" in problem.message
    assert codes(K8.check(deck((violet, 1), (kamel, 1), (card("feuer", "special_item"), 1)))) == []


# The format


def test_a_format_runs_every_rule_and_reports_every_problem_at_once() -> None:
    fmt = DeckFormat(
        slug="test/x",
        name="X",
        game="test",
        sections=("deck", "side"),
        rules=(DeckSize(3, 3), MaxCopies(1), Banned(frozenset({"b"}))),
    )
    result = fmt.validate(deck((card("a"), 2), (card("b"), 1), (card("c"), 1, "side")))
    assert isinstance(result, ValidationResult)
    assert codes(result.problems) == ["too_many_copies", "banned_card"]
    assert result.legal is False
    assert result.summary == {"count": 4, "sections": {"deck": 3, "side": 1}}
    assert fmt.help_texts()[0] == "The deck holds exactly 3 cards (deck size)."


def test_a_section_the_format_does_not_have_is_a_problem() -> None:
    fmt = DeckFormat(slug="test/x", name="X", game="test", sections=("deck",), rules=())
    (problem,) = fmt.validate(deck((card("a"), 1), (card("b"), 1, "side"))).problems
    assert (problem.code, problem.line) == ("unknown_section", 2)


def test_warnings_alone_leave_a_deck_legal() -> None:
    warning = Violation("dead_card", "warning", "w")
    result = ValidationResult("test/x", (warning,), {})
    assert result.legal is True
    assert result.to_json()["problems"][0]["severity"] == "warning"


@pytest.mark.parametrize(
    "rule",
    [DeckSize(1, None), SectionSize("side", 15), MaxCopies(2), Unique(), Banned(), StageDistribution(multiple=True)],
)
def test_every_rule_explains_itself(rule: Any) -> None:
    assert rule.help_text().endswith(").")
