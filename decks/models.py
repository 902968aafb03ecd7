"""Models of the decks app."""
