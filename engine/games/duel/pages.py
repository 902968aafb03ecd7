"""What the service's pages show of the duel beyond its cards: example searches, deck figures."""

from __future__ import annotations

from engine.core.figures import TYPES

# Each finds cards in the bundled sets (tests/decks/test_builder.py runs them).
SEARCH_EXAMPLES = ("type:creature attack>=3", "type:trap")
FIGURES = (TYPES,)
