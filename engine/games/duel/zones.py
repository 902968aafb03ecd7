"""Where cards go (A14) and what losing life or cards does (A7): the moves every part of a turn uses.

Dead and destroyed creatures, replaced reinforcements, used traps and spells and the weapons of dead
creatures go to the graveyard; discarded hand cards go to the discard zone. A creature that leaves
play takes its weapons with it (A11) and its ``dies`` effects resolve next (``queue_front``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.games.duel.state import State, card_of, check_end, find_creature, log, name_of, rng_of

Task = dict[str, Any]


def queue_front(s: State, tasks: Sequence[Task]) -> None:
    """Run ``tasks`` (in their order) before everything already queued."""
    if tasks:
        s["queue"][0:0] = list(tasks)


def effect_tasks(s: State, owner: int, cid: str, moment: str) -> list[Task]:
    """The tasks of a card's effects at a moment (cards.py), its owner deciding their choices."""
    return [
        {"t": "effect", "owner": owner, "source": cid, "effect": effect, "left": _count(effect)}
        for effect in card_of(s, cid)["on"][moment]
    ]


def _count(effect: dict[str, Any]) -> int:
    value = effect.get("revive", effect.get("graveyard_to_hand", 1))
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else 1


def in_play(s: State, p: int) -> list[str]:
    """Player ``p``'s cards in play that can act by themselves: creatures, face-up support cards,
    the reinforcement (in that order)."""
    player = s["players"][p]
    cards = [c["card"] for c in player["creatures"]]
    cards += [e["card"] for e in player["support"] if not e["face_down"]]
    if player["reinforcement"] is not None:
        cards.append(player["reinforcement"])
    return cards


# --- life and cards ------------------------------------------------------------------------------


def lose_life(s: State, p: int, amount: int, how: str) -> None:
    """Player ``p`` loses ``amount`` life points (``how``: direct, indirect, effect damage)."""
    if amount <= 0:
        return
    s["players"][p]["life"] -= amount
    log(s, p, "damage", f"P{p + 1} takes {amount} {how} damage", amount=amount, kind=how)
    check_end(s)


def heal(s: State, p: int, amount: int) -> None:
    """Player ``p`` gains life points (no upper limit: rule choice 7)."""
    s["players"][p]["life"] += amount
    log(s, p, "heal", f"P{p + 1} gains {amount} life", amount=amount)


def draw(s: State, p: int) -> bool:
    """Player ``p`` draws the top card; from an empty deck they lose at once (A7). False then."""
    player = s["players"][p]
    if not player["deck"]:
        player["decked"] = True
        log(s, p, "deck_out", f"P{p + 1} must draw from an empty deck")
        check_end(s)
        return False
    player["hand"].append(player["deck"].pop())
    return True


def discard_random(s: State, p: int) -> None:
    """A card of ``p``'s hand, chosen by the match's random source (A15), to the discard zone."""
    hand = s["players"][p]["hand"]
    if not hand:
        return
    cid = hand.pop(rng_of(s).below(len(hand)))
    s["players"][p]["discard"].append(cid)
    log(s, p, "discard", f"P{p + 1} discards {name_of(s, cid)}", card=s["cards"][cid])


# --- leaving play --------------------------------------------------------------------------------


def kill(s: State, cids: Iterable[str], cause: str) -> None:
    """The creatures ``cids`` die (combat, destroy, sacrifice): to the graveyard with their weapons
    (A11, A14); their ``dies`` effects resolve next, in this order."""
    later: list[Task] = []
    for cid in cids:
        found = find_creature(s, cid)
        if found is None:
            continue
        p, creature = found
        player = s["players"][p]
        player["creatures"].remove(creature)
        player["graveyard"].append(cid)
        for entry in [e for e in player["support"] if e["equips"] == cid]:
            player["support"].remove(entry)
            player["graveyard"].append(entry["card"])
        s["boosts"] = [b for b in s["boosts"] if b["card"] != cid]
        log(s, p, "dies", f"{name_of(s, cid)} (P{p + 1}) dies ({cause})", card=s["cards"][cid])
        later += effect_tasks(s, p, cid, "dies")
    queue_front(s, later)


def support_to_graveyard(s: State, p: int, index: int) -> str:
    """The support card at ``index`` of ``p`` goes to the graveyard (a destroyed one, face up)."""
    player = s["players"][p]
    entry = player["support"].pop(index)
    player["graveyard"].append(entry["card"])
    return str(entry["card"])


def support_index(s: State, p: int, cid: str) -> int | None:
    """Where card ``cid`` lies in ``p``'s support zone, or None."""
    for i, entry in enumerate(s["players"][p]["support"]):
        if entry["card"] == cid:
            return i
    return None


def reinforcement_to_graveyard(s: State, p: int) -> None:
    """``p``'s reinforcement (replaced or destroyed) goes to the graveyard (A1, A14)."""
    player = s["players"][p]
    if player["reinforcement"] is not None:
        player["graveyard"].append(player["reinforcement"])
        player["reinforcement"] = None
