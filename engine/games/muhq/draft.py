"""The draft as a match phase (M3, M23), when a match is created without stores (every deck empty).

The pool is every card of the Grundspiel twice (the ``muhq/draft`` format's copy limit), the map
pieces (the Burg, the Stecken des Sieges: M28) left out, shuffled by the match's random source and dealt into piles of 10. While at
least two piles remain, and as many as there are seats, and a seat still has fewer than 25 cards,
every seat takes a pile; each picks one card of the pile in hand and passes the rest on to the
next seat, until the piles are empty (or every seat has 25). Cards left over leave the game. The
picks are hidden (M29): each seat's are kept in ``draft["picks"]``, seen by that seat alone (as its
pile in hand is), and become the stores, laid out open, when the draft ends.
"""

from __future__ import annotations

from engine.core.match import Action
from engine.core.rng import SeededRandom
from engine.games.muhq.formats import COPY_LIMIT, STORE_MAX
from engine.games.muhq.maps import map_pieces
from engine.games.muhq.state import State, add_cards, bundled, card_of, log, name_of
from engine.games.muhq.turns import start_match

PILE = 10
SETS = ("MQ1",)


def begin_draft(s: State, rng: SeededRandom) -> None:
    pieces = map_pieces()
    pool = [
        card["slug"]
        for card in bundled()
        if (card.get("set") or {}).get("code") in SETS and card["slug"] not in pieces
        for _ in range(COPY_LIMIT)
    ]
    rng.shuffle(pool)
    ids = add_cards(s, pool, rng)
    piles = [ids[i : i + PILE] for i in range(0, len(ids) - PILE + 1, PILE)]
    s["out"].extend(ids[len(piles) * PILE :])
    seats = range(len(s["players"]))
    s["draft"] = {"piles": piles, "holding": [[] for _ in seats], "picks": [[] for _ in seats], "to_pick": []}
    _next_round(s)


def _next_round(s: State) -> None:
    draft = s["draft"]
    seats = len(s["players"])
    short = any(len(picks) < STORE_MAX for picks in draft["picks"])
    if len(draft["piles"]) >= max(2, seats) and short:
        draft["holding"] = [draft["piles"].pop() for _ in range(seats)]
        draft["to_pick"] = list(range(seats))
        return
    s["out"].extend(cid for pile in draft["piles"] for cid in pile)
    for player, picks in zip(s["players"], draft["picks"], strict=True):
        player["store"] = picks  # M29: laid out open now
    s["draft"] = None
    log(s, None, "draft", "The draft is over: the picks are the stores")
    start_match(s)


def draft_actions(s: State, p: int) -> list[Action]:
    return [
        Action(f"draft:{cid}", f"Pick {name_of(s, cid)}", {"card": cid, "cost": card_of(s, cid)["cost"]})
        for cid in sorted(s["draft"]["holding"][p])
    ]


def apply_pick(s: State, p: int, cid: str) -> None:
    draft = s["draft"]
    draft["holding"][p].remove(cid)
    draft["picks"][p].append(cid)
    draft["to_pick"].pop(0)
    if draft["to_pick"]:
        return
    seats = len(s["players"])
    full = all(len(picks) >= STORE_MAX for picks in draft["picks"])
    draft["holding"] = [draft["holding"][(q - 1) % seats] for q in range(seats)]  # passed to the next seat
    if draft["holding"][0] and not full:
        draft["to_pick"] = [q for q in range(seats) if len(draft["picks"][q]) < STORE_MAX]
        if draft["to_pick"]:
            return
    s["out"].extend(cid for pile in draft["holding"] for cid in pile)
    draft["holding"] = [[] for _ in range(seats)]
    _next_round(s)
