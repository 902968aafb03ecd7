"""muhq's scenario files (tests/engine/scenarios/muhq, replayed by tests/engine/test_scenarios.py)
cover every decision M1-M25, every tile of maps.md, every condition and every AI behaviour."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.muhq.engine import TERMINATIONS

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "muhq"
SCENARIOS = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(FOLDER.glob("*.json"))}
TILES = ("haus", "turm", "acker", "startfeld", "hafen", "strasse", "tiefes_wasser", "wasser", "flaches_wasser")


def test_there_is_a_scenario_for_every_decision_m1_to_m25() -> None:
    rules = {s["rule"] for s in SCENARIOS.values()}
    assert {f"M{n}" for n in range(1, 26)} <= rules


def test_there_is_a_scenario_for_every_tile_condition_and_behaviour() -> None:
    names = " ".join(SCENARIOS)
    for word in [f"tile_{t}" for t in TILES] + ["poison", "paralysis", "panic"]:
        assert word in names, word
    for behaviour in ("aggressive", "scheu", "wandelnd", "unterstuetzend"):
        assert f"ai_{behaviour}" in names, behaviour


def test_the_seeds_five_stack_examples_are_played() -> None:
    assert {f"m2_stack_example_{n}" for n in range(1, 6)} <= set(SCENARIOS)


def test_every_victory_condition_of_rules_md_ends_a_scenario() -> None:
    ended = {s["expected"].get("result.termination") for s in SCENARIOS.values()}
    assert set(TERMINATIONS) <= ended
