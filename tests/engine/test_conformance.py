"""Every game engine passes the conformance harness (issue 7, item 6); here: Ka-Mel-Oh! (K1-K7)."""

from __future__ import annotations

import pytest

from engine.games.kamelo import GAME
from tests.engine.conformance import check_conformance, check_replay_across_hashseeds, random_playout
from tests.engine.games.kamelo.decks import decks

VARIANTS = ("dufo", "wimu", "koenig")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_k1_kamelo_random_playouts_conform(variant: str, seed: int) -> None:
    match = check_conformance(GAME.engine, decks(variant), variant=variant, seed=seed)
    assert match.outcome() is not None


@pytest.mark.parametrize("variant", VARIANTS)
def test_k7_long_games_conform_and_end(variant: str) -> None:
    options = {"length": "long", "oases": 4 if variant != "dufo" else 3}
    match, _ = random_playout(GAME.engine, decks(variant), variant=variant, seed=7, options=options, apply_all_every=5)
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.termination in ("deck_exhausted", "turn_limit")


@pytest.mark.parametrize("variant", VARIANTS)
def test_kamelo_replays_are_identical_under_any_hash_seed(variant: str) -> None:
    check_replay_across_hashseeds("engine.games.kamelo:GAME.engine", decks(variant), variant=variant, seed=11)


def test_kamelo_replay_from_seed_and_actions_gives_the_same_state() -> None:
    first, actions = random_playout(GAME.engine, decks("wimu"), variant="wimu", seed=5, check=False)
    again = GAME.engine.new_match(decks("wimu"), variant="wimu", seed=5, options={})
    for action in actions:
        again.apply(again.to_act, action)
    assert again.to_json() == first.to_json()
