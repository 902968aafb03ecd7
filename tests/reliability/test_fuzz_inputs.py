"""No input makes a 500 (issue 8 item 4): hypothesis on the two free-text inputs of the API.

Deck lists (``POST decks/validate/``) and card queries (``GET cards/?q=``) are the places where users
type whatever they like. Besides arbitrary text, the strategies build near-misses from the real
grammar (counts, section headers, comments, card names, fields, operators, quotes, ``or``, ``-``),
which reach deeper than random characters. A well-formed validation answers 200 (api.md: whatever
the verdict) or 400 for a request that is not well formed; a query answers 200 or 400 naming the
offending term. ``RELIABILITY_HYPOTHESIS_EXAMPLES`` sets the examples per test (default 100; 500 under RELIABILITY_FULL=1).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from cards.services import card_import
from engine.games import all_games, get_game
from tests.reliability.servers import size

EXAMPLES = size("hypothesis_examples", 100, 500)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FORMATS = sorted(slug for game in all_games() for slug in game.formats)
NAMES = sorted({card["name"] for card in get_game("kamelo").bundled_cards()})[:40] + ["Iro", "Aez", "Katana"]
FIELDS = ["game", "set", "type", "guild", "cost", "rarity", "ap", "dp", "lp", "hk", "attack", "charge", "stage", "x"]


@pytest.fixture
def client(db: Any) -> APIClient:
    """An anonymous client on a database with the Ka-Mel-Oh! cards (names to resolve and search)."""
    card_import(cards=get_game("kamelo").bundled_cards(), game="kamelo", source="kamelo")
    return APIClient()


deck_line = st.one_of(
    st.builds(
        lambda n, x, name: f"{n}{x} {name}",
        st.integers(-5, 1000),
        st.sampled_from(["", "x", "X"]),
        st.sampled_from(NAMES) | st.text(max_size=30),
    ),  # fmt: skip
    st.sampled_from(["Deck", "Characters", "Side", "Sideboard", "# comment", "// comment", "", "   ", "\t"]),
    st.text(max_size=60),
)
deck_text = st.one_of(st.text(max_size=400), st.lists(deck_line, max_size=40).map("\n".join))
query_term = st.one_of(
    st.sampled_from(NAMES).map(lambda name: name.split()[0]),
    st.builds(
        lambda field, op, value: f"{field}{op}{value}",
        st.sampled_from(FIELDS),
        st.sampled_from([":", ">=", "<=", ">", "<", "=", "!=", ":>"]),
        st.one_of(st.integers(-(10**20), 10**20).map(str), st.text(max_size=8)),
    ),  # fmt: skip
    st.sampled_from(["or", "OR", "-", '"', "(", ")", "--", '""', "-or", "or or", "%", "x%:1", "%(a)s", "%s"]),
    st.text(max_size=12),
)
query_text = st.one_of(st.text(max_size=200), st.lists(query_term, max_size=12).map(" ".join))


@pytest.mark.django_db
@FUZZ
@given(text=deck_text, fmt=st.sampled_from(FORMATS) | st.text(max_size=20), as_of=st.none() | st.text(max_size=12))
def test_any_deck_list_is_validated_or_refused_never_a_server_error(
    client: APIClient, text: str, fmt: str, as_of: str | None
) -> None:
    body = {"format": fmt, "list": text, **({"as_of": as_of} if as_of is not None else {})}
    response = client.post("/api/decks/validate/", body, format="json")
    assert response.status_code in (200, 400), response.content[:300]
    if response.status_code == 200:
        assert response.json()["legal"] in (True, False)


@pytest.mark.django_db
@FUZZ
@given(
    q=query_text,
    game=st.none() | st.sampled_from(["kamelo", "eredan", "chess", ""]),
    order=st.none() | st.sampled_from(["name", "-cost", "ap", "%", "%s"]) | st.text(max_size=10),
)
def test_any_card_query_answers_results_or_a_400_never_a_server_error(
    client: APIClient, q: str, game: str | None, order: str | None
) -> None:
    extra = {"game": game, "order": order}
    params = {"q": q, **{key: value for key, value in extra.items() if value is not None}}
    response = client.get("/api/cards/", params)
    assert response.status_code in (200, 400), response.content[:300]
    if response.status_code == 400:
        assert response.json()["detail"]
