"""Realmon's scenario files (tests/engine/scenarios/realmon, replayed by tests/engine/test_scenarios.py)
cover every decision R1-R17 and R19 and every effect term of the vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.realmon.effects import VERBS

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "realmon"
RULES = {json.loads(path.read_text(encoding="utf-8"))["rule"] for path in FOLDER.glob("*.json")}


def test_there_is_a_scenario_for_every_decision_r1_to_r17_and_r19() -> None:
    assert {*(f"R{n}" for n in range(1, 18)), "R19"} - RULES == set()


def test_there_is_a_scenario_for_every_effect_term() -> None:
    assert set(VERBS) - RULES == set()
