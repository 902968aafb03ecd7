"""What the service's pages show of Eredan beyond its cards: example searches, deck figures."""

from __future__ import annotations

from engine.core.figures import TYPES, Figure
from engine.core.labels import Label

# Each finds cards in the bundled sets (tests/decks/test_builder.py runs them).
SEARCH_EXAMPLES = ("type:weapon guild:kotoba", "type:spell")
FIGURES = (
    Figure(Label("Guilds", "Gilden"), "guilds", labels="guild"),
    Figure(Label("Classes", "Klassen"), "attribute", key="classes", labels="value"),
    TYPES,
)
