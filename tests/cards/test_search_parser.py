"""The search syntax parser (api.md "Card search syntax"): each operator and each error, no database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from cards.search import (
    And,
    Compare,
    Node,
    Not,
    Or,
    Phrase,
    QuerySyntaxError,
    Term,
    check_query,
    parse_query,
)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """These tests read the messages' English wording (German is the default; tests/config/test_api_language.py
    checks that the same messages follow Accept-Language)."""
    with translation.override("en"):
        yield


def term(word: str) -> Term:
    return Term((word,), word)


def test_a_bare_word_is_a_folded_term() -> None:
    assert parse_query("Größe") == Term(("grosse",), "Größe")


def test_an_empty_query_matches_everything() -> None:
    assert parse_query("   ") == And(())


def test_juxtaposition_is_and() -> None:
    assert parse_query("rot drache") == And((term("rot"), term("drache")))


def test_an_explicit_and_is_the_same_as_juxtaposition() -> None:
    assert parse_query("rot AND drache") == parse_query("rot drache")


@pytest.mark.parametrize("keyword", ["or", "OR", "Or"])
def test_or_joins_alternatives_in_any_case(keyword: str) -> None:
    assert parse_query(f"rot {keyword} blau") == Or((term("rot"), term("blau")))


def test_and_binds_tighter_than_or() -> None:
    assert parse_query("a b or c") == Or((And((term("a"), term("b"))), term("c")))
    assert parse_query("a or b c") == Or((term("a"), And((term("b"), term("c")))))


def test_parentheses_group_alternatives() -> None:
    assert parse_query("(a or b) c") == And((Or((term("a"), term("b"))), term("c")))


def test_a_minus_negates_a_term() -> None:
    assert parse_query("drache -feuer") == And((term("drache"), Not(term("feuer"))))


def test_a_minus_negates_a_group() -> None:
    assert parse_query("-(a or b)") == Not(Or((term("a"), term("b"))))


def test_a_minus_inside_a_word_does_not_negate() -> None:
    assert parse_query("Kamel-hame-ha") == Term(("ha", "hame", "kamel"), "Kamel-hame-ha")


def test_quotes_make_a_phrase() -> None:
    assert parse_query('"Roter  Drache"') == Phrase(("roter", "drache"), '"Roter  Drache"')


def test_a_negated_phrase() -> None:
    assert parse_query('-"roter drache"') == Not(Phrase(("roter", "drache"), '"roter drache"'))


def test_a_quoted_or_is_a_word_not_an_operator() -> None:
    assert parse_query('a "or" b') == And((term("a"), Phrase(("or",), '"or"'), term("b")))


@pytest.mark.parametrize("op", [">=", "<=", ">", "<", "=", ":", "!="])
def test_each_comparison_operator_on_a_numeric_attribute(op: str) -> None:
    assert parse_query(f"ap{op}3") == Compare("ap", op, "3", f"ap{op}3")


def test_field_names_are_case_insensitive() -> None:
    assert parse_query("COST>=2") == Compare("cost", ">=", "2", "COST>=2")


def test_a_negative_number_is_a_value_not_a_negation() -> None:
    assert parse_query("cost>-1") == Compare("cost", ">", "-1", "cost>-1")


@pytest.mark.parametrize(
    "field", ["game", "set", "type", "guild", "rarity", "name", "text", "charge", "stage", "realm", "health", "range"]
)
def test_every_documented_field_is_known(field: str) -> None:
    value = {"game": "eredan", "charge": "1", "stage": "1", "realm": "1", "health": "1", "range": "1"}.get(field, "x")
    assert parse_query(f"{field}:{value}") == Compare(field, ":", value, f"{field}:{value}")


def test_a_quoted_field_value() -> None:
    assert parse_query('name:"Roter Drache"') == Compare("name", ":", "Roter Drache", 'name:"Roter Drache"')


def test_unique_takes_true() -> None:
    assert parse_query("unique:true") == Compare("unique", ":", "true", "unique:true")


# -- errors: each names the offending term ------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("nosuchfield:1", 'unknown field "nosuchfield" in "nosuchfield:1"'),
        ("drache ap>=x", '"x" is not a whole number in "ap>=x"'),
        ("cost>=99999999999", '"99999999999" is out of range in "cost>=99999999999"'),
        ("type>=3", '"type" takes ":" or "=", not ">=", in "type>=3"'),
        ("cost>=", 'missing value in "cost>="'),
        ("unique:vielleicht", '"unique" takes true or false, not "vielleicht", in "unique:vielleicht"'),
        ("game:schach", 'unknown game "schach" in "game:schach"'),
        ('"roter drache', 'unterminated quote in "roter drache'),
        ('name:"roter', 'unterminated quote in "name:"roter"'),
        ('""', 'nothing to search for in ""'),
        ("!!!", 'nothing to search for in "!!!"'),
        ("a or", '"or" needs a term on both sides'),
        ("or a", '"or" needs a term before it'),
        ("a or or b", '"or" needs a term on both sides'),
        ("a and", '"and" needs a term on both sides'),
        ("(a", 'unclosed "("'),
        ("a)", 'unmatched ")"'),
        ("()", 'empty group "()"'),
        ("-", 'nothing to search for in "-"'),
        ("a -(", 'unclosed "("'),
        ("a - or b", 'nothing to search for in "-"'),
        ("-or b", '"-" must be followed by a term'),
    ],
)
def test_a_bad_query_names_the_offending_term(query: str, message: str) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(query)
    assert message in str(caught.value)


def test_the_syntax_error_is_a_value_error_carrying_the_term() -> None:
    with pytest.raises(ValueError) as caught:
        parse_query("drache nosuchfield:1")
    assert isinstance(caught.value, QuerySyntaxError)
    assert caught.value.term == "nosuchfield:1"


def test_deep_nesting_is_refused_not_a_recursion_error() -> None:
    with pytest.raises(QuerySyntaxError, match="nested deeper"):
        parse_query("(" * 100 + "a" + ")" * 100)


def test_too_many_terms_are_refused() -> None:
    with pytest.raises(QuerySyntaxError, match="more than"):
        parse_query(" ".join(["a"] * 100))


def test_a_very_long_query_is_refused() -> None:
    with pytest.raises(QuerySyntaxError, match="longer than"):
        parse_query("a" * 5000)


def test_an_attribute_of_another_game_is_unknown_for_this_game() -> None:
    with pytest.raises(QuerySyntaxError, match='unknown field "ap" for game eredan in "ap>3"'):
        check_query(parse_query("ap>3"), "eredan")


def test_charge_and_cost_are_known_for_every_game() -> None:
    for game in ("kamelo", "eredan", "muhq", "duel", "realmon"):
        check_query(parse_query("charge>3 cost<2"), game)


def test_without_a_game_every_game_s_attributes_are_known() -> None:
    check_query(parse_query("ap>3 or attack>2 or stage:2"), None)


@given(st.text(alphabet=st.sampled_from(list('ab ()-"orAND:<>=!ä1ß\x00')) | st.characters(), max_size=60))
def test_any_string_parses_or_raises_a_query_syntax_error(text: str) -> None:
    try:
        node = parse_query(text)
    except QuerySyntaxError as error:
        assert str(error)
    else:
        assert isinstance(node, Node)
