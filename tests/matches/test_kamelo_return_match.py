"""K7's return match (Hin- und Rückkampf) as a Ka-Mel-Oh! match option: declared by the engine,
so the API, the new-match page and ``simulate`` all offer it; one match plays both legs and has
one result for the series (issue 18 item 3)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from tests.matches.conftest import create_body, play_out


@pytest.mark.django_db
def test_k7_the_api_lists_the_return_match_option(api_client: APIClient, bundled_cards: None) -> None:
    games = {g["slug"]: g for g in api_client.get("/api/games/").json()}
    for variant in games["kamelo"]["variants"]:
        options = {o["name"]: o for o in variant["options"]}
        assert (options["return_match"]["kind"], options["return_match"]["default"]) == ("bool", False)
    assert "return_match" in str(games["kamelo"])  # the termination a series ends with


@pytest.mark.django_db
def test_k7_a_return_match_of_computers_plays_both_legs_with_one_result(
    user_client: APIClient, bundled_cards: None
) -> None:
    body = create_body(options={"return_match": True, "first_player": 1, "target_points": 5})
    body["players"] = [{"kind": "ai", "behaviour": "greedy"}, {"kind": "ai", "behaviour": "greedy"}]
    response = user_client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    state = play_out(user_client, response.json())
    assert state["finished"] and state["result"]["termination"] == "return_match"
    series = state["series"]
    assert series["leg"] == 2 and series["legs"][0]["first_player"] == 1
    assert state["result"]["points"] == series["totals"]


@pytest.mark.django_db
def test_k7_a_bad_return_match_value_is_named(user_client: APIClient, bundled_cards: None) -> None:
    response = user_client.post("/api/matches/", create_body(options={"return_match": "ja"}), format="json")
    body = response.json()
    assert (response.status_code, body["option"]) == (400, "return_match")


@pytest.mark.django_db
def test_k7_the_new_match_page_offers_it_and_it_reaches_the_match(user: Any, bundled_cards: None) -> None:
    client = Client()
    client.force_login(user)
    page = "/matches/new/?game=kamelo&variant=koenig"
    assert 'name="option_return_match"' in client.get(page).content.decode()
    form = {
        "seat_0": "me",
        "deck_0": "sample:kamelo/koenig:1",
        "seat_1": "ai:greedy",
        "deck_1": "sample:kamelo/koenig:2",
    }
    assert client.post(page, {**form, "seed": "5", "option_return_match": "on"}).status_code == 302
    from engine.models import Match

    assert Match.objects.get().options["return_match"] is True


def test_k7_simulate_plays_return_matches_and_counts_them() -> None:
    out = io.StringIO()
    args = ("--format", "kamelo/dufo", "--games", "2", "--option", "return_match=true", "--option", "target_points=5")
    call_command("simulate", *args, "--no-progress", stdout=out)
    assert re.search(r"^return_match: 2/2$", out.getvalue(), flags=re.MULTILINE)
