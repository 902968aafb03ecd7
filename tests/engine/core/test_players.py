"""The computer players' shared choice (engine.core.players): checks, random, greedy ties by seed."""

from __future__ import annotations

import pytest

from engine.core.match import Action
from engine.core.players import best, choose

LEGAL = [Action("b", "B"), Action("a", "A"), Action("c", "C")]


def test_random_picks_uniformly_by_seed_whatever_the_order_given() -> None:
    picks = {choose("random", ("random",), LEGAL, seed, lambda acts: [0.0] * len(acts)).id for seed in range(40)}
    assert picks == {"a", "b", "c"}
    assert choose("random", ("random",), LEGAL, 7, list).id == choose("random", ("random",), LEGAL[::-1], 7, list).id


def test_greedy_takes_the_best_and_breaks_ties_by_seed() -> None:
    scores = {"a": 1.0, "b": 3.0, "c": 3.0}
    picks = {choose("greedy", ("greedy",), LEGAL, s, lambda acts: [scores[a.id] for a in acts]).id for s in range(40)}
    assert picks == {"b", "c"}
    assert [a.id for a in best(LEGAL, [1.0, 2.0, 2.0 - 1e-9])] == ["a", "c"]


@pytest.mark.parametrize(("behaviour", "legal"), [("psychic", LEGAL), ("random", [])])
def test_an_unknown_behaviour_or_no_action_is_refused(behaviour: str, legal: list[Action]) -> None:
    with pytest.raises(ValueError):
        choose(behaviour, ("random", "greedy"), legal, 1, list)
