"""Signals of the match adapter, for what builds on it (live pages, notifications).

``match_changed`` is sent once the transaction that changed a match has committed (an action, the
computer's answer, a new match): ``sender`` is ``engine.models.Match``, with ``match_id`` and
``version``. It carries no state: a receiver that shows the match reads it as its own viewer may
see it (a seat never receives another seat's hidden cards).

``match_finished`` is sent once, after the transaction that finished a match has committed (an
action, the computer's answer, a clock that ran out): ``sender`` ``Match``, with ``match_id``. What
builds on the result (a tournament's pairing, the Elo ratings) listens to it, so that the adapter
never imports it.

``match_acting`` is sent inside an action's transaction, with the match's row locked, before the
action is applied: ``table`` (``engine.services.table.Table``) and ``player``. A receiver may end
the match on the table (a clock that ran out: ``engine.live.clocks``); the action is then refused
(``MatchOver``) and the ended match saved.
"""

from __future__ import annotations

from django.dispatch import Signal

match_changed = Signal()
match_finished = Signal()
match_acting = Signal()
