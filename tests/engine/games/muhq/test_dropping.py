"""M31: a state never shows two permanents on one field. A stack being dropped (rules.md
"fallen gelassen") and an artifact being carried are listed under ``dropping`` with the fields
each may take, not among the permanents, until each is set down; the seat that controls the
permanent that left places them (the seed: "führt der Spieler ... durch"), the seeded random
source where no seat does (the Kraken, a neutral piece) and in the turns the engine runs."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import SeededRandom
from engine.core.samples import sample_match_decks
from engine.games.muhq import GAME
from engine.games.muhq.calc import distance
from engine.games.muhq.state import bundled
from tests.engine.games.muhq.table import act, legal_ids, on_map, table
from tests.engine.games.muhq.table import placed as _p

ENGINE = GAME.engine


def chariot(seed: int = 1, owner: Any = 0, variant: str = "zwei-doerfer") -> Any:
    """P1's hurt Streitwagen at (2, 6) crewed by a Soldat and carrying a Schwert; P1 casts a
    Feuerball on it."""
    setup = {
        "players": [{"hand": ["feuerball"]}, {}],
        "permanents": [_p("streitwagen", owner, 2, 6, damage=2, stack=[{"card": "soldat"}, {"card": "schwert"}])],
    }
    match = table(setup, variant=variant, seed=seed)
    act(match, "spell:p0c0:m0")
    return match


def test_m31_a_dropped_stack_waits_under_dropping_and_its_controller_sets_each_down() -> None:
    match = chariot()
    view = match.view(1)
    assert [entry["card"]["id"] for entry in view["dropping"]] == ["m1", "m2"]
    assert [p["card"]["id"] for p in view["permanents"]] == [] and view["phase"] == "setdown"
    fields = [tuple(f) for f in view["dropping"][0]["fields"]]
    assert fields and all(distance(f, (2, 6)) <= 1 for f in fields)
    assert match.to_act == 0 and legal_ids(match) == sorted(f"setdown:m1:{x},{y}" for x, y in fields)
    act(match, "setdown:m1:1,5")
    assert match.state["perms"]["m1"]["x"], match.state["perms"]["m1"]["y"] == (1, 5)
    assert [entry["card"]["id"] for entry in match.view(None)["dropping"]] == ["m2"]
    assert "setdown:m2:1,5" not in legal_ids(match)  # taken now
    act(match, "setdown:m2:3,6")
    assert match.view(None)["dropping"] == [] and match.state["perms"]["m2"]["durability"] == 2  # M17
    assert match.view(None)["phase"] == "actions" and match.to_act == 0


def test_m31_a_stack_the_kraken_controls_drops_by_the_seeded_source_at_once() -> None:
    ends = set()
    for seed in range(8):
        setup = {
            "players": [{"hand": ["feuerball"]}],
            "permanents": [_p("riesenkrabbe", "kraken", 5, 2, damage=3, stack=[{"card": "schwert"}])],
        }
        match = table(setup, variant="the-kraken", seed=seed)
        act(match, "spell:p0c0:m0")
        assert match.view(None)["dropping"] == [] and on_map(match, "m1")
        sword = match.state["perms"]["m1"]
        assert distance((sword["x"], sword["y"]), (5, 2)) <= 1
        ends.add((sword["x"], sword["y"]))
    assert len(ends) > 1


def test_m31_a_carried_artifact_waits_under_dropping_until_it_is_set_down() -> None:
    setup = {"permanents": [_p("soldat", 0, 2, 6), _p("palisade", 0, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m0")
    act(match, "carry:m0:m1:1,6")
    view = match.view(None)
    assert [p["card"]["id"] for p in view["permanents"]] == ["m0"]
    assert [e["card"]["id"] for e in view["dropping"]] == ["m1"] and view["phase"] == "setdown"
    act(match, "setdown:m1:0,6")
    assert [(p["x"], p["y"]) for p in match.view(None)["permanents"]] == [(1, 6), (0, 6)]


def fields_of(view: dict[str, Any]) -> list[tuple[int, int]]:
    return [(p["x"], p["y"]) for p in view["permanents"]]


RANDOM = [("burgen", 2, 1), ("zwei-doerfer", 2, 2), ("the-kraken", 2, 6)]  # seeds with a drop or a carry


@pytest.mark.parametrize("case", RANDOM, ids=[c[0] for c in RANDOM])
def test_m31_no_state_of_a_random_match_shows_two_permanents_on_one_field(case: tuple[str, int, int]) -> None:
    variant, seats, seed = case
    decks = sample_match_decks(list(bundled()), "muhq/draft", seats)
    match = ENGINE.new_match(decks, variant=variant, seed=seed, options={"max_rounds": 8})
    rng, dropped = SeededRandom(seed), 0
    while match.to_act is not None:
        view = match.view(None)
        assert len(set(fields_of(view))) == len(fields_of(view)), f"two permanents on one field: {fields_of(view)}"
        dropped += bool(view["dropping"])
        match.apply(match.to_act, rng.choice(match.legal_actions(match.to_act)))
    assert dropped, "no state of this match had something to set down"
