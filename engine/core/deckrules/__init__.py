"""Deck rules split by sub-domain; import them through :mod:`engine.core.decks`, the public facade.

``types`` holds the vocabulary (Violation, Deck, ...), ``common`` the rules every game may use,
``dead`` the dead-card warning (a game hands in what makes a card dead), ``format`` the concrete
DeckFormat. Rules of one game live in its package (``engine/games/<game>/deckrules.py``).
"""
