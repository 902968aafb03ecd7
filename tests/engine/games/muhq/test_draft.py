"""The draft and the stores (M3, M23, M28, M29): the Stecken des Sieges is the `stecken` map's
objective, never a store card; a running draft shows a seat its own picks and the pile in its
hands, never another seat's picks, until the stores are laid out."""

from __future__ import annotations

from typing import Any

from engine.core.decks import CardIndex, Deck, parse_deck_list
from engine.core.samples import sample_decks
from engine.games import get_format, get_game
from engine.games.muhq import GAME
from engine.games.muhq.engine import MuhqMatch

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


def strings(data: Any) -> set[str]:
    if isinstance(data, dict):
        return {str(k) for k in data} | {s for v in data.values() for s in strings(v)}
    if isinstance(data, list):
        return {s for v in data for s in strings(v)}
    return {data} if isinstance(data, str) else set()


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
