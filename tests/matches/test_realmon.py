"""A Realmon match through the API: to its end against either AI and between two signed-in users,
each face-down commitment hidden from the other seat until the reveal (R18), the running log
showing only what the table saw, and the finished log replaying the match bit for bit; the
monster draft (R20) through the API and the new-match page, each seat's picks its own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from engine.core.samples import sample_decks
from engine.games import get_game
from engine.models import Match
from engine.services import deck_cards
from tests.matches.conftest import accept_invitations

pytestmark = pytest.mark.django_db
MAX_REQUESTS = 400


def realmon_deck(number: int, variant: str = "basis") -> dict[str, str]:
    return {"format": f"realmon/{variant}", "list": sample_decks(f"realmon/{variant}")[number]["list"]}


def create(
    client: APIClient, players: list[dict[str, Any]], variant: str = "basis", seed: int = 5, **options: Any
) -> dict[str, Any]:
    decks = [realmon_deck(0, variant), realmon_deck(len(sample_decks(f"realmon/{variant}")) - 1, variant)]
    body = {"game": "realmon", "variant": variant, "decks": decks, "seed": seed, "players": players, "options": options}
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    data: dict[str, Any] = response.json()
    return data


def step(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    """Play the seat's preferred action: lay with a combat card when it can, else the first one."""
    ids = [a["id"] for a in state["legal_actions"]]
    chosen = next((i for i in ids if i.startswith("lay:") and "+" in i), ids[0])
    body = {"player": state["player"], "action": chosen, "version": state["version"]}
    response = client.post(f"/api/matches/{state['id']}/actions/", body, format="json")
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def replayed(log: dict[str, Any], variant: str) -> Any:
    engine = get_game("realmon").engine
    live = engine.new_match(
        [deck_cards(d) for d in log["decks"]], variant=variant, seed=log["seed"], options=log["options"]
    )
    for row in log["actions"]:
        live.apply(row["player"], row["action"]["id"])
    return live


@pytest.mark.parametrize(("behaviour", "variant"), [("random", "basis"), ("greedy", "basis"), ("greedy", "lang")])
def test_a_realmon_match_against_the_ai_plays_to_its_end_and_replays_from_its_log(
    user_client: APIClient, bundled_cards: None, behaviour: str, variant: str
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": behaviour}], variant)
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            break
        state = step(user_client, state)
    assert state["finished"] and state["result"]["termination"] == "monsters_exhausted"
    assert state["result"]["points"] == [p["points"] for p in state["players"]]
    log = user_client.get(f"/api/matches/{state['id']}/log/").json()
    stored = Match.objects.get(pk=state["id"]).state
    assert json.dumps(replayed(log, variant).to_json(), sort_keys=True) == json.dumps(stored, sort_keys=True)


def test_between_two_users_each_commitment_stays_face_down_to_the_other_until_the_reveal(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "human", "user": other_user.username}])
    accept_invitations(other_client)  # bob takes the seat: the match starts
    state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    clients = {0: user_client, 1: other_client}
    face_down_seen = 0
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            break
        to_act = state["to_act"]
        state = clients[to_act].get(f"/api/matches/{state['id']}/?player={to_act}").json()
        state = step(clients[to_act], state)
        other = 1 - state["player"]
        theirs = clients[other].get(f"/api/matches/{state['id']}/?player={other}").json()
        laid = theirs["players"][state["player"]]["laid"]
        if laid is not None and laid["face_down"]:
            assert laid["monster"] == {"card": None, "face_down": True}
            assert all(card == {"card": None, "face_down": True} for card in laid["combat"])
            running = clients[other].get(f"/api/matches/{state['id']}/log/").json()
            assert running["seed"] is None and running["actions"][-1]["action"]["id"] == "hidden:lay"
            face_down_seen += 1
        assert theirs["players"][state["player"]]["hand"] is None
    assert state["finished"] and face_down_seen > 0


ENGINE_ENGLISH = re.compile(
    r"\bP[12](?:'s)? (?:draws|rolls|reveals|lays|announces|discards|wins|sacrifices)\b|Roll a d6"
)


@pytest.fixture
def alice_page(user: Any) -> Client:
    """alice signed in to the pages (a session, as a browser has)."""
    client = Client()
    client.force_login(user)
    return client


def test_the_german_page_shows_the_engine_s_labels_and_log_in_german_the_english_one_in_english(
    user_client: APIClient, alice_page: Client, bundled_cards: None
) -> None:
    """The engine writes English; the page in German reads its labels and log back through
    engine/games/realmon/phrases.py (seats as S1/S2, as the board names them)."""
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}])
    for _ in range(6):  # past fights: announcements, face-down commitments, reveals, the draws after them
        state = step(user_client, state)
    german = alice_page.get(f"/matches/{state['id']}/").content.decode()
    assert re.search(r"S[12] zieht 1 Kampfkarte\b", german) and re.search(r"S[12] deckt .+ auf", german)
    assert re.search(r"S[12] legt ein Monster und (1 Kampfkarte|\d+ Kampfkarten) verdeckt", german)
    assert not ENGINE_ENGLISH.search(german), ENGINE_ENGLISH.search(german)
    english = alice_page.get(f"/matches/{state['id']}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r"P[12] draws 1 combat card\b", english) and ENGINE_ENGLISH.search(english)


def test_r20_a_drafted_match_through_the_api_shows_each_seat_only_its_own_picks(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "human", "user": other_user.username}], monsters="draft")
    accept_invitations(other_client)
    clients = {0: user_client, 1: other_client}
    picked: dict[int, list[str]] = {0: [], 1: []}
    state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    assert state["phase"] == "draft" and state["options"]["monsters"] == "draft"
    for _ in range(MAX_REQUESTS):
        if state["phase"] != "draft":
            break
        to_act = state["to_act"]
        state = clients[to_act].get(f"/api/matches/{state['id']}/?player={to_act}").json()
        picked[to_act].append(state["legal_actions"][0]["params"]["card"])
        state = step(clients[to_act], state)
        other = 1 - to_act
        theirs = json.dumps(clients[other].get(f"/api/matches/{state['id']}/?player={other}").json())
        assert not any(card in theirs for card in picked[to_act])
        running = clients[other].get(f"/api/matches/{state['id']}/log/").json()
        assert all(row["action"]["id"] == "hidden:pick" for row in running["actions"] if row["player"] == to_act)
    assert state["phase"] == "announce" and len(picked[0]) == len(picked[1]) == 22


def test_r20_the_new_match_page_offers_the_draft_and_a_drafting_seat_sees_its_pile(
    user: Any, bundled_cards: None
) -> None:
    page = Client()
    page.force_login(user)
    new = "/matches/new/?game=realmon&variant=basis"
    html = page.get(new).content.decode()
    assert 'name="option_monsters"' in html and 'value="draft"' in html
    form = {
        "seat_0": "me",
        "deck_0": "sample:realmon/basis:1",
        "seat_1": "ai:greedy",
        "deck_1": "sample:realmon/basis:2",
    }
    response = page.post(new, {**form, "seed": "5", "option_monsters": "draft"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.options["monsters"] == "draft"
    board = page.get(response["Location"]).content.decode()
    assert "Monster-Draft" in board and "Der Stapel in deiner Hand" in board and 'value="pick:' in board
