"""The oases of ``wimu`` and ``koenig`` (seed, proposal 2): the deck dealt onto 3 (or 4) piles.

A turn's card management is one of the seed's alternatives ("entweder ... oder"): play cards, or
activate one oasis (turn its top card face up: +1 Dattel per turn, K6), or bury up to two hand
cards under oases and/or refill the hand to six from face-down oases, or bury and/or search one
oasis for a card (2 Datteln, hand below six; the pile is then shuffled and face down). The chosen
alternative is the turn's ``mode``. In koenig, playing from the hand is allowed in every mode, and
(K9) the face-up top card of an activated oasis may be taken into the hand at any time of the own
turn, except in the turn that oasis was activated (activating and taking at once would be a free
draw); the oasis is then deactivated (one Dattel less per turn).
"""

from __future__ import annotations

from engine.core.match import Action
from engine.games.kamelo.state import HAND_SIZE, State, card_of, card_order, log, rng_of

SEARCH_COST = 2
MAX_BURIED = 2


def _mode(s: State, p: int) -> str | None:
    mode: str | None = s["players"][p]["turn_state"]["mode"]
    return mode


def oasis_actions(s: State, p: int) -> list[Action]:
    """Activate, bury, draw and search actions the turn's mode still allows."""
    if s["variant"] == "dufo":
        return []
    return _activate(s, p) + _bury(s, p) + _draw(s, p) + _search(s, p) + pick_actions(s, p)


def pick_actions(s: State, p: int) -> list[Action]:
    """K9 (koenig): take an activated oasis's face-up top into the hand, not in its activation turn."""
    if s["variant"] != "koenig":
        return []
    return [
        Action(
            f"pick:{k}",
            f"Take {card_of(s, oasis['cards'][-1])['name']} (top of oasis {k + 1}) into the hand",
            {"oasis": k, "card": oasis["cards"][-1], "slug": s["cards"][oasis["cards"][-1]]},
        )
        for k, oasis in enumerate(s["players"][p]["oases"])
        if oasis["active"] and oasis["cards"] and oasis.get("activated", -1) != s["turn"]  # K9
    ]


def apply_pick(s: State, p: int, action: Action) -> None:
    """K9: the face-up top goes into the hand (it was public), the oasis is deactivated."""
    oasis = s["players"][p]["oases"][action.params["oasis"]]
    cid = oasis["cards"].pop()
    s["players"][p]["hand"].append(cid)
    oasis["active"] = False
    name = card_of(s, cid)["name"]
    log(s, p, "pick", f"P{p + 1} takes {name} from oasis {action.params['oasis'] + 1}", cards=[s["cards"][cid]])


def _activate(s: State, p: int) -> list[Action]:
    if _mode(s, p) is not None:
        return []
    oases = s["players"][p]["oases"]
    return [
        Action(f"activate:{k}", f"Activate oasis {k + 1} (turn its top card face up)", {"oasis": k})
        for k, oasis in enumerate(oases)
        if oasis["cards"] and not oasis["active"]
    ]


def _bury(s: State, p: int) -> list[Action]:
    player = s["players"][p]
    if _mode(s, p) not in (None, "bury", "refill", "search") or player["turn_state"]["buried"] >= MAX_BURIED:
        return []
    seen: dict[str, str] = {}
    for cid in sorted(player["hand"], key=card_order):
        seen.setdefault(s["cards"][cid], cid)
    return [
        Action(f"bury:{cid}:{k}", f"Put {card_of(s, cid)['name']} under oasis {k + 1}", {"card": cid, "oasis": k})
        for cid in seen.values()
        for k in range(len(player["oases"]))
    ]


def _draw(s: State, p: int) -> list[Action]:
    player = s["players"][p]
    if _mode(s, p) not in (None, "bury", "refill") or len(player["hand"]) >= HAND_SIZE[s["variant"]]:
        return []
    return [
        Action(f"draw:{k}", f"Draw the top card of face-down oasis {k + 1}", {"oasis": k})
        for k, oasis in enumerate(player["oases"])
        if oasis["cards"] and not oasis["active"]
    ]


def _search(s: State, p: int) -> list[Action]:
    player = s["players"][p]
    if _mode(s, p) not in (None, "bury") or len(player["hand"]) >= HAND_SIZE[s["variant"]]:
        return []
    if player["dates"] < SEARCH_COST:
        return []
    return [
        Action(f"search:{k}", f"Search oasis {k + 1} for a card ({SEARCH_COST} Datteln)", {"oasis": k})
        for k, oasis in enumerate(player["oases"])
        if oasis["cards"]
    ]


def apply_oasis(s: State, p: int, action: Action) -> None:
    """Carry out an oasis action and fix the turn's mode."""
    kind = action.id.split(":", 1)[0]
    player = s["players"][p]
    turn = player["turn_state"]
    oasis = player["oases"][action.params["oasis"]]
    k = action.params["oasis"] + 1
    if kind == "activate":
        oasis["active"] = True
        oasis["activated"] = s["turn"]  # K9: its top may not be taken in this same turn
        turn["mode"] = "activate"
        top = oasis["cards"][-1]
        log(s, p, "activate", f"P{p + 1} activates oasis {k}: {card_of(s, top)['name']}", cards=[s["cards"][top]])
    elif kind == "bury":
        player["hand"].remove(action.params["card"])
        oasis["cards"].insert(0, action.params["card"])
        turn["buried"] += 1
        turn["mode"] = turn["mode"] or "bury"
        log(s, p, "bury", f"P{p + 1} puts a card under oasis {k}")
    elif kind == "draw":
        player["hand"].append(oasis["cards"].pop())
        turn["mode"] = "refill"
        log(s, p, "draw", f"P{p + 1} draws from oasis {k}")
    else:
        player["dates"] -= SEARCH_COST
        turn["mode"] = "search"
        s["pending"] = {"kind": "take", "player": p, "oasis": action.params["oasis"]}
        log(s, p, "search", f"P{p + 1} searches oasis {k}")


def take_actions(s: State, p: int) -> list[Action]:
    """While searching: one card of the pile to take into the hand (one per slug)."""
    oasis = s["players"][p]["oases"][s["pending"]["oasis"]]
    seen: dict[str, str] = {}
    for cid in sorted(oasis["cards"], key=card_order):
        seen.setdefault(s["cards"][cid], cid)
    return [
        Action(f"take:{cid}", f"Take {card_of(s, cid)['name']}", {"card": cid, "slug": s["cards"][cid]})
        for cid in seen.values()
    ]


def apply_take(s: State, p: int, action: Action) -> None:
    """Take the card, shuffle the pile and lay it face down (the oasis is deactivated)."""
    player = s["players"][p]
    oasis = player["oases"][s["pending"]["oasis"]]
    oasis["cards"].remove(action.params["card"])
    player["hand"].append(action.params["card"])
    rng = rng_of(s)
    rng.shuffle(oasis["cards"])
    oasis["active"] = False
    s["pending"] = None
