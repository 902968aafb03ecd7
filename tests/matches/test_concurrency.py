"""Two submissions at the same version race: the row lock lets exactly one win (PostgreSQL).

Run with DATABASE_URL=postgres://...; on SQLite (an in-memory test database, one connection) the
race cannot be staged, and IMMEDIATE transactions serialise writers there anyway.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

from engine import services
from engine.errors import StaleVersion
from engine.models import Match, MatchAction
from tests.matches.conftest import create_body

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def test_of_two_actions_at_one_version_exactly_one_is_applied(user: Any, bundled_cards: None) -> None:
    body = create_body(options={"first_player": 0})
    match = services.match_create(user=user, **body)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def submit() -> None:
        barrier.wait()
        try:
            services.match_submit_action(match_id=match.pk, user=user, player=0, action="end", version=0)
            outcomes.append("ok")
        except StaleVersion:
            outcomes.append("conflict")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "ok"]
    row = Match.objects.get(pk=match.pk)
    assert MatchAction.objects.filter(match=row).count() == row.version
