"""muhq's game through the API (issue 16, "Done when"): a match on every map plays to its end
against the AI, between two signed-in users, and together against the Kraken; each replays bit
for bit from its finished log; each seat sees its own hand only (the others' stay counts) while
the stores and discard piles are open to all (rules.md); bad input answers 400 with a code, and
other users' matches stay theirs.

The human seats play through the API with the engine's own greedy choice from the state they are
shown (nothing else of the match), so a match reaches a real victory condition in a few hundred
requests at most."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from engine.core.match import Action
from engine.core.samples import sample_decks
from engine.games import get_game
from engine.models import Match
from engine.services import deck_cards
from tests.engine.conformance import strings
from tests.matches.conftest import accept_invitations

pytestmark = pytest.mark.django_db
MAX_REQUESTS = 1500
ROUNDS = {"max_rounds": 20}  # a match's length bound (M20: then a draw), short enough for a test
HANG = pytest.mark.timeout(1800)  # whole matches of many requests: only a hang reaches this
MAPS = [v.slug for v in get_game("muhq").engine.variants if v.slug != "the-kraken"]  # type: ignore[union-attr]


def store(number: int) -> dict[str, str]:
    decks = sample_decks("muhq/draft")
    return {"format": "muhq/draft", "list": decks[number % len(decks)]["list"]}


def create(
    client: APIClient, players: list[dict[str, Any]], variant: str = "zwei-doerfer", seed: int = 3, **extra: Any
) -> dict[str, Any]:
    body = {"game": "muhq", "variant": variant, "decks": [store(i) for i in range(len(players))], "seed": seed,
            "players": players, **extra}  # fmt: skip
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    data: dict[str, Any] = response.json()
    return data


def choice(state: dict[str, Any]) -> str:
    """What the seat plays: the engine's greedy choice from the state it is shown."""
    engine = get_game("muhq").engine
    assert engine is not None
    legal = [Action(a["id"], a["label"], a.get("params") or {}) for a in state["legal_actions"]]
    return engine.choose_action("greedy", state, legal, state["version"]).id


def step(client: APIClient, state: dict[str, Any]) -> dict[str, Any]:
    body = {"player": state["player"], "action": choice(state), "version": state["version"]}
    response = client.post(f"/api/matches/{state['id']}/actions/", body, format="json")
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def replays_bit_for_bit(client: APIClient, match_id: int) -> bool:
    log = client.get(f"/api/matches/{match_id}/log/").json()
    engine = get_game("muhq").engine
    assert engine is not None and log["seed"] is not None
    live = engine.new_match(
        [deck_cards(d) for d in log["decks"]], variant=log["variant"], seed=log["seed"], options=log["options"]
    )
    for row in log["actions"]:
        live.apply(row["player"], row["action"]["id"])
    stored = Match.objects.get(pk=match_id).state
    return json.dumps(live.to_json(), sort_keys=True) == json.dumps(stored, sort_keys=True)


def play_to_the_end(clients: dict[int, APIClient], state: dict[str, Any]) -> dict[str, Any]:
    """Each human seat acts through its own client until the match is over; after every move the
    seat that moved checks it sees no other seat's hand."""
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            return state
        seat = state["to_act"]
        state = clients[seat].get(f"/api/matches/{state['id']}/?player={seat}").json()
        state = step(clients[seat], state)
        shown = [p["hand"] is not None for p in state["players"]]
        assert shown == [i == seat for i in range(len(shown))], "a seat sees its own hand only"
    raise AssertionError(f"not over after {MAX_REQUESTS} requests")


@pytest.mark.slow
@HANG
@pytest.mark.parametrize("variant", MAPS)
def test_a_match_on_each_map_plays_to_its_end_against_the_ai_and_replays_from_its_log(
    user_client: APIClient, bundled_cards: None, variant: str
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "greedy"}], variant, options=ROUNDS)
    state = play_to_the_end({0: user_client}, state)
    result = state["result"]
    assert result["termination"] in get_game("muhq").engine.terminations  # type: ignore[union-attr]
    assert result["points"] == [p["points"] for p in state["players"]]
    assert set(result["winners"]) <= {0, 1} and result["winner"] in (None, *result["winners"])
    assert replays_bit_for_bit(user_client, state["id"])


@HANG
def test_a_match_between_two_users_keeps_each_hand_from_the_other(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    players = [{"kind": "human"}, {"kind": "human", "user": other_user.username}]
    state = create(user_client, players, seed=5, options=ROUNDS)
    accept_invitations(other_client)  # bob takes the seat: the match starts
    state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    clients = {0: user_client, 1: other_client}
    for _ in range(MAX_REQUESTS):
        if state["finished"]:
            break
        seat = state["to_act"]
        state = step(clients[seat], clients[seat].get(f"/api/matches/{state['id']}/?player={seat}").json())
        other = 1 - seat
        theirs = clients[other].get(f"/api/matches/{state['id']}/?player={other}").json()
        assert theirs["players"][seat]["hand"] is None and theirs["players"][other]["hand"] is not None
        assert theirs["players"][seat]["hand_count"] == state["players"][seat]["hand_count"]
        assert theirs["players"][seat]["store"] == state["players"][seat]["store"]  # stores are open
        assert theirs["players"][seat]["discard"] == state["players"][seat]["discard"]  # so are discards
        if not state["finished"]:
            running = clients[other].get(f"/api/matches/{state['id']}/log/").json()
            assert running["seed"] is None
    assert state["finished"]
    assert replays_bit_for_bit(other_client, state["id"])


@pytest.mark.slow
@HANG
@pytest.mark.parametrize("seats", [1, 2])
def test_players_play_together_against_the_kraken_to_the_end(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None, seats: int
) -> None:
    players = [{"kind": "human"}, {"kind": "human", "user": other_user.username}][:seats]
    state = create(user_client, players, "the-kraken", seed=7, options=ROUNDS)
    if seats == 2:
        accept_invitations(other_client)
        state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    assert state["kraken"]["deck_count"] > 0 and any(p["owner"] == "kraken" for p in state["permanents"])
    state = play_to_the_end({0: user_client, 1: other_client}, state)
    winners = state["result"]["winners"]
    assert winners in ([], list(range(seats)))  # the players win or lose together (M21)
    assert state["result"]["termination"] in ("kraken_defeated", "kraken_won", "turn_limit")
    assert replays_bit_for_bit(user_client, state["id"])


@pytest.fixture
def alice_page(user: Any) -> Client:
    """alice signed in to the pages (a session, as a browser has)."""
    client = Client()
    client.force_login(user)
    return client


def test_the_page_of_a_muhq_match_draws_the_map_and_the_viewer_s_hand(
    user_client: APIClient, alice_page: Client, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}], options={"first_player": 0})
    page = alice_page.get(f"/matches/{state['id']}/")
    html = page.content.decode()
    assert page.status_code == 200 and 'class="muhq-board"' in html
    tiles = re.findall(r'<g class="muhq-tile [^"]*" transform=[^>]*role="img"><title>', html)
    assert len(tiles) == state["map"]["width"] * state["map"]["height"]
    assert f'data-match-version="{state["version"]}"' in html
    for card in state["players"][0]["hand"]:
        assert f'data-card="{card["id"]}"' in html
    legal = {a["id"] for a in state["legal_actions"]}
    on_board = set(re.findall(r'value="([^"]+)" class="action action-\w+ muhq-go"', html))
    assert on_board and on_board <= legal  # every button on the map is a legal action of the seat


@pytest.mark.slow
@HANG
def test_a_match_plays_to_its_end_through_the_page_s_buttons(
    user_client: APIClient, alice_page: Client, bundled_cards: None
) -> None:
    """alice presses, on the play page, the button of the action her greedy choice wants (on the
    map where it has a field, else in the list), until the result is shown."""
    state = create(
        user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "greedy"}], "zwei-doerfer", 9, options=ROUNDS
    )
    placed = 0
    for _ in range(MAX_REQUESTS):
        html = alice_page.get(f"/matches/{state['id']}/").content.decode()
        if state["finished"]:
            break
        wanted = choice(state)
        assert f'value="{wanted}"' in html, f"the page offers {wanted}"
        placed += f'value="{wanted}" class="action action-{wanted.split(":")[0]} muhq-go"' in html
        form = {"player": "0", "action": wanted, "version": str(state["version"])}
        assert alice_page.post(f"/matches/{state['id']}/act/", form).status_code == 302
        state = user_client.get(f"/api/matches/{state['id']}/?player=0").json()
    assert state["finished"] and 'class="result-banner"' in html and placed > 0


def test_a_spectator_of_a_finished_match_sees_no_hand_on_the_page(user_client: APIClient, bundled_cards: None) -> None:
    from tests.matches.conftest import play_out

    state = create(user_client, [{"kind": "ai", "behaviour": "random"}, {"kind": "ai", "behaviour": "greedy"}],
                   options={"max_rounds": 5})  # fmt: skip
    state = play_out(user_client, state)
    assert state["finished"]
    html = Client().get(f"/matches/{state['id']}/").content.decode()
    assert 'class="muhq-board"' in html and "Deine Hand" not in html and 'type="radio"' not in html
    assert 'class="result-banner"' in html


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"variant": "atlantis"}, "unknown_variant"),
        ({"options": {"max_rounds": 1}}, "bad_option"),
        ({"options": {"first_player": 7}}, "bad_option"),
        ({"players": [{"kind": "human"}] * 3, "decks": [store(0)] * 3}, "bad_players"),  # zwei-doerfer seats 2
        ({"players": [{"kind": "human"}, {"kind": "ai", "behaviour": "clairvoyant"}]}, "unknown_behaviour"),
        ({"decks": [{"format": "muhq/draft", "list": "1 Bauer\n"}, store(1)]}, "illegal_deck"),  # M3: 10-25 cards
        ({"decks": [{"format": "muhq/draft", "list": "3 Ritter\n" + store(0)["list"]}, store(1)]}, "illegal_deck"),
        ({"decks": [{"format": "duel/standard", "list": "1 Bauer\n"}, store(1)]}, "bad_deck"),
    ],
)
def test_bad_input_for_a_muhq_match_answers_400_with_its_code(
    user_client: APIClient, bundled_cards: None, change: dict[str, Any], code: str
) -> None:
    body = {"game": "muhq", "variant": "zwei-doerfer", "decks": [store(0), store(1)], "seed": 1,
            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}], **change}  # fmt: skip
    response = user_client.post("/api/matches/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    assert not Match.objects.exists()


def test_an_action_that_is_not_legal_answers_400_and_changes_nothing(
    user_client: APIClient, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}], options={"first_player": 0})
    for bad in ("move:nobody:0,0", "play:" + state["players"][1]["store"][0]["id"] + ":0,0", "buy:", "end:turn"):
        body = {"player": 0, "action": bad, "version": state["version"]}
        response = user_client.post(f"/api/matches/{state['id']}/actions/", body, format="json")
        assert response.status_code == 400 and response.json()["code"] == "illegal_action", bad
    assert user_client.get(f"/api/matches/{state['id']}/").json()["version"] == state["version"]


def test_another_user_sees_a_running_muhq_match_as_a_spectator_only(
    user_client: APIClient, other_client: APIClient, other_user: Any, bundled_cards: None
) -> None:
    state = create(user_client, [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}], options={"first_player": 0})
    assert other_client.get(f"/api/matches/{state['id']}/?player=0").status_code == 403  # alice's seat
    watched = other_client.get(f"/api/matches/{state['id']}/").json()
    assert all(p["hand"] is None for p in watched["players"]) and watched["legal_actions"] == []
    assert watched["permanents"] == state["permanents"] and watched["map"] == state["map"]
    assert other_client.get(f"/api/matches/{state['id']}/log/").json()["seed"] is None
    body = {"player": 0, "action": state["legal_actions"][0]["id"], "version": state["version"]}
    assert other_client.post(f"/api/matches/{state['id']}/actions/", body, format="json").status_code in (403, 404)
    assert user_client.get(f"/api/matches/{state['id']}/").json()["version"] == state["version"]
    bob = Client()
    bob.force_login(other_user)
    html = bob.get(f"/matches/{state['id']}/").content.decode()
    assert 'class="muhq-board"' in html and "Deine Hand" not in html
    assert not any(f'data-card="{c["id"]}"' in html for c in state["players"][0]["hand"])


@pytest.mark.parametrize("without", ["no decks key", "decks null"])
def test_m29_a_match_created_without_decks_begins_with_the_draft_and_hides_the_other_seats_picks(
    user_client: APIClient, bundled_cards: None, without: str
) -> None:
    body: dict[str, Any] = {"game": "muhq", "variant": "zwei-doerfer", "seed": 4,
                            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "greedy"}]}  # fmt: skip
    if without == "decks null":
        body["decks"] = None
    response = user_client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["phase"] == "draft" and state["to_act"] == 0 and len(state["draft"]["pile"]) == 10
    for _ in range(3):
        state = step(user_client, state)
    theirs = Match.objects.get(pk=state["id"]).state["draft"]["picks"][1]
    assert len(theirs) == 3 and len(state["players"][0]["picks"]) == 3 and state["players"][1]["picks"] is None
    assert not set(strings(state)) & set(theirs), "the state names a card the other seat picked"
    running = user_client.get(f"/api/matches/{state['id']}/log/").json()
    assert not set(strings(running)) & set(theirs), "the running log names a card the other seat picked"
    assert [r["action"]["id"] for r in running["actions"] if r["player"] == 1] == ["hidden:draft"] * 3
    assert Match.objects.get(pk=state["id"]).decks == [[], []]


def test_a_match_of_a_game_without_a_draft_still_needs_its_decks(user_client: APIClient, bundled_cards: None) -> None:
    body = {"game": "kamelo", "variant": "dufo", "players": [{"kind": "human"}, {"kind": "ai"}]}
    response = user_client.post("/api/matches/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_deck", response.json()
    assert "one deck per player" in response.json()["detail"]
    assert not Match.objects.exists()
