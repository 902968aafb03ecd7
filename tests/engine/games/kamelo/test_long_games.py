"""Ka-Mel-Oh!'s long game (K7, K12) conforms and ends, as the generic harness checks for short games."""

from __future__ import annotations

import pytest

from engine.core.match import DeckCard
from engine.games.kamelo import GAME
from tests.engine.conformance import random_playout
from tests.engine.games.kamelo.decks import card, decks


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["dufo", "wimu", "koenig"])
def test_k7_long_games_conform_and_end(variant: str) -> None:
    options = {"length": "long", "oases": 4 if variant != "dufo" else 3}
    match, _ = random_playout(GAME.engine, decks(variant), variant=variant, seed=7, options=options, apply_all_every=5)
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.termination in ("deck_exhausted", "stalled", "turn_limit")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["dufo", "koenig"])
def test_k7_a_return_match_conforms_through_both_legs(variant: str) -> None:
    options = {"return_match": True, "target_points": 5}
    match, _ = random_playout(GAME.engine, decks(variant), variant=variant, seed=11, options=options, apply_all_every=9)
    outcome = match.outcome()
    assert outcome is not None and outcome.termination == "return_match"
    assert match.view(None)["series"]["leg"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["dufo", "wimu"])
def test_takeover_and_withdraw_items_conform_in_random_play(variant: str) -> None:
    """Kamel-Lasso and Rückzugsflöte in both decks: every card stays in one zone, nothing hidden leaks."""
    swapped = [
        [DeckCard(line.card, line.count) for line in deck if line.card["slug"] not in ("dromedar", "trampeltier")]
        for deck in decks(variant)
    ]
    mixed = [[*deck, DeckCard(card("kamel-lasso"), 3), DeckCard(card("rueckzugsfloete"), 2)] for deck in swapped]
    slugs = [{line.card["slug"] for line in deck} for deck in mixed]
    assert all({"kamel-lasso", "rueckzugsfloete"} <= found for found in slugs)
    match, _ = random_playout(GAME.engine, mixed, variant=variant, seed=5, options={}, apply_all_every=7)
    assert match.outcome() is not None
