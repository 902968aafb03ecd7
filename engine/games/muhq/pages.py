"""What the service's pages show of muhq's game beyond its cards: example searches, deck figures."""

from __future__ import annotations

from engine.core.figures import TYPES

# Each finds cards in the bundled sets (tests/decks/test_builder.py runs them).
SEARCH_EXAMPLES = ("type:unit cost<=3", "type:spell")
FIGURES = (TYPES,)
