"""K12: a long game stalls after 10 turns in a row that move no card out of any deck or oasis, and
ends as if the decks had run out; a greedy player ahead on points lets a stuck long game stall.
Every position is set up mid-game, so that these long-game tests stay cheap."""

from __future__ import annotations

from typing import Any

from engine.games.kamelo import GAME
from engine.games.kamelo.engine import KameloMatch

ENGINE = GAME.engine
LONG = {"length": "long"}


def _dufo_player(hand: list[str], arena: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    monsters = [{"slug": slug} for slug in arena]
    return {"hand": hand, "deck": ["kamelfutter"] * 10, "arena": monsters, "turns_taken": 2, **extra}


def _still_dufo(options: dict[str, Any], stall_turns: int = 0, first: str = "sphinx") -> KameloMatch:
    """Dufo with full hands (8 cards, K7's refill takes nothing) and no Datteln: every turn ends
    without a card played, so no card leaves a deck. P1 keeps a ``first`` card (a Sphinx it
    cannot buy out)."""
    p0 = _dufo_player([first, *["kamelfutter"] * 7], dates=0)
    p1 = _dufo_player(["kamelfutter"] * 8, dates=0)
    setup = {"turn": 40, "current": 0, "players": [p0, p1], "stall_turns": stall_turns}
    return ENGINE.from_setup(setup, variant="dufo", options=options)


def _end_turns(match: KameloMatch, turns: int) -> None:
    """End ``turns`` turns without playing a card (and without buying out in a last turn)."""
    for _ in range(turns):
        player = match.to_act
        assert player is not None
        match.apply(player, "end")
        if match.to_act == player:
            match.apply(player, "done")  # K7's buy-out of a last turn


def test_k12_ten_turns_without_a_card_out_of_a_deck_stall_a_long_game() -> None:
    match = _still_dufo(LONG)
    _end_turns(match, 9)
    assert (match.view(None)["stall_turns"], match.view(None)["final"]) == (9, None)
    _end_turns(match, 1)
    assert match.view(None)["final"]["reason"] == "stalled"


def test_k12_a_stalled_game_ends_with_k7s_final_turns_and_buy_out() -> None:
    match = _still_dufo(LONG, stall_turns=9)
    _end_turns(match, 1)
    assert match.outcome() is None  # the final turns follow (K7)
    _end_turns(match, 3)
    outcome = match.outcome()
    assert outcome is not None and outcome.termination == "stalled"
    assert outcome.points == (0, 2)  # the Sphinx left in P1's hand: 2 points to P2 (K7)


def test_k12_a_short_game_never_stalls() -> None:
    match = _still_dufo({"length": "short"}, stall_turns=9)
    _end_turns(match, 4)
    assert match.view(None)["final"] is None and match.view(None)["stall_turns"] == 13


def test_k12_a_card_out_of_a_deck_starts_the_count_anew() -> None:
    # Dufo: the Jungkamel (0 Datteln) sent to the arena leaves a place in the hand, which the
    # refill fills from the deck after the turn (K7).
    match = _still_dufo(LONG, stall_turns=9, first="jungkamel")
    match.apply(0, "play:p0c0")
    _end_turns(match, 1)
    assert (match.view(None)["stall_turns"], match.view(None)["final"]) == (0, None)


def _wimu(p0: dict[str, Any], stall_turns: int) -> KameloMatch:
    oases = [{"cards": ["geier"] * 4, "active": False} for _ in range(3)]
    p1 = {"hand": ["kamelfutter"] * 6, "oases": [dict(o) for o in oases], "turns_taken": 2}
    players = [{"oases": oases, "turns_taken": 2, **p0}, p1]
    return ENGINE.from_setup({"turn": 40, "players": players, "stall_turns": stall_turns}, variant="wimu", options=LONG)


def test_k12_a_card_drawn_from_an_oasis_starts_the_count_anew() -> None:
    match = _wimu({"hand": ["kamelfutter"] * 4}, stall_turns=9)
    match.apply(0, "draw:0")
    _end_turns(match, 1)
    assert (match.view(None)["stall_turns"], match.view(None)["final"]) == (0, None)


def test_choice_20_k12_a_card_buried_and_another_drawn_is_no_card_moved_out() -> None:
    # Wimu (seed: "bis zu zwei seiner Handkarten unter eine beliebige Oase schieben und/oder ...
    # ergänzen"): the piles hold as many cards as before the turn, so the count goes on.
    match = _wimu({"hand": ["kamelfutter"] * 6}, stall_turns=8)
    match.apply(0, "bury:p0c0:0")
    match.apply(0, "draw:1")
    _end_turns(match, 1)
    assert match.view(None)["stall_turns"] == 9


def _greedy(match: KameloMatch) -> str:
    player = match.to_act
    assert player is not None
    return ENGINE.choose_action("greedy", match.view(player), match.legal_actions(player), 1).id


def test_k12_greedy_ahead_in_a_long_game_lets_it_stall_and_behind_draws_on() -> None:
    # Wimu, room in the hand, face-down oases and Datteln enough: drawing moves the long game on
    # (K10), which a player behind wants; a player ahead draws nothing and lets the game stall.
    behind = _wimu({"hand": ["kamelfutter"] * 3, "dates": 9, "points": 0}, stall_turns=0)
    ahead = _wimu({"hand": ["kamelfutter"] * 3, "dates": 9, "points": 10}, stall_turns=0)
    chosen = (_greedy(behind), _greedy(ahead))
    assert chosen[0].startswith("draw:") and not chosen[1].startswith("draw:"), chosen


def test_k12_greedy_players_let_a_stuck_long_game_stall() -> None:
    # Dufo at turn 150: P1 leads with a full arena and a hand and deck of monsters it has no slot
    # for; P2 holds and draws recipe pieces it cannot use, and its Oasengeister lose 5 LP a turn
    # (K5 2:2: 30 + 25 - 50). Without K12 the game went on until a deck ran out; now P1 moves no
    # card for nothing while ahead, nor can P2, and the game stalls.
    p0 = _dufo_player([*["skorpion"] * 6, "jungkamel", "wasserschlauch"], ("skorpion", "dromedar"), points=40)
    p1 = _dufo_player(["hoeckerkleber", "drachenei", "brunnenamulett", *["zweihoeckertrampeltier"] * 5])
    p0.update(dates=20, deck=["skorpion"] * 10)
    p1.update(arena=[{"slug": "oasengeist"}] * 2, dates=3, points=20, deck=["zweihoeckertrampeltier"] * 10)
    match = ENGINE.from_setup({"turn": 150, "current": 0, "players": [p0, p1]}, variant="dufo", options=LONG)
    step = 0
    while match.to_act is not None:
        player = match.to_act
        legal = match.legal_actions(player)
        match.apply(player, ENGINE.choose_action("greedy", match.view(player), legal, step))
        step += 1
    outcome = match.outcome()
    assert outcome is not None and outcome.termination == "stalled"
