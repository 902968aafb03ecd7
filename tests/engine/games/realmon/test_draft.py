"""R20: deal or draft. The match option ``monsters``; the hidden draft from piles of 11 to each
player's R1 stage counts; a seat sees only its own picks and the pile in its hands."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.core.match import OptionError
from engine.core.samples import sample_match_decks
from engine.games.realmon import GAME
from engine.games.realmon.draft import begin
from engine.games.realmon.engine import RealmonMatch
from tests.engine.conformance import random_playout
from tests.engine.games.realmon.table import ENGINE

BASIS = sample_match_decks(GAME.bundled_cards(), "realmon/basis", 2)
LANG = sample_match_decks(GAME.bundled_cards(), "realmon/lang", 2)
DRAFT = {"monsters": "draft"}


def drafted(seed: int, decks: Any = BASIS, variant: str = "basis") -> RealmonMatch:
    return ENGINE.new_match(decks, variant=variant, seed=seed, options=DRAFT)


def stage(match: RealmonMatch, cid: str) -> int:
    return int(match.state["catalog"][match.state["cards"][cid]]["stage"])


def pick_through(match: RealmonMatch, choose: int = 0) -> list[tuple[int, str]]:
    """Pick until the draft ends (the ``choose``-th legal pick, wrapping); returns (seat, card)."""
    picks = []
    while match.view(None)["phase"] == "draft":
        p = match.to_act
        assert p is not None
        legal = match.legal_actions(p)
        action = legal[choose % len(legal)]
        picks.append((p, action.params["card"]))
        match.apply(p, action)
    return picks


def test_r20_the_option_is_dealt_by_default_or_draft() -> None:
    declared = {o.name: o for o in ENGINE.options}["monsters"]
    assert declared.default == "dealt" and declared.choices == ("dealt", "draft")
    assert ENGINE.new_match(BASIS, variant="basis", seed=1, options={}).view(None)["phase"] == "announce"
    with pytest.raises(OptionError, match="monsters"):
        ENGINE.new_match(BASIS, variant="basis", seed=1, options={"monsters": "drafted"})


def test_r20_both_decks_monsters_are_dealt_face_down_in_piles_of_eleven() -> None:
    match = drafted(1)
    shown = match.view(0)
    assert shown["phase"] == "draft" and shown["announcer"] is None and match.to_act == 0
    draft = shown["draft"]
    assert draft["pile_counts"] == [11, 11] and draft["piles_left"] == 2 and draft["picked_counts"] == [0, 0]
    assert draft["needs"] == [6, 5, 4, 3, 2, 2] and len(draft["pile"]) == 11
    pool = Counter(
        match.state["cards"][c] for c in match.card_zones()["draft.piles"] + match.card_zones()["draft.holding"]
    )
    decks = Counter(
        line.card["slug"]
        for deck in BASIS
        for line in deck
        if line.card["type"] == "monster"
        for _ in range(line.count)
    )
    assert pool == decks
    assert all(p["monsters_in_hand"] == 0 and p["piles"]["monsters"] == 0 for p in shown["players"])


@pytest.mark.parametrize(
    ("decks", "variant", "counts"), [(BASIS, "basis", (6, 5, 4, 3, 2, 2)), (LANG, "lang", (12, 10, 8, 6, 4, 4))]
)
def test_r20_each_player_drafts_its_r1_stage_counts(decks: Any, variant: str, counts: tuple[int, ...]) -> None:
    for seed in range(3):
        match = drafted(seed, decks, variant)
        picks = pick_through(match, choose=seed * 5 + 3)
        for p in (0, 1):
            mine = Counter(stage(match, cid) for q, cid in picks if q == p)
            assert [mine[s] for s in range(1, 7)] == list(counts), (seed, p)
            player = match.state["players"][p]
            assert sorted(player["monsters"] + player["hand"][:2]) == sorted(cid for q, cid in picks if q == p)
        assert match.view(None)["phase"] == "announce"


def test_r20_a_pick_that_would_break_the_stage_counts_is_not_offered() -> None:
    refused = 0
    for seed in range(4):
        match = drafted(seed)
        while match.view(None)["phase"] == "draft":
            p = match.to_act
            assert p is not None
            shown = match.view(p)["draft"]
            offered = {a.params["card"] for a in match.legal_actions(p)}
            for card in shown["pile"]:
                assert (card["id"] in offered) == (shown["needs"][card["stage"] - 1] > 0)
                refused += card["id"] not in offered
            match.apply(p, match.legal_actions(p)[0])
    assert refused > 0


def test_r20_a_pile_without_a_pick_for_its_holder_passes_on() -> None:
    """Seat 0 has drafted its two Collos and two Kaijus and holds a pile of the other four: it
    picks nothing, seat 1 picks, and the piles pass on."""
    match = drafted(2)
    draft = match.state["draft"]
    pool = [c for zone in (*draft["holding"], *draft["piles"]) for c in zone]
    collos, kaijus = ([c for c in pool if stage(match, c) == s] for s in (5, 6))
    small = [c for c in pool if stage(match, c) < 5]
    draft["picks"][0] = collos[:2] + kaijus[:2]
    draft["holding"] = [collos[2:] + kaijus[2:], small[:11]]
    draft["piles"] = [small[11:22], small[22:]]
    begin(match.state)
    match._legal = None  # the position was set by hand
    assert match.to_act == 1 and draft["to_pick"] == [1]
    match.apply(1, match.legal_actions(1)[0])
    assert match.to_act == 0 and {stage(match, c) for c in draft["holding"][0]} <= {1, 2, 3, 4}
    assert len(draft["holding"][1]) == 4


def test_r20_a_seat_never_sees_the_others_picks_nor_the_pile_in_their_hands() -> None:
    match = drafted(4)
    while match.view(None)["phase"] == "draft":
        p = match.to_act
        assert p is not None
        draft = match.state["draft"]
        for viewer in (0, 1, None):
            text = json.dumps(match.view(viewer))
            for q in (0, 1):
                hidden = draft["picks"][q] + draft["holding"][q]
                assert (viewer == q) == any(c in text for c in hidden) or not hidden, (viewer, q)
            assert not any(c in text for pile in draft["piles"] for c in pile)
        action = match.legal_actions(p)[-1]
        assert match.public_action(p, action) == {
            "id": "hidden:pick",
            "label": f"P{p + 1} picks a monster",
            "params": {},
        }
        match.apply(p, action)
    assert not any(e["event"] == "pick" and "card" in e for e in match.state["log"])


def test_r20_r15_after_a_basis_draft_each_pile_lies_in_its_two_halves() -> None:
    match = drafted(5)
    pick_through(match, choose=7)
    for player in match.state["players"]:
        monsters = [c for c in player["hand"] if match.state["catalog"][match.state["cards"][c]]["type"] == "monster"]
        stages = [stage(match, c) for c in monsters + player["monsters"][::-1]]
        assert max(stages[:15]) <= 3 < min(stages[15:])


def test_r20_a_draft_needs_the_same_monsters_per_stage_from_both_decks() -> None:
    with pytest.raises(ValueError, match="R20"):
        ENGINE.new_match([LANG[0], BASIS[0]], variant="lang", seed=1, options=DRAFT)


def test_r20_greedy_picks_the_strongest_monster_of_a_stage_it_needs() -> None:
    match = drafted(6)
    draft, cards = match.state["draft"], match.state["cards"]
    pool = [c for zone in (*draft["holding"], *draft["piles"]) for c in zone]
    weak, strong = (next(c for c in pool if cards[c] == slug) for slug in ("moosling", "echofalter"))
    for zone in (*draft["holding"], *draft["piles"]):
        zone[:] = [c for c in zone if c not in (weak, strong)]
    draft["holding"][0] = [weak, strong]  # Moosling 2/5/1/6/4/4 against Echofalter 6/3/1/7/3/6, both stage 1
    match._legal = None
    chosen = ENGINE.choose_action("greedy", match.view(0), match.legal_actions(0), 1)
    assert chosen.params["card"] == strong


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_r20_a_drafted_match_passes_the_conformance_harness(seed: int) -> None:
    """Every check of tests/engine/conformance.py at every step, the draft's picks a hidden zone."""
    match, actions = random_playout(ENGINE, BASIS, variant="basis", seed=seed, options=DRAFT)
    assert match.outcome() is not None and sum(a.startswith("pick:") for a in actions) == 44
