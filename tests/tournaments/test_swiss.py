"""The Swiss module on its own (api.md "Tournaments and ratings"): MTR Appendix C's figures with
the 0.33 floor, byes, pairing by maximum-weight matching without rematches, best-of checks, Elo."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tournaments import elo, swiss
from tournaments.swiss import Result


def test_mtr_appendix_c_figures_with_the_floor_and_byes_not_counting_as_opponents() -> None:
    # 1 beat 2 2-0, 1 beat 3 2-1; 2 had a bye in round 2; 3 drew 4 1-1-1 in round 1.
    results = [Result(1, 2, (2, 0, 0)), Result(3, 4, (1, 1, 1)), Result(1, 3, (2, 1, 0)), Result(2, None, (2, 0, 0))]
    table = {line.player: line for line in swiss.standings([1, 2, 3, 4], results)}
    # Player 2: 3 points in 2 rounds (the bye) -> MW 1/2; games 2 of 4 won -> GW 6/12 = 1/2.
    # Player 3: a draw and a loss: 1 point / 6 -> 1/6, floored to 0.33; games: 1 won 1 drawn of 3,
    # then 1 won of 3: (3+1+3)/18 = 7/18. Player 4: 1 point / 3 = 1/3 (above 0.33): MW 1/3.
    # Player 1's OMW: (MW 2 = 1/2 + MW 3 = 0.33) / 2 = 0.415; OGW: (1/2 + 7/18) / 2 = 4/9.
    assert table[1].points == 6 and table[1].omw == F(83, 200) and table[1].ogw == F(4, 9)
    assert table[1].gw == F(12, 3 * 5)  # 4 games won of 5: 12 game points / 15
    # Player 2's only opponent is 1 (the bye counts for none): OMW = MW 1 = 6/6 = 1.
    assert table[2].omw == 1 and table[2].gw == F(1, 2)
    # Player 4 lost nothing but drew: GW (3 + 1) / 9 = 4/9; OMW = player 3's floored 0.33.
    assert table[4].gw == F(4, 9) and table[4].omw == F(33, 100)
    # 3 and 4 have 1 point each; OMW breaks the tie: 3 met 4 (1/3) and 1 (1): 2/3 > 4's 0.33.
    assert table[3].omw == F(2, 3)
    assert [line.player for line in swiss.standings([1, 2, 3, 4], results)] == [1, 2, 3, 4]


def test_the_floor_lifts_a_player_without_a_win_to_0_33() -> None:
    table = {line.player: line for line in swiss.standings([1, 2], [Result(1, 2, (2, 0, 0))])}
    assert table[2].gw == F(33, 100) and table[1].omw == F(33, 100)


def test_equal_points_are_paired_and_nobody_meets_twice() -> None:
    points = {1: 6, 2: 6, 3: 3, 4: 3, 5: 3, 6: 3}
    met = {frozenset((1, 2)), frozenset((3, 4))}
    pairs, bye = swiss.pair([1, 2, 3, 4, 5, 6], points, met, set())
    assert bye is None
    assert not {frozenset(p) for p in pairs} & met
    # 1 and 2 met: each floats down to a 3-point player; the other two 3-point players meet.
    assert sorted(tuple(sorted(p)) for p in pairs) == [(1, 3), (2, 4), (5, 6)]


def test_a_greedy_pass_would_strand_the_last_two_in_a_rematch_the_matching_does_not() -> None:
    # Greedy top-down pairs 1-2 and 3-4... leaving 5-6, who have met. The matching avoids it.
    met = {frozenset((5, 6)), frozenset((1, 2))}
    pairs, _ = swiss.pair([1, 2, 3, 4, 5, 6], dict.fromkeys(range(1, 7), 3), met, set())
    assert not {frozenset(p) for p in pairs} & met and len(pairs) == 3


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    pairs, bye = swiss.pair([1, 2, 3, 4, 5], dict.fromkeys(range(1, 6), 0), set(), {5})
    assert bye == 4 and len(pairs) == 2


def test_the_bye_skips_a_player_whose_absence_leaves_only_rematches() -> None:
    # Without 3, players 1 and 2 would have to meet again: the bye goes one place up.
    pairs, bye = swiss.pair([1, 2, 3], {1: 3, 2: 3, 3: 0}, {frozenset((1, 2))}, set())
    assert bye == 1 or bye == 2
    assert frozenset(pairs[0]) != frozenset((1, 2))


def test_no_pairing_without_a_rematch_is_an_error() -> None:
    with pytest.raises(swiss.NoPairing):
        swiss.pair([1, 2], {}, {frozenset((1, 2))}, set())


def test_round_one_is_the_seeded_draw_whatever_the_ids() -> None:
    assert swiss.draw_order([10, 20, 30, 40], 7) == [
        [10, 20, 30, 40][i] for i in [[1, 2, 3, 4].index(p) for p in swiss.draw_order([1, 2, 3, 4], 7)]
    ]
    assert swiss.rounds_for(9) == 4 and swiss.rounds_for(8) == 3 and swiss.rounds_for(2) == 1


@pytest.mark.parametrize(
    ("games", "best_of", "fits"),
    [
        ((1, 0, 0), 1, True), ((0, 0, 1), 1, True), ((1, 1, 0), 1, False), ((2, 0, 0), 1, False),
        ((2, 1, 0), 3, True), ((1, 1, 1), 3, True), ((2, 0, 1), 3, True), ((2, 2, 0), 3, False),
        ((3, 0, 0), 3, False), ((2, 1, 1), 3, False), ((0, 0, 0), 3, False), ((-1, 2, 0), 3, False),
    ],
)  # fmt: skip
def test_a_result_must_fit_best_of(games: tuple[int, int, int], best_of: int, fits: bool) -> None:
    assert (swiss.best_of_problem(list(games), best_of) is None) is fits


def test_elo_start_1500_k_32() -> None:
    assert elo.START == 1500 and elo.change(1500, 1500, 1.0) == 16
    # 1516 against 1484: expected 1 / (1 + 10^(-32/400)) = 0.5459...; a win moves 32 x 0.4541 = 14.53.
    assert elo.change(1516, 1484, 1.0) == pytest.approx(14.53, abs=0.01)
    # 1600 against 1400 expects 1 / (1 + 10^-0.5) = 0.7597: a draw costs 32 x 0.2597 = 8.31.
    assert elo.change(1600, 1400, 0.5) == pytest.approx(-8.31, abs=0.01)
