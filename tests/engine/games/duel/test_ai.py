"""The computer players (A15): greedy beats random in at least 90% of 200 games with the sample
decks (issue 13, item 4), and its single decisions read its own view sensibly."""

from __future__ import annotations

import math

import pytest

from engine.games.duel.engine import DuelMatch
from tests.engine.games.duel.helpers import ENGINE, act, match, play_out, sample_decks, side

GAMES = 200
THRESHOLD = 0.9
Z95 = 1.959963984540054


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / n
    centre = p + Z95 * Z95 / (2 * n)
    margin = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    return (centre - margin) / scale, (centre + margin) / scale


def greedy_won(game: int) -> bool:
    """Game ``game``: the deck order and greedy's seat alternate, so each of the four meets 50."""
    decks = sample_decks() if game % 2 == 0 else sample_decks()[::-1]
    seat = (game // 2) % 2
    behaviours = ("greedy", "random") if seat == 0 else ("random", "greedy")
    m = ENGINE.new_match(decks, variant="standard", seed=game, options={})
    outcome = play_out(m, behaviours, game).outcome()
    assert outcome is not None
    return outcome.winner == seat


@pytest.mark.slow
def test_a15_greedy_beats_random_in_at_least_90_percent_of_200_games() -> None:
    wins = sum(greedy_won(game) for game in range(GAMES))
    low, high = wilson(wins, GAMES)
    message = f"greedy won {wins}/{GAMES} = {wins / GAMES:.1%} (Wilson 95% interval {low:.1%}-{high:.1%})"
    assert wins / GAMES >= THRESHOLD, message
    print(message)


def test_the_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(180, 200)
    assert 0.85 < low < 0.9 < high < 0.94


# --- single decisions --------------------------------------------------------------------------------------------------


def greedy(m: DuelMatch, seed: int = 1) -> str:
    player = m.to_act
    assert player is not None
    return ENGINE.choose_action("greedy", m.view(player), m.legal_actions(player), seed).id


def test_greedy_takes_a_lethal_attack() -> None:
    m = match(side(["heiltrank"], ["bergtroll"]), side(life=5))
    assert greedy(m) == "attack:p0c11:player"


def test_greedy_summons_and_equips_before_it_attacks() -> None:
    m = match(side(["feldwebel"], ["wachhund"]), side([], ["grubenratte"]))
    assert greedy(m).startswith("summon:p0c0:")
    act(m, greedy(m))
    assert greedy(m).startswith("attack:")


def test_greedy_does_not_attack_a_stronger_creature() -> None:
    m = match(side([], ["wachhund"]), side([], ["bergtroll"]))
    assert greedy(m) == "end"


def test_greedy_springs_a_trap_against_a_harmful_attack_and_passes_a_harmless_one() -> None:
    harmful = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(harmful, "attack:p0c10:p1c10")
    assert greedy(harmful) == "spring:p1c11"
    harmless = match(side([], ["grubenratte"]), side([], ["bergtroll"], support=[{"slug": "fallgrube"}]))
    act(harmless, "attack:p0c10:p1c10")
    assert greedy(harmless) == "pass"


def test_greedy_destroys_the_strongest_opposing_creature() -> None:
    m = match(side(["blitzschlag"]), side([], ["wachhund", "drachenfuerst"]))
    act(m, "cast:p0c0")
    assert greedy(m) == "target:p1c11"


def test_greedy_discards_its_weakest_card() -> None:
    m = match(side(["bergtroll"] * 7 + ["grubenratte"], ["wachhund", "wachhund", "wachhund"]), side())
    act(m, "end")
    assert greedy(m) == "discard:p0c7"


def test_greedy_switches_a_weak_attacker_to_defence_against_a_stronger_foe() -> None:
    m = match(side([], ["turmwache"]), side([], ["bergtroll"]), phase="start", turn=2)
    assert greedy(m) == "switch:p0c10"
