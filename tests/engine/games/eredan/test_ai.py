"""The computer players (E20): random and greedy; greedy decides from its own view and beats random
in at least 85% of 200 games with the sample decks (issue 15, item 4)."""

from __future__ import annotations

import math

import pytest

from engine.core.match import DeckCard
from engine.core.samples import match_deck, sample_decks
from engine.games.eredan import GAME
from engine.games.eredan.engine import EredanMatch
from tests.engine.games.eredan.helpers import ENGINE, act, side, table, to_discards

GAMES = 200
Z95 = 1.959963984540054
DECKS = [match_deck(GAME.bundled_cards(), s["list"]) for s in sample_decks("eredan/standard")]


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / n
    centre = p + Z95 * Z95 / (2 * n)
    margin = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    low, high = (centre - margin) / (1 + Z95 * Z95 / n), (centre + margin) / (1 + Z95 * Z95 / n)
    return low, high


def winner(decks: list[list[DeckCard]], behaviours: tuple[str, str], seed: int) -> int | None:
    """One AI-against-AI match to its end with the pure engine."""
    match = ENGINE.new_match(decks, variant="standard", seed=seed, options={})
    steps = 0
    while match.to_act is not None:
        player = match.to_act
        view = match.view(player)
        match.apply(
            player, ENGINE.choose_action(behaviours[player], view, match.legal_actions(player), seed * 7919 + steps)
        )
        steps += 1
    outcome = match.outcome()
    assert outcome is not None
    return outcome.winner


@pytest.mark.slow
def test_e20_greedy_beats_random_in_at_least_85_percent_of_200_games() -> None:
    wins = 0
    for seed in range(GAMES):
        seat = seed % 2  # either seat, every pairing of the sample decks
        decks = [DECKS[(seed // 2) % len(DECKS)], DECKS[(seed // 4) % len(DECKS)]]
        behaviours = ("greedy", "random") if seat == 0 else ("random", "greedy")
        wins += winner(decks, behaviours, seed) == seat
    low, high = wilson(wins, GAMES)
    message = f"greedy won {wins}/{GAMES} = {wins / GAMES:.1%} (Wilson 95%: {low:.1%}-{high:.1%})"
    print(message)
    assert wins / GAMES >= 0.85, message


def greedy(match: EredanMatch, seed: int = 1) -> str:
    player = match.to_act
    assert player is not None
    return ENGINE.choose_action("greedy", match.view(player), match.legal_actions(player), seed).id


def test_greedy_picks_the_pair_that_kills() -> None:
    away = side(["zahal", {"slug": "aez", "health": 3}, "hares-der-brutale"])
    assert greedy(table(side(["iro", "aku", "amaya"]), away)) == "pick:0:1"  # Iro's 5 against Aez's 2 defence


def test_greedy_casts_a_damage_spell_with_its_magier() -> None:
    match = act(table(side(hand=["gluehender-pfeil", "ausweichen"])), "pick:0:0")
    assert greedy(match) == "play:p0c3"


def test_greedy_heals_a_wounded_fighter_and_passes_when_nothing_gains() -> None:
    wounded = act(table(side([{"slug": "amaya", "health": 8}, "aku", "iro"], hand=["gebet"])), "pick:0:0")
    assert greedy(wounded) == "play:p0c3"
    healthy = act(table(side(["amaya", "aku", "iro"], hand=["gebet"])), "pick:0:0")
    assert greedy(healthy) == "pass"


def test_greedy_keeps_its_cards_and_discards_only_above_five() -> None:
    match = to_discards(act(table(side(hand=["heiltrank"])), "pick:2:0"))
    assert greedy(match) == "keep"
    full = to_discards(act(table(side(hand=["schwerer-schlag", *["heiltrank"] * 5], spare=False)), "pick:0:0"))
    assert greedy(full).startswith("discard:")


def test_ais_choose_from_their_own_view_deterministically() -> None:
    match = ENGINE.new_match([DECKS[0], DECKS[1]], variant="standard", seed=3, options={})
    player = match.to_act
    assert player is not None
    legal = match.legal_actions(player)
    for behaviour in ("random", "greedy"):
        first = ENGINE.choose_action(behaviour, match.view(player), legal, 11)
        assert first in legal and first == ENGINE.choose_action(behaviour, match.view(player), legal, 11)
    with pytest.raises(ValueError):
        ENGINE.choose_action("clever", match.view(player), legal, 1)


def test_a_greedy_match_against_itself_ends() -> None:
    match = ENGINE.new_match([DECKS[0], DECKS[1]], variant="standard", seed=4, options={})
    steps = 0
    while match.to_act is not None and steps < 2000:
        player = match.to_act
        match.apply(player, ENGINE.choose_action("greedy", match.view(player), match.legal_actions(player), steps))
        steps += 1
    assert match.outcome() is not None and match.state["round"] > 3
