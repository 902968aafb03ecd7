"""R18's hidden information: commitments face down until the reveal, hands and piles always; the
log shows each die once it has fallen and never a hidden card."""

from __future__ import annotations

import json
from typing import Any

from engine.core.samples import sample_match_decks
from engine.games.realmon import GAME
from tests.engine.games.realmon.table import ENGINE, fight, lay, table

BASIS = sample_match_decks(GAME.bundled_cards(), "realmon/basis", 2)


def test_r18_a_commitment_is_face_down_to_the_opponent_and_spectators_until_the_reveal() -> None:
    match = table(["eisenhauer", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"])
    match.apply(0, "announce:echo")
    lay(match, 0, "eisenhauer", "krallenhieb")
    for viewer in (1, None):
        text = json.dumps(match.view(viewer))
        laid = match.view(viewer)["players"][0]["laid"]
        assert laid["face_down"] and laid["monster"] == {"card": None, "face_down": True}
        hidden = match.state["players"][0]["laid"]
        assert hidden["monster"] not in text and hidden["combat"][0] not in text
    assert match.view(0)["players"][0]["laid"]["combat"][0]["slug"] == "krallenhieb"


def test_r18_the_table_sees_only_how_many_cards_are_laid() -> None:
    match = table(["eisenhauer", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"])
    match.apply(0, "announce:echo")
    (action,) = [a for a in match.legal_actions(0) if a.id.count("+") == 1 and "Eisenhauer" in a.label]
    shown = match.public_action(0, action)
    assert shown == {"id": "hidden:lay", "label": "P1 lays a monster and 1 combat cards face down", "params": {}}
    assert match.public_action(0, match.legal_actions(0)[0]) != match.legal_actions(0)[0].to_json()


def test_r18_open_decisions_are_shown_as_they_are() -> None:
    match = table(["eisenhauer", "moosling", "rueckenwind"], ["panzerwolf", "glimmwurm"])
    for action in match.legal_actions(0):
        assert match.public_action(0, action) == action.to_json()


def test_r18_the_other_hand_and_every_pile_order_stay_hidden() -> None:
    match = ENGINE.new_match(BASIS, variant="basis", seed=9, options={})
    for viewer in (0, 1, None):
        shown = match.view(viewer)
        text = json.dumps(shown)
        for p, player in enumerate(match.state["players"]):
            assert (shown["players"][p]["hand"] is None) == (viewer != p)
            for zone in ("monsters", "actions", "combat"):
                assert not any(c in text for c in player[zone])
            if viewer != p:
                assert not any(c in text for c in player["hand"])


def test_r18_every_die_of_a_round_is_in_the_log_once_it_has_fallen() -> None:
    match = table(
        ["lavalaeufer", "moosling", "wuchtschlag", "doppeltes-risiko"],
        ["lavalaeufer", "glimmwurm"],
        dice=[2, 5, 6, 4, 1, 1, 6, 6, 3, 2],
    )
    start = len(match.state["log"])
    shown = fight(match, None, ("lavalaeufer", "wuchtschlag"), ("lavalaeufer",), field="doppeltes-risiko")
    logged = [e["dice"] for e in match.state["log"][start:] if "dice" in e]
    rolled = [[shown["category_roll"]]]
    rolled += [[part["roll"]] for side in shown["sides"] for part in side["field"]]
    rolled += [[part["roll"]] for side in shown["sides"] for part in side["combat"] if part["roll"] is not None]
    rolled += [side["bonus_roll"]["dice"] for side in shown["sides"] if side["bonus_roll"]]
    rolled += shown["ties"]
    assert sorted(logged) == sorted(rolled)
    assert sum(len(d) for d in logged) == 10 - len(match.state["loaded"])


PUBLIC_EVENTS = ("reveal", "field", "discard", "sacrifice", "revive", "revived_out")


def test_r18_the_log_names_no_card_laid_face_down_or_drawn() -> None:
    """Laying, drawing and reshuffling are logged without card ids (the cards stay hidden); the
    entries that name cards are reveals, field effects, discards, sacrifices and monsters taken
    back from the Abyss (R17), all in the open."""
    match = ENGINE.new_match(BASIS, variant="basis", seed=12, options={})
    cards = set(match.state["cards"])
    while match.outcome() is None:
        match.apply(match.to_act, match.legal_actions(match.to_act)[-1])
        for entry in match.state["log"]:
            named = set(json.dumps(entry).replace('"', " ").split()) & cards
            assert not named or entry["event"] in PUBLIC_EVENTS, entry


def test_r18_determinize_keeps_the_view_and_reseeds_the_dice() -> None:
    match = ENGINE.new_match(BASIS, variant="basis", seed=3, options={})
    copy = match.determinize(match.to_act, 77)
    assert copy.view(match.to_act) == match.view(match.to_act)
    assert copy.state["rng"].to_json() != match.state["rng"].to_json()


def test_r15_r18_a_determinized_basis_pile_keeps_its_halves() -> None:
    """Which half a monster came from is public (both halves' sizes are), so a search player's
    sample never puts a Kaiju on top of a basis pile."""
    match = ENGINE.new_match(BASIS, variant="basis", seed=9, options={})
    s = match.state

    def halves(state: dict[str, Any]) -> list[list[bool]]:
        """Per player, whether each monster in hand and pile (in their order) is of stages 1-3."""
        stage = {cid: state["catalog"][slug].get("stage") for cid, slug in state["cards"].items()}
        monster = {cid: state["catalog"][slug]["type"] == "monster" for cid, slug in state["cards"].items()}
        return [
            [stage[c] <= 3 for c in player["hand"] + player["monsters"] if monster[c]] for player in state["players"]
        ]

    for seed in range(5):
        other = match.reshuffle_hidden(0, seed).state
        assert halves(other) == halves(s)
        assert other["players"][1]["monsters"] != s["players"][1]["monsters"]
