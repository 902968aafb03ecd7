"""Rules calculators of Ka-Mel-Oh!: what one rule gives for given numbers (api.md)."""

from __future__ import annotations

from engine.core.definition import Calculator

CALCULATORS: dict[str, Calculator] = {}
