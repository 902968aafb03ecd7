"""Ka-Mel-Oh!'s engine writes English labels and log texts; the play page shows them in its
language (``engine/games/kamelo/phrases.py``, ``engine.phrases``): German on a German page, the
engine's own English on an English one. The API keeps the engine's English (tests/matches/test_log.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from engine.games import get_game
from engine.models import Match
from engine.phrases import KEYS, matching_phrase

pytestmark = pytest.mark.django_db

SCENARIOS = sorted((Path(__file__).parents[1] / "engine" / "scenarios" / "kamelo").glob("*.json"))
NEW = "/matches/new/?game=kamelo&variant=dufo"


@pytest.fixture
def alice(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _played_page(client: Client, **headers: str) -> str:
    """alice's board after her first turn ends without an attack (the greedy AI answers)."""
    form = {"seat_0": "me", "deck_0": "sample:kamelo/dufo:1", "seat_1": "ai:greedy", "deck_1": "sample:kamelo/dufo:2"}
    client.post(NEW, {**form, "seed": "5"}, **headers)
    match = Match.objects.get()
    html = client.get(f"/matches/{match.pk}/", **headers).content.decode()
    assert "Zug ohne Angriff beenden" in html or "End the turn without attacking" in html
    client.post(f"/matches/{match.pk}/act/", {"player": 0, "version": match.version, "action": "end"}, **headers)
    return client.get(f"/matches/{match.pk}/", **headers).content.decode()


def test_a_german_kamelo_page_shows_the_engine_s_labels_and_log_in_german(alice: Client, bundled_cards: None) -> None:
    html = _played_page(alice, HTTP_ACCEPT_LANGUAGE="de")
    assert "in die Arena schicken (" in html and "Zug ohne Angriff beenden" in html  # action labels
    assert "S2 schickt " in html  # the AI's log line "P2 sends X to the arena"
    assert "to the arena" not in html and "End the turn without attacking" not in html


def test_a_german_page_names_every_seat_s_the_same_in_the_seat_list_the_log_and_the_title(
    alice: Client, bundled_cards: None
) -> None:
    # One short name per seat on a page: "S1" (Spieler) in German wherever the seat appears, as the
    # translated log lines say it; the variant by its name (K1: the seed's proposals), not its slug.
    html = _played_page(alice, HTTP_ACCEPT_LANGUAGE="de")
    assert "S1 · du (" in html and "S2 · KI (greedy)" in html and "<td>S2</td>" in html
    assert "P1 ·" not in html and "<td>P2</td>" not in html
    assert "Dufo (Vorschlag 1) ·" in html


def test_an_english_page_names_the_seats_p1_p2(alice: Client, bundled_cards: None) -> None:
    html = _played_page(alice, HTTP_ACCEPT_LANGUAGE="en")
    assert "P1 · you (" in html and "<td>P2</td>" in html and "Dufo (proposal 1) ·" in html
    assert "S1 ·" not in html


def test_an_english_kamelo_page_keeps_the_engine_s_english(alice: Client, bundled_cards: None) -> None:
    html = _played_page(alice, HTTP_ACCEPT_LANGUAGE="en")
    assert "End the turn without attacking" in html and "P2 sends " in html
    assert "Zug ohne Angriff beenden" not in html and "S2 schickt " not in html


def _texts(data: Any) -> list[str]:
    """Every label and text outside the cards (a card's text is the catalog's, not the engine's)."""
    if isinstance(data, list):
        return [t for item in data for t in _texts(item)]
    if not isinstance(data, dict) or "slug" in data:
        return []
    return [t for k, v in data.items() for t in ([v] if k in KEYS and isinstance(v, str) else _texts(v))]


def test_every_text_of_the_kamelo_scenarios_is_a_phrase() -> None:
    """The scenarios reach what random playouts rarely do (fusions, Zusammenrottungen, take-overs,
    direct attacks, the final turns and the buy-out): each label, log text and hidden action there
    is one of the game's phrases."""
    engine = get_game("kamelo").engine
    assert engine is not None
    phrases = engine.presentation.phrases
    texts: set[str] = set()
    for path in SCENARIOS:
        scenario = json.loads(path.read_text(encoding="utf-8"))
        match = engine.from_setup(
            scenario["setup"], variant=scenario["variant"], seed=scenario["seed"], options=scenario["options"]
        )
        for action in [*scenario["actions"], None]:
            texts.update(_texts(match.view(None)))
            if match.to_act is None:
                break
            legal = match.legal_actions(match.to_act)
            texts.update(a.label for a in legal)
            if action is None:
                break
            chosen = next(a for a in legal if a.id == action)
            texts.update(_texts(match.public_action(match.to_act, chosen)))
            match.apply(match.to_act, action)
    missing = sorted(t for t in texts if matching_phrase(t, phrases) is None)
    assert not missing, missing
    used = {found[0] for t in texts if (found := matching_phrase(t, phrases))}
    rare = {
        "Fusion: %(card)s from %(count)s monsters (%(cost)s Datteln)",
        "Rotte: %(card)s from %(count)s monsters (%(cost)s Datteln)",
        "Add %(card)s to the Zusammenrottung (%(cost)s Datteln)",
        "P%(seat)s takes over %(card)s",
        "P%(seat)s withdraws %(card)s into the hand",
        "%(card)s attacks the opponent directly",
        "P%(seat)s buys out %(card)s",
    }
    assert rare <= used, sorted(rare - used)  # what the scenarios are here for
