"""R18's computer players: random and greedy (from the seat's own view); greedy beats random."""

from __future__ import annotations

import math
from functools import cache

import pytest

from engine.core.match import DeckCard
from engine.core.samples import sample_match_decks
from engine.games.realmon import GAME
from engine.games.realmon.engine import RealmonMatch
from engine.games.realmon.setup import state_from_setup
from tests.engine.games.realmon.table import ENGINE, cid, side, table

GAMES = 200
Z95 = 1.959963984540054


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / n
    centre = p + Z95 * Z95 / (2 * n)
    margin = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    return (centre - margin) / (1 + Z95 * Z95 / n), (centre + margin) / (1 + Z95 * Z95 / n)


@cache
def decks(variant: str) -> list[list[DeckCard]]:
    """The variant's sample decks, one per seat."""
    return sample_match_decks(GAME.bundled_cards(), f"realmon/{variant}", 2)


def play(variant: str, seed: int, greedy: int) -> RealmonMatch:
    """One match of greedy (at seat ``greedy``) against random; only greedy's view is built."""
    match = ENGINE.new_match(decks(variant), variant=variant, seed=seed, options={})
    step = 0
    while match.to_act is not None:
        p = match.to_act
        legal = match.legal_actions(p)
        if p == greedy:
            action = ENGINE.choose_action("greedy", match.view(p), legal, seed * 7919 + step)
        else:
            action = ENGINE.choose_action("random", {}, legal, seed * 7919 + step)
        match.apply(p, action)
        step += 1
    return match


@pytest.mark.slow
@pytest.mark.timeout(1200)  # 200 whole games; only a hang reaches it
@pytest.mark.parametrize("variant", ["basis", "lang"])
def test_r18_greedy_beats_random_in_at_least_80_percent_of_200_games(variant: str) -> None:
    wins = 0
    for seed in range(GAMES):
        outcome = play(variant, seed, seed % 2).outcome()  # either seat, so either sample deck
        assert outcome is not None
        wins += outcome.winner == seed % 2
    low, high = wilson(wins, GAMES)
    assert wins >= 0.8 * GAMES, f"greedy won {wins}/{GAMES} ({variant}), 95% Wilson interval {low:.3f}-{high:.3f}"


def test_r18_both_behaviours_choose_a_legal_action_and_unknown_ones_are_refused() -> None:
    match = table(["eisenhauer", "moosling", "rueckenwind"], ["panzerwolf", "glimmwurm"])
    legal = match.legal_actions(0)
    for behaviour in ("random", "greedy"):
        assert ENGINE.choose_action(behaviour, match.view(0), legal, 1) in legal
    with pytest.raises(ValueError, match="behaviours are random, greedy"):
        ENGINE.choose_action("clever", match.view(0), legal, 1)


def test_greedy_decides_from_its_view_alone() -> None:
    match = ENGINE.new_match(
        sample_match_decks(GAME.bundled_cards(), "realmon/basis", 2), variant="basis", seed=8, options={}
    )
    for _ in range(40):
        p = match.to_act
        assert p is not None
        other = match.reshuffle_hidden(p, 99)
        chosen = ENGINE.choose_action("greedy", match.view(p), match.legal_actions(p), 5)
        assert ENGINE.choose_action("greedy", other.view(p), other.legal_actions(p), 5) == chosen
        match.apply(p, chosen)


def test_greedy_lays_the_monster_that_wins_the_announced_category() -> None:
    match = table(["moosling", "eisenhauer"], ["panzerwolf", "glimmwurm"], announcer=1)
    match.apply(1, "announce:crunch")
    match.apply(1, f"lay:{cid(match, 1, 'panzerwolf')}")
    chosen = ENGINE.choose_action("greedy", match.view(0), match.legal_actions(0), 3)
    assert chosen.id == f"lay:{cid(match, 0, 'eisenhauer')}"  # Crunch 10 against a Fighter's 7-odd


def test_greedy_spends_no_stage_six_card_on_a_sure_win() -> None:
    match = table(["gorgantor", "moosling", "kaijugebruell"], ["glimmwurm", "tauperle"], announcer=1)
    match.apply(1, "announce:dominanz")
    match.apply(1, f"lay:{cid(match, 1, 'glimmwurm')}")
    chosen = ENGINE.choose_action("greedy", match.view(0), match.legal_actions(0), 3)
    assert chosen.params["combat"] == []


def test_greedy_keeps_the_cheap_matching_combat_card_when_discarding() -> None:
    hand = ["gorgantor", "funkenlarve", "krallenhieb", "herz-des-realms", "steinhaut"]
    match = table(
        {"hand": hand, "monsters": ["moosling"], "combat": ["tarnung"]}, ["panzerwolf", "glimmwurm"], dice=[1] * 6
    )
    match.apply(0, "announce:dominanz")
    match.apply(0, f"lay:{cid(match, 0, 'gorgantor')}")
    match.apply(1, f"lay:{cid(match, 1, 'panzerwolf')}")
    assert match.view(0)["pending"]["reason"] == "combat_limit"
    chosen = ENGINE.choose_action("greedy", match.view(0), match.legal_actions(0), 3)
    assert chosen.id != f"discard:{cid(match, 0, 'krallenhieb')}"


def _greedy_choice(match: RealmonMatch, p: int = 0) -> str:
    return ENGINE.choose_action("greedy", match.view(p), match.legal_actions(p), 3).label


def test_r17_greedy_plays_one_against_two_when_its_monsters_fight_better_together() -> None:
    match = table(side(["eisenhauer", "panzerwolf", "seite-an-seite"]), ["eisenhauer", "tauperle"])
    assert _greedy_choice(match) == "Reveal Seite an Seite as the field effect"
    match.apply(0, next(a for a in match.legal_actions(0) if a.id.startswith("field:")))
    match.apply(0, "dice")
    assert _greedy_choice(match).startswith("Lay ")  # both, as the only lays are


def test_r17_greedy_takes_a_monster_back_rather_than_give_a_broken_kaiju_away() -> None:
    """Laying one of two Broken Kaijus sacrifices the other to the opponent's Abyss (R14); a
    Symbiont taken back costs its 10 Realm and, lost, gives the opponent nothing."""
    p0 = side(["nullmaul", "riftfresser", "zurueck-aus-dem-abyss"], abyss=["moosling", "nachtreisser"])
    match = table(p0, ["eisenhauer", "tauperle"])
    assert _greedy_choice(match) == "Reveal Zurück aus dem Abyss as the field effect, taking back Moosling"
    match = table(side(["nullmaul", "felsenkoloss", "zurueck-aus-dem-abyss"], abyss=["moosling"]), ["eisenhauer"])
    assert _greedy_choice(match) == "Roll a d6 for the category"  # a Collos to lay: no need


def test_r19_greedy_knows_a_field_boost_lifts_both_sides() -> None:
    """A side-less +4 (an uploaded card may name no side) lifts the opponent as much: no gain."""
    own_only = {"slug": "eigenlob", "name": "Eigenlob", "type": "action", "attributes": {"kind": "vorteil"}}
    setup = {
        "announcer": 0,
        "players": [side(["eisenhauer", "moosling", "eigenlob"]), side(["panzerwolf", "tauperle"])],
    }
    state = state_from_setup(
        setup, [*GAME.bundled_cards(), {**own_only, "effects": [{"boost": 4}]}], variant="basis", seed=0, options={}
    )
    assert _greedy_choice(RealmonMatch(state)) == "Roll a d6 for the category"
