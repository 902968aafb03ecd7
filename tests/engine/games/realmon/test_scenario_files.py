"""Realmon's scenario files (tests/engine/scenarios/realmon, replayed by tests/engine/test_scenarios.py)
cover every decision R1-R16 and every effect term of the vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.realmon.effects import VERBS

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "realmon"
RULES = {json.loads(path.read_text(encoding="utf-8"))["rule"] for path in FOLDER.glob("*.json")}


def test_there_is_a_scenario_for_every_decision_r1_to_r16() -> None:
    assert {f"R{n}" for n in range(1, 17)} - RULES == set()


def test_there_is_a_scenario_for_every_effect_term() -> None:
    assert set(VERBS) - RULES == set()
