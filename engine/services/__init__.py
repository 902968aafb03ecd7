"""Writes of the match engine's Django adapter (HackSoft: keyword-only, typed, one transaction each),
split by concern:

- ``create``: ``match_create`` (decks checked in the variant's format, seats, options, the deal);
- ``actions``: ``match_submit_action`` (lock, version, idempotency, log) and ``request_hash``;
- ``autoplay``: the computer's turns outside the row lock (``ai_reply``, ``match_autoplay``,
  ``schedule_autoplay``);
- ``table``: a match in play (apply and log with what the table saw, save);
- ``decks``, ``seats``, ``engines``: the pieces ``create`` builds on;
- ``invitations``: answering a seat invitation (the last acceptance starts the match);
- ``simulate``: engine-only matches for ``manage.py simulate`` (no database).

Everything works from what a game's engine declares (``engine.core.base.BaseGame``): no game slug
or variant convention lives here. Refusals are domain errors (``engine.errors``), which
``config.exceptions`` maps to HTTP. On SQLite ``select_for_update`` is a no-op; settings open every
transaction IMMEDIATE (the write lock is taken at BEGIN), so two writers to one match are
serialised there too.
"""

from engine.services.actions import Answer, match_submit_action, request_hash
from engine.services.autoplay import ai_reply, match_autoplay, schedule_autoplay
from engine.services.create import match_create, match_create_seated
from engine.services.decks import deck_cards, match_deck_resolve
from engine.services.engines import ai_seed, engine_variant, game_engine
from engine.services.invitations import invitation_answer
from engine.services.simulate import GameResult, SimulationDeckError, match_simulate, simulate_one, simulation_deck

__all__ = [
    "Answer",
    "GameResult",
    "SimulationDeckError",
    "ai_reply",
    "ai_seed",
    "deck_cards",
    "engine_variant",
    "game_engine",
    "invitation_answer",
    "match_autoplay",
    "match_create",
    "match_create_seated",
    "match_deck_resolve",
    "match_simulate",
    "match_submit_action",
    "request_hash",
    "schedule_autoplay",
    "simulate_one",
    "simulation_deck",
]
