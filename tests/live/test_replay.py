"""The replay viewer (issue 20 item 4) and public finished matches (item 3): a finished match step
by step from its log, as a seat or a spectator saw it, a link to any step; strangers only once the
owner made it public."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from engine.models import Match
from tests.matches.conftest import create, create_body, play_out

pytestmark = pytest.mark.django_db


def _browser(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def finished(user_client: APIClient, bundled_cards: None) -> dict[str, Any]:
    """A short dufo match of two computers, created by alice and played to the end."""
    body = create_body(variant="dufo", options={"target_points": 4})
    body["players"] = [{"kind": "ai", "behaviour": "greedy"}, {"kind": "ai", "behaviour": "random"}]
    state = play_out(user_client, create(user_client, **{k: v for k, v in body.items() if k != "seed"}, seed=5))
    assert state["finished"]
    return state


def test_the_last_step_is_the_finished_state_and_step_zero_the_deal(finished: dict[str, Any], user: User) -> None:
    alice, url = _browser(user), f"/matches/{finished['id']}/replay/"
    last = alice.get(url + "?seat=spectator").content.decode()
    assert f'data-replay-step="{finished["version"]}"' in last and "result-banner" in last
    deal = alice.get(url + "?step=0&seat=spectator").content.decode()
    assert 'data-replay-step="0"' in deal and "result-banner" not in deal


def test_each_step_shows_the_state_the_log_replays_to(
    finished: dict[str, Any], user: User, user_client: APIClient
) -> None:
    from tests.matches.test_log import replay

    log = user_client.get(f"/api/matches/{finished['id']}/log/").json()
    _live, views = replay(log)
    step = len(log["actions"]) // 2
    page = _browser(user).get(f"/matches/{finished['id']}/replay/?step={step}&seat=0").content.decode()
    assert f"Zug {views[step]['turn']}" in page or f"Turn {views[step]['turn']}" in page
    points = [p["points"] for p in views[step]["players"]]
    sections = re.findall(r'data-player="(\d+)">(.*?)</section>', page, flags=re.S)
    shown = {int(seat): int(re.findall(r"<dd><strong>(\d+)</strong>", body)[0]) for seat, body in sections}
    assert [shown[0], shown[1]] == points


def test_the_controls_link_to_the_steps_around(finished: dict[str, Any], user: User) -> None:
    page = _browser(user).get(f"/matches/{finished['id']}/replay/?step=3&seat=1").content.decode()
    for name, step in (("first", 0), ("back", 2), ("forward", 4), ("here", 3)):
        assert re.search(rf'class="replay-{name}" href="[^"]*\?step={step}&amp;seat=1"', page), name


def test_a_seat_view_shows_that_seats_hand_and_a_spectator_none(finished: dict[str, Any], user: User) -> None:
    from tests.live.conftest import hands_shown

    url = f"/matches/{finished['id']}/replay/?step=2"
    assert hands_shown(_browser(user).get(url + "&seat=1").content.decode()) == {1}
    assert hands_shown(_browser(user).get(url + "&seat=spectator").content.decode()) == set()


def test_steps_out_of_range_are_clamped_and_bad_input_is_a_400(finished: dict[str, Any], user: User) -> None:
    alice, url = _browser(user), f"/matches/{finished['id']}/replay/"
    assert f'data-replay-step="{finished["version"]}"' in alice.get(url + "?step=99999").content.decode()
    assert 'data-replay-step="0"' in alice.get(url + "?step=-4").content.decode()
    assert alice.get(url + "?step=abc").status_code == 400
    assert alice.get(url + "?seat=7").status_code == 400
    assert alice.get(url + "?seat=x").status_code == 400


def test_strangers_replay_a_finished_match_only_once_it_is_public(
    finished: dict[str, Any], user: User, other_user: User
) -> None:
    url = f"/matches/{finished['id']}/replay/"
    assert _browser(other_user).get(url).status_code == 404
    assert _browser().get(url).status_code == 404
    assert f'href="{url}"' not in _browser().get("/matches/").content.decode()
    assert _browser(other_user).post(f"/matches/{finished['id']}/public/", {"public": "1"}).status_code == 404
    assert _browser(user).post(f"/matches/{finished['id']}/public/", {"public": "1"}).status_code == 302
    assert _browser().get(url).status_code == 200
    assert f'href="{url}"' in _browser().get("/matches/").content.decode()
    _browser(user).post(f"/matches/{finished['id']}/public/", {"public": "0"})
    assert _browser(other_user).get(url).status_code == 404


def test_a_running_match_has_no_replay(user: User, user_client: APIClient, bundled_cards: None) -> None:
    running = create(user_client, variant="dufo")
    assert _browser(user).get(f"/matches/{running['id']}/replay/").status_code == 404
    assert _browser(user).get("/matches/999999/replay/").status_code == 404


def test_the_finished_play_page_links_to_its_replay(finished: dict[str, Any], user: User) -> None:
    page = _browser(user).get(f"/matches/{finished['id']}/").content.decode()
    assert f'href="/matches/{finished["id"]}/replay/"' in page
    assert Match.objects.get(pk=finished["id"]).finished
