"""Kartothek's match engine.

``engine.core`` and ``engine.games`` are pure Python (no Django): the game
definitions, card schemas, deck rules and rules engines. The rest of this
package (models, services, api) is the Django adapter that serves them.
"""
