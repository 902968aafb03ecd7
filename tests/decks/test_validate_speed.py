"""The validation view's shortcut for the usual request reads it exactly as the serializer does
(issue 4's speed goal: the serializer's per-request field copies were a tenth of the request)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.api.serializers import ValidateRequestSerializer
from decks.api.views import plain_validate_request

texts = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["eredan/quilingo", " eredan/standard\n", "", "   ", "a\x00b", "\ud800", "x" * 41, " " + "y" * 40]),
)
values = st.one_of(texts, st.none(), st.integers(), st.booleans(), st.lists(st.integers(), max_size=2))


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.fixed_dictionaries({"format": texts, "list": texts}),
        st.dictionaries(st.sampled_from(["format", "list", "cards", "as_of", "other"]), values, max_size=4),
    )
)
def test_the_shortcut_reads_what_the_serializer_reads(body: dict[str, Any]) -> None:
    plain = plain_validate_request(body)
    if plain is None:
        return  # the serializer reads it, as before
    form = ValidateRequestSerializer(data=body)
    assert form.is_valid(), form.errors
    assert plain == {key: form.validated_data[key] for key in ("format", "list")}
    assert set(form.validated_data) == {"format", "list"}


def test_the_usual_request_takes_the_shortcut_and_odd_ones_do_not() -> None:
    text = "Characters\n1 Iro\n"
    assert plain_validate_request({"format": " eredan/standard ", "list": text}) == {
        "format": "eredan/standard",
        "list": text,
    }
    for body in (
        {"format": "eredan/standard", "list": text, "as_of": "2026-01-01"},
        {"format": "", "list": text},
        {"format": "x" * 41, "list": text},
        {"format": "eredan/standard", "list": "1 Iro\x00"},
        {"format": "eredan/standard", "list": "1 \ud800"},
        {"format": "eredan/standard", "list": 3},
        ["format", "list"],
    ):
        assert plain_validate_request(body) is None, body


def test_e6_figures_shared_by_the_rules_live_for_one_validation_only() -> None:
    """The rules share figures per deck (charge items, evolution lines); a second validation of
    the same deck object after its context changed computes them afresh."""
    from engine.core.decks import Deck, DeckEntry, DeckFormat, MaxCopies
    from engine.games.eredan.deckrules import ChargeLimit, eredan_summary

    fmt = DeckFormat(
        slug="test/x",
        name="x",
        game="test",
        sections=("deck",),
        rules=(ChargeLimit(10), MaxCopies(2, lines=True)),
        summarizer=eredan_summary,
    )
    context: dict[str, Any] = {"charges": {"a": 3}, "evolves_from": {}}
    iro, meister = {"slug": "a", "type": "item"}, {"slug": "c", "type": "item", "evolves_from": "b"}
    deck = Deck((DeckEntry(iro, 2), DeckEntry(meister, 1)), context)
    first = fmt.validate(deck)
    assert first.legal and first.summary["charge"] == 0  # E6: a charge below 5 counts 0
    context["charges"] = {"a": 6}
    context["evolves_from"] = {"b": "a"}  # E2: c -> b (not in the deck) -> a: one line, 3 copies
    second = fmt.validate(deck)
    assert second.summary["charge"] == 12
    assert {p.code for p in second.problems} == {"charge_limit", "too_many_copies"}
