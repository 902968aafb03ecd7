"""The monster draft of R20 (seed: "Entweder austeilen oder verdeckt draften"), the match option
``monsters: draft``.

Both decks' monsters form one pool, shuffled by the match's random source and dealt face down into
piles of 11. While piles remain, each player takes one; each picks a monster of the pile in hand
and passes the rest on, until the piles in hand are empty. A pick that would break the R1 stage
counts is not offered (each player drafts the stage counts of one deck: 6/5/4/3/2/2 in basis), and
a player whose pile offers no pick passes it on without picking. Since the pool holds exactly both
players' counts, every card left is one somebody still needs, and the draft always ends with each
player's full pile. Picks are hidden: a seat sees its own picks and the pile in its hands, the
others only how many (``view``). Then each player's picks become the monster pile (a basis pile in
two halves, R15), the starting hands are dealt and the first round begins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.base import opaque_ids
from engine.core.match import Action
from engine.core.rng import SeededRandom
from engine.games.realmon.rounds import start_match  # rounds begin where the draft ends
from engine.games.realmon.state import (
    START_COMBAT,
    START_MONSTERS,
    State,
    card_of,
    draw,
    log,
    name_of,
    rng_of,
    stacked,
)

PILE = 11  # R20
STAGES = range(1, 7)


def deal_pool(s: State, monsters: Sequence[Sequence[str]], rng: SeededRandom) -> None:
    """The pool of every deck's monsters (slugs, one list per deck), shuffled into piles of 11.
    ValueError when the decks do not hold the same number of monsters of each stage between them."""
    sizes = {len(deck) for deck in monsters}
    pool = [slug for deck in monsters for slug in deck]
    counts = Counter(int(s["catalog"][slug]["stage"]) for slug in pool)
    seats = len(monsters)
    if len(sizes) != 1 or not pool or any(counts[stage] % seats for stage in STAGES):
        raise ValueError("a monster draft (R20) needs decks with as many monsters of each stage between them")
    rng.shuffle(pool)
    ids = opaque_ids(rng, len(pool), set(s["cards"]))
    s["cards"].update(zip(ids, pool, strict=True))
    s["draft"] = {
        "piles": [ids[i : i + PILE] for i in range(0, len(ids), PILE)],
        "holding": [[] for _ in range(seats)],
        "picks": [[] for _ in range(seats)],
        "to_pick": [],
        "target": [counts[stage] // seats for stage in STAGES],
    }


def begin(s: State) -> None:
    """The first piles are taken up (``after_deal``)."""
    _next_round(s)


def actor(s: State) -> int:
    """The seat to pick."""
    return int(s["draft"]["to_pick"][0])


def needs(s: State, p: int) -> list[int]:
    """How many monsters of each stage 1-6 seat ``p`` still drafts."""
    draft = s["draft"]
    have = Counter(int(card_of(s, cid)["stage"]) for cid in draft["picks"][p])
    return [int(want) - have[stage] for stage, want in zip(STAGES, draft["target"], strict=True)]


def _pickable(s: State, p: int) -> list[str]:
    wanted = needs(s, p)
    return sorted(cid for cid in s["draft"]["holding"][p] if wanted[int(card_of(s, cid)["stage"]) - 1] > 0)


def legal(s: State, p: int) -> list[Action]:
    """One ``pick:<card>`` per monster of the pile in hand whose stage the seat still needs."""
    return [
        Action(f"pick:{cid}", f"Pick {name_of(s, cid)} (stage {card_of(s, cid)['stage']})", {"card": cid})
        for cid in _pickable(s, p)
    ]


def apply_pick(s: State, p: int, action: Action) -> None:
    """Take the card; when every seat that could pick has, the piles pass on to the next seat."""
    draft, cid = s["draft"], action.params["card"]
    draft["holding"][p].remove(cid)
    draft["picks"][p].append(cid)
    log(s, p, "pick", f"P{p + 1} picks a monster")
    draft["to_pick"].pop(0)
    if not draft["to_pick"]:
        _pass_on(draft)
        _next_round(s)


def _pass_on(draft: dict[str, Any]) -> None:
    holding = draft["holding"]
    draft["holding"] = [holding[(q - 1) % len(holding)] for q in range(len(holding))]


def _next_round(s: State) -> None:
    """Who picks next: each seat whose pile in hand offers a pick; new piles once the held ones are
    empty; a pile without a pick for its holder passes on. The draft ends when the piles are out."""
    draft = s["draft"]
    seats = range(len(draft["holding"]))
    idle = 0
    while True:
        if not any(draft["holding"]):
            if not draft["piles"]:
                break
            draft["holding"] = [draft["piles"].pop() if draft["piles"] else [] for _ in seats]
        draft["to_pick"] = [q for q in seats if _pickable(s, q)]
        if draft["to_pick"]:
            return
        idle += 1
        if idle > len(seats):  # nobody needs what is held (decks the format did not check): set it aside
            s["out"].extend(cid for pile in draft["holding"] for cid in pile)
            draft["holding"] = [[] for _ in seats]
        else:
            _pass_on(draft)
    _finish(s)


def _finish(s: State) -> None:
    """The picks become the monster piles (R15 in basis), the starting hands are dealt, and the
    first round begins (R5)."""
    draft, rng = s["draft"], rng_of(s)
    for p, picks in enumerate(draft["picks"]):
        s["players"][p]["monsters"] = stacked(list(picks), lambda cid: int(card_of(s, cid)["stage"]), s["variant"], rng)
        draw(s, p, "monster", START_MONSTERS)
        draw(s, p, "combat", START_COMBAT)
    s["draft"] = None
    log(s, None, "draft", "The draft is over: the picks are the monster piles")
    start_match(s)
