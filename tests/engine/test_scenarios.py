"""Scenario files (tests/engine/scenarios/<game>/*.json) replayed by one parametrised test.

A scenario: ``game``, ``variant``, ``seed``, ``options``, ``setup`` (the game's ``from_setup``
position), ``actions`` (ids, each applied by the player to act) and ``expected``: dotted paths into
the spectator's view (``players.1.arena.0.lp``; a trailing ``#`` compares a list's length), plus
optional ``legal_includes``/``legal_excludes`` for the player to act at the end. The ``rule`` field
names the decision (K4 ...) the scenario pins down.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import get_game

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*/*.json"))


def _lookup(data: Any, path: str) -> Any:
    counting = path.endswith("#")
    for part in path.rstrip("#").split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return len(data) if counting else data


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    game = get_game(scenario["game"]).engine
    match = game.from_setup(
        scenario["setup"], variant=scenario["variant"], seed=scenario["seed"], options=scenario["options"]
    )
    for action in scenario["actions"]:
        match.apply(match.to_act, action)
    shown = match.view(None)
    found = {key: _lookup(shown, key) for key in scenario["expected"]}
    assert found == scenario["expected"], f"{scenario['rule']}: {scenario['description']}"
    legal = {a.id for a in match.legal_actions(match.to_act)} if match.to_act is not None else set()
    assert set(scenario.get("legal_includes", [])) <= legal
    assert not set(scenario.get("legal_excludes", [])) & legal


def test_there_is_a_scenario_for_every_kamelo_rule_k4_to_k7() -> None:
    rules = {json.loads(p.read_text(encoding="utf-8"))["rule"] for p in SCENARIOS if p.parent.name == "kamelo"}
    assert {"K4", "K5", "K6", "K7"} <= rules
