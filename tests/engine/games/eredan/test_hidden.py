"""Hidden information in Eredan: hands and deck orders stay hidden; phase-2 cards are face down
until all are chosen, then revealed in the seed's order (views and ``public_action``)."""

from __future__ import annotations

from engine.games.eredan import GAME
from tests.engine.conformance import hidden_cards, sample_decks_for
from tests.engine.games.eredan.helpers import AWAY, ENGINE, act, side, table


def test_the_opponents_hand_and_every_deck_order_stay_hidden() -> None:
    match = ENGINE.new_match(sample_decks_for(GAME, "standard", 2), variant="standard", seed=5, options={})
    view = match.view(0)
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_count"] == 5
    assert len(view["players"][0]["hand"]) == 5 and "deck" not in view["players"][0]
    hidden = hidden_cards(match, 0, {cid for ids in match.card_zones().values() for cid in ids})
    assert set(match.card_zones()["p0.deck"]) <= hidden and set(match.card_zones()["p1.hand"]) <= hidden
    assert match.view(None)["players"][0]["hand"] is None


def test_a_phase_2_card_is_face_down_to_the_table_and_its_action_shows_nothing() -> None:
    home = side(["ingmar", "amaya", "iro"], hand=["lederruestung"])
    match = act(table(home, side(AWAY, hand=["heiltrank"])), "pick:0:0")
    action = next(a for a in match.legal_actions(0) if a.id == "play:p0c3:1")
    shown = match.public_action(0, action)
    assert shown == {"id": "hidden:play", "label": "P1 plays a card face down", "params": {}}
    match.apply(0, action)
    for viewer in (1, None):
        assert match.view(viewer)["played"] == [{"order": 1, "player": 0, "slot": 1, "card": None, "face_down": True}]
    own = match.view(0)["played"][0]
    assert (own["card"]["slug"], own["face_down"], own["bearer"]) == ("lederruestung", True, 1)
    assert match.view(1)["players"][0]["chain"] is None  # nor whether it granted a chain


def test_the_cards_are_revealed_together_in_the_seeds_order() -> None:
    home = side(["iro", "aku", "amaya"], hand=["kurzschwert", "heiltrank"], spare=False)
    away = side(["aku", "zahal", "iro"], hand=["gluehender-pfeil", "geisttrank"], spare=False)
    match = act(table(home, away), "pick:0:0", "play:p0c3", "play:p1c3", "play:p0c4")
    assert match.view(None)["played"][2] == {"order": 3, "player": 0, "slot": 2, "card": None, "face_down": True}
    act(match, "play:p1c4")
    played = match.view(None)["played"]
    assert [(p["order"], p["player"], p["slot"], p["card"]["slug"]) for p in played] == [
        (1, 0, 1, "kurzschwert"),
        (2, 1, 1, "gluehender-pfeil"),
        (3, 0, 2, "heiltrank"),
        (4, 1, 2, "geisttrank"),
    ]
    assert not any(p["face_down"] for p in played)
    reveal = [e for e in match.view(None)["log"] if e["event"] == "reveal"]
    assert len(reveal) == 1 and reveal[0]["cards"] == ["p0c3", "p1c3", "p0c4", "p1c4"]


def test_reshuffling_what_a_seat_cannot_see_permutes_face_down_cards_and_keeps_its_view() -> None:
    home = side(["iro", "aku", "amaya"], hand=["kurzschwert", "heiltrank", "krafttrank"])
    match = act(table(home, side(AWAY, hand=["geisttrank"])), "pick:0:0", "play:p0c3")
    view, legal = match.view(1), [a.id for a in match.legal_actions(1)]
    cards = {match.reshuffle_hidden(1, seed).state["played"][0]["card"] for seed in range(12)}
    assert len(cards) > 1  # the face-down card is any of P1's unseen cards
    other = match.reshuffle_hidden(1, 3)
    assert other.view(1) == view and [a.id for a in other.legal_actions(1)] == legal
