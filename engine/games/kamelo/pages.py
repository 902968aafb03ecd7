"""What the service's pages show of Ka-Mel-Oh! beyond its cards: example searches, deck figures."""

from __future__ import annotations

from engine.core.figures import Figure
from engine.core.labels import Label

# Each finds cards in the bundled sets (tests/decks/test_builder.py runs them).
SEARCH_EXAMPLES = ("type:monster cost<=2", "type:item")
# The cost curve and the genera (K2).
FIGURES = (
    Figure(Label("Cost curve", "Kostenkurve"), "cost", labels="number"),
    Figure(Label("Genera", "Gattungen"), "types"),
)
