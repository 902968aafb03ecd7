"""A match log answers in pages of at most LOG_PAGE_MAX actions, linked by ``next`` (issue 19 item 6)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.api import log_pages
from tests.matches.conftest import create, play_out


@pytest.fixture
def finished(user_client: APIClient, bundled_cards: None) -> dict[str, Any]:
    return play_out(user_client, create(user_client, players=[{"kind": "ai"}, {"kind": "ai"}]))


def test_a_whole_log_fits_one_page(user_client: APIClient, finished: dict) -> None:
    body = user_client.get(f"/api/matches/{finished['id']}/log/").json()
    assert body["next"] is None and [a["seq"] for a in body["actions"]] == list(range(1, finished["version"] + 1))


def test_pages_follow_each_other_to_the_end(
    user_client: APIClient, finished: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_pages, "LOG_PAGE_MAX", 7)
    url, seen = f"/api/matches/{finished['id']}/log/", []
    while url:
        body = user_client.get(url).json()
        assert len(body["actions"]) <= 7 and body["seed"] == finished.get("seed", body["seed"])
        seen += [a["seq"] for a in body["actions"]]
        url = body["next"]
    assert seen == list(range(1, finished["version"] + 1))


def test_after_and_limit_pick_a_page(user_client: APIClient, finished: dict) -> None:
    body = user_client.get(f"/api/matches/{finished['id']}/log/?after=3&limit=2").json()
    assert [a["seq"] for a in body["actions"]] == [4, 5] and "after=5" in body["next"]


@pytest.mark.parametrize("query", ["limit=0", f"limit={log_pages.LOG_PAGE_MAX + 1}", "after=-1", "after=x"])
def test_bad_page_parameters_answer_400(user_client: APIClient, finished: dict, query: str) -> None:
    assert user_client.get(f"/api/matches/{finished['id']}/log/?{query}").status_code == 400
