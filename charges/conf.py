"""The charge system's settings: every ``CHARGE_*`` setting is optional, its default lives here.

The formula's constants (E7) default to the pure :class:`engine.games.eredan.charges.Constants`
(one place for their values and meaning); a setting ``CHARGE_<FIELD>`` overrides one, e.g.
``CHARGE_ELO_THRESHOLD = 1600`` or ``CHARGE_DECAY = 0.75``. ``CHARGE_SYSTEM_START`` (a date) left
unset means: the system began with the game's first charge list (``charge_list_recompute``).
"""

from __future__ import annotations

from dataclasses import fields

from django.conf import settings

from engine.games.eredan.charges import Constants
from engine.games.eredan.deckrules import CHARGE_LIMIT

# The games that have charges (E6: Eredan's Quilingo format); any other game answers "no charges".
CHARGE_GAMES: tuple[str, ...] = tuple(getattr(settings, "CHARGE_GAMES", ("eredan",)))
# Elo values the tournament import accepts (anything outside is a typo, reported per game).
CHARGE_ELO_MIN: int = getattr(settings, "CHARGE_ELO_MIN", 0)
CHARGE_ELO_MAX: int = getattr(settings, "CHARGE_ELO_MAX", 4000)
# How long a process keeps the current charges of a game (recompute and pin edits clear it).
CHARGE_CACHE_SECONDS: int = getattr(settings, "CHARGE_CACHE_SECONDS", 300)
# The deck limit of E6, shown on the pages: the rule's own constant (engine.games.eredan.deckrules).
CHARGE_DECK_LIMIT: int = CHARGE_LIMIT


def charge_constants() -> Constants:
    """The formula's constants: the pure defaults, overridden by any ``CHARGE_<FIELD>`` setting."""
    overrides = {
        f.name: getattr(settings, f"CHARGE_{f.name.upper()}")
        for f in fields(Constants)
        if hasattr(settings, f"CHARGE_{f.name.upper()}")
    }
    return Constants.from_mapping(overrides)
