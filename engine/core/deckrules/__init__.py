"""Deck rules split by sub-domain; import them through :mod:`engine.core.decks`, the public facade.

``types`` holds the vocabulary (Violation, Deck, ...), ``common`` the rules every game may use,
``eredan`` the guild, character and charge rules (E1-E6), ``format`` the concrete DeckFormat.
"""
