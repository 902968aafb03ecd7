"""The duel scenario files (tests/engine/scenarios/duel/, replayed by tests/engine/test_scenarios.py)
cover every decision A1-A15 and every effect term of the vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.duel.effects import VOCABULARY

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "duel"
SCENARIOS = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(FOLDER.glob("*.json"))]


def test_there_is_a_scenario_for_every_decision_a1_to_a15() -> None:
    assert {s["rule"] for s in SCENARIOS} >= {f"A{n}" for n in range(1, 16)}


def test_there_is_a_scenario_for_every_effect_term() -> None:
    assert {s["term"] for s in SCENARIOS if "term" in s} == set(VOCABULARY.verbs)


def test_every_scenario_is_named_after_its_file_and_says_what_it_shows() -> None:
    for path, scenario in zip(sorted(FOLDER.glob("*.json")), SCENARIOS, strict=True):
        assert scenario["name"] == path.stem and scenario["description"] and scenario["game"] == "duel"
