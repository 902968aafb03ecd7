"""What the service's pages show of Realmon beyond its cards: example searches, deck figures."""

from __future__ import annotations

from engine.core.figures import TYPES, Figure
from engine.core.labels import Label

# Each finds cards in the bundled sets (tests/decks/test_builder.py runs them).
SEARCH_EXAMPLES = ("stage:1", "type:action")
FIGURES = (Figure(Label("Stages", "Stufen"), "attribute", key="stage", labels="number", by_key=True), TYPES)
