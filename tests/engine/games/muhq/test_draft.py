"""The draft and the stores (M3, M23, M28, M29): the Stecken des Sieges is the `stecken` map's
objective, never a store card; a running draft shows a seat its own picks and the pile in its
hands, never another seat's picks, until the stores are laid out."""

from __future__ import annotations

from engine.core.decks import CardIndex, Deck, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game
from engine.games.muhq import GAME
from engine.games.muhq.engine import MuhqMatch
from tests.engine.conformance import check_private_zones, strings

ENGINE = GAME.engine
STAFF = "stecken-des-sieges"


def drafting(seats: int = 2, seed: int = 1, variant: str = "zwei-doerfer") -> MuhqMatch:
    match: MuhqMatch = ENGINE.from_setup({"deal": "draft", "seats": seats}, variant=variant, seed=seed)
    return match


def slugs(match: MuhqMatch, ids: list[str]) -> list[str]:
    return [match.state["cards"][cid] for cid in ids]


def pick(match: MuhqMatch, times: int) -> list[tuple[int, str]]:
    """The first ``times`` picks of the draft (each seat takes its pile's first card)."""
    made = []
    for _ in range(times):
        seat = match.to_act
        action = match.legal_actions(seat)[0]
        match.apply(seat, action)
        made.append((seat, action.params["card"]))
    return made


# --- M28 ----------------------------------------------------------------------------------------


def test_m28_the_draft_pool_holds_no_stecken_des_sieges() -> None:
    for seed in range(4):
        match = drafting(seed=seed)
        pool = [cid for cid, slug in match.state["cards"].items() if slug == STAFF]
        assert pool == [], f"seed {seed}: the Stecken des Sieges was dealt into the draft"


def test_m28_no_sample_store_lists_the_stecken_des_sieges() -> None:
    index = CardIndex(get_game("muhq").bundled_cards())
    for sample in sample_decks("muhq/draft"):
        entries, _ = index.resolve(parse_deck_list(sample["list"]))
        assert STAFF not in {e.slug for e in entries}, sample["name"]


def test_m28_a_store_with_the_stecken_des_sieges_is_illegal() -> None:
    index = CardIndex(get_game("muhq").bundled_cards())
    store = sample_decks("muhq/draft")[0]["list"] + "1 Stecken des Sieges\n"
    entries, _ = index.resolve(parse_deck_list(store))
    result = get_format("muhq/draft").validate(Deck(tuple(entries)))
    assert [p.code for p in result.problems] == ["banned_card"]
    assert "M28" in result.problems[0].message


def test_m28_the_stecken_map_still_lays_its_stecken_out() -> None:
    match = ENGINE.from_setup({"deal": "samples", "seats": 2}, variant="stecken", seed=3)
    pieces = [perm for perm in match.view(None)["permanents"] if perm["card"]["slug"] == STAFF]
    assert len(pieces) == 1 and pieces[0]["piece"] == "staff" and pieces[0]["owner"] is None


# --- M29 ----------------------------------------------------------------------------------------


def test_m29_a_seat_sees_its_own_picks_and_pile_never_another_seats_picks() -> None:
    match = drafting()
    made = pick(match, 6)
    theirs = [cid for seat, cid in made if seat == 0]
    view = match.view(1)
    assert not set(strings(view)) & set(theirs), "P2's view names a card P1 picked"
    assert view["players"][0]["picks"] is None and view["players"][0]["store"] == []
    assert [c["id"] for c in view["players"][1]["picks"]] == [cid for seat, cid in made if seat == 1]
    assert sorted(c["id"] for c in view["draft"]["pile"]) == sorted(match.state["draft"]["holding"][1])
    assert view["draft"]["picked_counts"] == [3, 3]
    assert not set(strings(match.view(None))) & {cid for _, cid in made}, "a spectator sees the picks"


def test_m29_the_whole_draft_hides_the_picks_from_every_other_seat() -> None:
    """The conformance harness's private-zone check and its reshuffle check, at every pick of a
    three-seat draft: what a seat cannot see may be permuted without changing its view."""
    match = drafting(seats=3, variant="hafenbucht")
    step = 0
    while match.state["draft"] is not None:
        zones = match.card_zones()
        assert {f"p{p}.picks" for p in range(3)} <= set(zones) and not any(zones[f"p{p}.store"] for p in range(3))
        for viewer in (None, 0, 1, 2):
            view = match.view(viewer)
            check_private_zones(match, viewer, view, zones)
            if viewer is not None:
                assert match.reshuffle_hidden(viewer, step).view(viewer) == view
        pick(match, 1)
        step += 1
    assert step == 75


def test_m29_the_stores_are_laid_out_when_the_draft_ends() -> None:
    match = drafting()
    pick(match, 50)
    view = match.view(1)
    assert match.state["draft"] is None and view["draft"] is None
    assert len(view["players"][0]["store"]) == 25 and view["players"][0]["picks"] is None
    assert "p0.picks" not in match.card_zones() and len(match.card_zones()["p0.store"]) == 25


def test_m29_a_pick_is_hidden_in_the_tables_log() -> None:
    match = drafting()
    action = match.legal_actions(0)[0]
    shown = match.public_action(0, action)
    assert shown["id"] == "hidden:draft" and action.params["card"] not in set(strings(shown))
