"""The Ka-Mel-Oh! match through the Game interface: dealing, views, illegal actions, AI, return match."""

from __future__ import annotations

import pytest

from engine.core.match import IllegalActionError, UnknownVariantError
from engine.games.kamelo import GAME
from tests.engine.games.kamelo.decks import decks

ENGINE = GAME.engine


def test_opening_hand_dufo_is_eight_with_three_monsters() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=4, options={})
    for p in (0, 1):
        hand = match.view(p)["players"][p]["hand"]
        assert len(hand) == 8
        assert sum(c["type"] == "monster" for c in hand) >= 3
        assert match.view(p)["players"][p]["deck_count"] == 52


@pytest.mark.parametrize(("oases", "variant"), [(3, "wimu"), (4, "koenig")])
def test_opening_hand_of_six_and_the_rest_dealt_evenly_onto_oases(oases: int, variant: str) -> None:
    match = ENGINE.new_match(decks(variant), variant=variant, seed=4, options={"oases": oases})
    shown = match.view(0)["players"][0]
    counts = [o["count"] for o in shown["oases"]]
    assert len(shown["hand"]) == 6 and len(counts) == oases and sum(counts) == 54
    assert max(counts) - min(counts) <= 1 and all(o["top"] is None for o in shown["oases"])


def test_views_hide_the_opponents_hand_and_every_deck() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=4, options={})
    mine, spectator = match.view(0), match.view(None)
    assert mine["players"][1]["hand"] is None and mine["players"][1]["hand_count"] == 8
    assert spectator["players"][0]["hand"] is None and spectator["players"][1]["hand"] is None
    assert all("deck" not in p for p in mine["players"])
    assert {"to_act", "finished", "result", "turn", "log"} <= set(mine)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=4, options={})
    before = match.to_json()
    with pytest.raises(IllegalActionError, match="attack"):
        match.apply(match.to_act, "attack")  # first turn (K5)
    with pytest.raises(IllegalActionError):
        match.apply(1 - match.to_act, "end")
    assert match.to_json() == before


def test_unknown_variant_and_options_are_refused() -> None:
    with pytest.raises(UnknownVariantError):
        ENGINE.new_match(decks("dufo"), variant="chess", seed=1, options={})
    with pytest.raises(UnknownVariantError):
        ENGINE.new_match(decks("wimu"), variant="wimu", seed=1, options={"oases": 5})


@pytest.mark.parametrize("behaviour", ["random", "greedy"])
def test_ai_chooses_a_legal_action_deterministically(behaviour: str) -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=4, options={})
    player = match.to_act
    legal = match.legal_actions(player)
    first = ENGINE.choose_action(behaviour, match.view(player), legal, 9)
    assert first in legal and first == ENGINE.choose_action(behaviour, match.view(player), legal, 9)


def test_greedy_prefers_an_attack_that_defeats_over_ending() -> None:
    setup = {
        "players": [
            {"arena": [{"slug": "sphinx"}], "deck": ["kamelfutter"] * 9},
            {"arena": [{"slug": "jungkamel"}], "deck": ["kamelfutter"] * 9},
        ]
    }
    match = ENGINE.from_setup(setup, variant="dufo")
    chosen = ENGINE.choose_action("greedy", match.view(0), match.legal_actions(0), 1)
    assert chosen.id == "attack"


@pytest.mark.parametrize("variant", ["dufo", "wimu", "koenig"])
def test_greedy_against_random_plays_to_the_end(variant: str) -> None:
    match = ENGINE.new_match(decks(variant), variant=variant, seed=8, options={})
    behaviours = ("greedy", "random")
    steps = 0
    while match.outcome() is None and steps < 5000:
        player = match.to_act
        action = ENGINE.choose_action(behaviours[player], match.view(player), match.legal_actions(player), steps)
        match.apply(player, action)
        steps += 1
    assert match.outcome() is not None


def test_k7_return_match_swaps_the_first_player_and_sums_points() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=3, options={"return_match": True, "first_player": 1})
    assert match.to_act == 1 and match.view(None)["series"] == {"leg": 1, "legs": [], "totals": [0, 0]}
    starters, steps = [], 0
    while match.outcome() is None:
        shown = match.view(None)
        if shown["turn"] == 1 and len(starters) < shown["series"]["leg"]:
            starters.append(shown["current"])
        action = ENGINE.choose_action("greedy", match.view(match.to_act), match.legal_actions(match.to_act), steps)
        match.apply(match.to_act, action)
        steps += 1
    series = match.view(None)["series"]
    outcome = match.outcome()
    assert outcome is not None and starters == [1, 0]
    assert series["leg"] == 2 and len(series["legs"]) == 1 and series["legs"][0]["first_player"] == 1
    second = [p["points"] for p in match.view(None)["players"]]
    assert list(outcome.points) == [series["legs"][0]["points"][p] + second[p] for p in (0, 1)] == series["totals"]
    assert outcome.termination == "return_match"
    assert outcome.winners == (
        () if outcome.points[0] == outcome.points[1] else (outcome.points.index(max(outcome.points)),)
    )


def test_k7_without_the_option_one_match_is_all() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=3, options={})
    assert match.view(None)["series"] is None
