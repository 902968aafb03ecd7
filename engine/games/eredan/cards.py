"""Phase 2 (E10-E14): the cards of a round.

The active player's first card (or a pass), the passive player's first card, then a second card
only for a player whose first card granted a chain (E12); at most 2 cards per player. The cards are
played face down and revealed together, then resolved in the seed's order: the active player's
first, the passive player's first, the active player's second, the passive player's second.
A card the fighter may not play now is not offered (E13).
"""

from __future__ import annotations

from engine.core.match import Action
from engine.games.eredan.conditions import Ctx, conditions_hold
from engine.games.eredan.resolve import run_all
from engine.games.eredan.rules import (
    bearers,
    chain_allows,
    class_chain,
    is_crafter,
    is_direct_damage,
    is_lasting,
    may_use,
    replaces_attack,
    slot_limit,
)
from engine.games.eredan.state import OBJECTS, Entry, State, card_of, char_at, fighter_index, log

SEQUENCE = ((0, 1), (1, 1), (0, 2), (1, 2))  # (0: the active player, 1: the passive one; 1st or 2nd card)


def step_player(s: State) -> tuple[int, int]:
    """Who plays now in phase 2, and whether it is their first or second card."""
    who, slot = SEQUENCE[s["step"]]
    return (int(s["active"]) if who == 0 else 1 - int(s["active"])), slot


def advance(s: State) -> bool:
    """Skip the second-card steps of players without a chain; True once every card is chosen."""
    while s["step"] < len(SEQUENCE):
        p, slot = step_player(s)
        if slot == 1 or s["players"][p]["chain"]:
            return False
        s["step"] += 1
    return True


def fighter_card(s: State, p: int) -> Entry:
    """The card of player ``p``'s fighting character."""
    f = fighter_index(s, p)
    assert f is not None
    return card_of(s, char_at(s, p, f)["card"])


def _name(s: State, p: int, i: int) -> str:
    return str(card_of(s, char_at(s, p, i)["card"])["name"])


def card_actions(s: State, p: int) -> list[Action]:
    """Pass, or play a card of the hand the fighter may play (the second one must fit the chain)."""
    _, slot = step_player(s)
    kinds = s["players"][p]["chain"] if slot == 2 else None
    actions = [Action("pass", "Pass" if slot == 1 else "Play no second card", {})]
    fighter = fighter_card(s, p)
    for cid in s["players"][p]["hand"]:
        card = card_of(s, cid)
        if kinds is None or chain_allows(kinds, card):
            actions.extend(play_actions(s, p, cid, card, fighter))
    return actions


def play_actions(s: State, p: int, cid: str, card: Entry, fighter: Entry) -> list[Action]:
    """The ways to play one card for ``fighter``: on a bearer a Handwerker chooses (E11), reviving
    a chosen dead character, or simply; none when the fighter may not play it (E13)."""
    name = card["name"]
    if card["type"] in OBJECTS:
        places = bearers(s, p, card)
        if is_crafter(fighter):
            return [
                Action(f"play:{cid}:{i}", f"Play {name} on {_name(s, p, i)}", {"card": cid, "bearer": i})
                for i in places
            ]
        return [Action(f"play:{cid}", f"Play {name}", {"card": cid})] if places else []
    if not may_use(card, fighter):
        return []
    if any("revive" in e for e in card["effects"]):
        dead = [i for i, c in enumerate(s["players"][p]["characters"]) if c["dead"]]
        return [
            Action(f"play:{cid}:r{i}", f"Play {name}, reviving {_name(s, p, i)}", {"card": cid, "revive": i})
            for i in dead
        ]
    return [Action(f"play:{cid}", f"Play {name}", {"card": cid})]


def apply_play(s: State, p: int, action: Action) -> None:
    """The card goes face down; a first card may grant a chain (E12)."""
    _, slot = step_player(s)
    cid = str(action.params["card"])
    s["players"][p]["hand"].remove(cid)
    s["played"].append(
        {
            "player": p,
            "card": cid,
            "slot": slot,
            "bearer": action.params.get("bearer"),
            "revive": action.params.get("revive"),
            "revealed": False,
            "resolved": False,
            "cancelled": False,
        }
    )
    s["players"][p]["chain"] = chain_kinds(s, p, card_of(s, cid)) if slot == 1 else []
    s["step"] += 1


def apply_pass(s: State, p: int, action: Action) -> None:
    """No (further) card this round."""
    s["players"][p]["chain"] = []
    s["step"] += 1


def chain_kinds(s: State, p: int, card: Entry) -> list[str]:
    """E12: what a second card may be after ``card``: the card's own chains (their conditions
    holding now) and the fighter's class chain (any card)."""
    f = fighter_index(s, p)
    assert f is not None
    ctx = Ctx(s, p, card, (p, f))
    kinds = [str(e["chain"]) for e in card["effects"] if "chain" in e and conditions_hold(ctx, e, (p, f))]
    if class_chain(fighter_card(s, p), card):
        kinds.append("any")
    return kinds


# --- revealing and resolving --------------------------------------------------------------------


def resolve_cards(s: State) -> None:
    """Reveal this round's cards and resolve them in the seed's order (E10); damage resolves at
    once (E17)."""
    for record in s["played"]:
        record["revealed"] = True
    if s["played"]:
        names = ", ".join(f"{card_of(s, r['card'])['name']} (P{r['player'] + 1})" for r in s["played"])
        log(s, None, "reveal", f"Revealed: {names}", cards=[r["card"] for r in s["played"]])
    for record in s["played"]:
        resolve_card(s, record)


def resolve_card(s: State, record: dict[str, object]) -> None:
    """One card: cancelled, attached (an object) or carried out and discarded."""
    p, cid = int(str(record["player"])), str(record["card"])
    card = card_of(s, cid)
    record["resolved"] = True
    if _cancelled(s, p, card):
        record["cancelled"] = True
        s["players"][p]["discard"].append(cid)
        log(s, p, "cancelled", f"{card['name']} (P{p + 1}) is cancelled")
        return
    f = fighter_index(s, p)
    assert f is not None
    if card["type"] in OBJECTS:
        bearer = record["bearer"]
        i = f if bearer is None else int(str(bearer))
        attach(s, p, i, cid)
        run_all(Ctx(s, p, card, (p, i)), [e for e in card["effects"] if not is_lasting(e)])
        return
    revive = record["revive"]
    run_all(Ctx(s, p, card, (p, f), revive=None if revive is None else int(str(revive))), card["effects"])
    s["players"][p]["discard"].append(cid)
    if is_direct_damage(card) and replaces_attack(fighter_card(s, p)):
        s["tally"][p]["replaced"] = True  # E14


def _cancelled(s: State, p: int, card: Entry) -> bool:
    pending = s["cancels"][p]
    for k, kind in enumerate(pending):
        if chain_allows([kind], card):
            del pending[k]
            return True
    return False


def attach(s: State, p: int, i: int, cid: str) -> None:
    """E11: an object attaches to its bearer; a full slot sends its oldest object to the discard
    pile; an object for a dead bearer goes there at once."""
    char = char_at(s, p, i)
    card = card_of(s, cid)
    player = s["players"][p]
    if char["dead"]:
        player["discard"].append(cid)
        return
    limit = slot_limit(card, char)
    if limit is not None:
        same = [c for c in char["attached"] if card_of(s, c)["type"] == card["type"]]
        for old in same[: max(0, len(same) - limit + 1)]:
            char["attached"].remove(old)
            player["discard"].append(old)
            log(s, p, "replaced", f"{card_of(s, old)['name']} is replaced by {card['name']}")
    char["attached"].append(cid)
