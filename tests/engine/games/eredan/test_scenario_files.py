"""Eredan's scenario files (tests/engine/scenarios/eredan, replayed by tests/engine/test_scenarios.py)
cover every match decision E8-E20 and every term of the effect vocabulary, the seed's example too."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.eredan.effects import MODIFIERS, VERBS

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "eredan"
SCENARIOS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FOLDER.glob("*.json"))]


def test_there_is_a_scenario_for_every_decision_e8_to_e20() -> None:
    rules = {s["rule"] for s in SCENARIOS}
    assert {f"E{n}" for n in range(8, 21)} <= rules


def test_there_is_a_scenario_for_every_term_of_the_effect_vocabulary() -> None:
    terms = {t for s in SCENARIOS for t in s["terms"]}
    assert sorted((set(VERBS) | set(MODIFIERS)) - terms) == []


def test_the_seeds_example_aku_against_aez_deals_4() -> None:
    (seed,) = [s for s in SCENARIOS if "gluehender" in json.dumps(s["setup"]) and s["rule"] == "E14"]
    assert seed["expected"]["confrontation.sides.1.spell_taken"] == 4
