"""E21 (games.md): "Ist geschwächt" keeps its target weakened through the next refresh of its side
(E9), so the cards that say it change the game: Wurzelgriff and Eislanze on the opposing fighter,
Hinterhalt on one's own (its drawback, "Dein Charakter ist geschwächt"). Each card is played and
compared with the same round passed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.eredan.engine import EredanMatch
from tests.engine.games.eredan.helpers import AWAY, BY_SLUG, act, char, end_round, legal, side, table, to_discards

WEAK = {"weakened": True}


def own_picks(match: EredanMatch) -> set[int]:
    """The own characters the player to act may pick in phase 1."""
    return {int(a.split(":")[1]) for a in legal(match)}


def foe_picks(match: EredanMatch) -> set[int]:
    """The opposing characters the player to act may pick in phase 1."""
    return {int(a.split(":")[2]) for a in legal(match)}


def round_one(home: dict[str, Any], away: dict[str, Any], *cards: str) -> EredanMatch:
    """Aku (P1, a Magier) against Aez in round 1, ``cards`` played in turn; the match at round 2."""
    return end_round(to_discards(act(table(home, away), "pick:0:0"), *cards))


@pytest.mark.parametrize("slug", ["wurzelgriff", "eislanze"])
def test_e21_is_weakened_keeps_the_opposing_fighter_out_through_its_sides_next_refresh(slug: str) -> None:
    away = side(["aez", {"slug": "hares-der-brutale", **WEAK}, {"slug": "zahal", **WEAK}])
    played = round_one(side(hand=[slug]), away, "play:p0c3")
    passed = round_one(side(hand=[slug]), away)
    assert char(played, 1, 0)["weakened"] and char(played, 1, 0)["stays_weakened"] is False  # the mark is spent
    assert own_picks(passed) == {0, 1, 2}  # P2 is active: every character refreshed (E9)
    assert own_picks(played) == {1, 2}  # Aez sat this refresh out
    if slug == "eislanze":
        assert char(passed, 1, 0)["health"] - char(played, 1, 0)["health"] == 3 - 1  # and its damage, less spirit


def test_e21_the_mark_is_shown_until_the_refresh_it_holds_through() -> None:
    away = side(["aez", "hares-der-brutale", "zahal"])
    played = round_one(side(hand=["wurzelgriff"]), away, "play:p0c3")
    assert char(played, 1, 0)["weakened"] and char(played, 1, 0)["stays_weakened"]
    assert not char(round_one(side(hand=["wurzelgriff"]), away), 1, 0)["stays_weakened"]


def test_e21_hinterhalt_weakens_ones_own_fighter_the_drawback_its_text_names() -> None:
    assert BY_SLUG["hinterhalt"]["text"] == "Attacke +2. Dein Charakter ist geschwächt."
    home = side(["aku", {"slug": "amaya", **WEAK}, {"slug": "iro", **WEAK}], hand=["hinterhalt"])
    played = round_one(home, side(AWAY), "play:p0c3")
    passed = round_one(home, side(AWAY))
    strike = [m.view(None)["last_round"]["confrontation"]["sides"][0]["attack"] for m in (played, passed)]
    assert strike[0] == strike[1] + 2
    assert foe_picks(passed) == {0, 1, 2}  # P2 picks in round 2: P1's characters were refreshed (E9)
    assert foe_picks(played) == {1, 2}  # Aku, who ambushed, sat the refresh out
    assert not char(played, 1, 0)["stays_weakened"] and own_picks(played) == {1, 2}  # Aez is not touched


def test_e21_the_mark_holds_through_one_refresh_only() -> None:
    away = side([{"slug": "aez", **WEAK, "stays_weakened": True}, {"slug": "hares-der-brutale", **WEAK}, "zahal"])
    match = end_round(to_discards(act(table(side(), away), "pick:0:2")))  # Zahal fights: P2's refresh
    assert own_picks(match) == {1, 2}
    match = end_round(to_discards(act(match, "pick:1:1")))  # round 2: Hares
    assert foe_picks(match) == {2}  # round 3: only Zahal is fresh, no refresh yet
    match = end_round(to_discards(act(match, "pick:2:2")))
    assert own_picks(match) == {0, 1, 2}  # round 4: the next refresh brings Aez back


def test_e21_a_refresh_later_in_the_order_lifts_the_mark() -> None:
    away = side(AWAY, hand=["zweite-luft"])
    match = round_one(side(hand=["wurzelgriff"]), away, "play:p0c3", "play:p1c3")
    assert not char(match, 1, 0)["weakened"] and not char(match, 1, 0)["stays_weakened"]
    assert own_picks(match) == {0, 1, 2}  # Zweite Luft came after Wurzelgriff: Aez is fresh


def test_e21_a_side_whose_only_living_character_is_marked_still_fights() -> None:
    dead = {"dead": True, "health": 0}
    away = side(["aez", {"slug": "hares-der-brutale", **dead}, {"slug": "zahal", **dead}])
    match = round_one(side(hand=["wurzelgriff"]), away, "play:p0c3")
    assert own_picks(match) == {0}  # a side always has a fighter (E10): the mark is spent, Aez fights
