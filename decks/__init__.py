"""The decks app."""
