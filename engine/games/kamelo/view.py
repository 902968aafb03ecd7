"""What a player (or a spectator) may see of a Ka-Mel-Oh! state, and the hidden-information tools.

Hidden: the opponent's hand (only its size), the order and contents of every deck, the face-down
cards of the oases. Public: arenas, deserts, Datteln, points, the face-up tops of active oases, the
log. ``reshuffle_hidden`` permutes exactly what one viewer cannot see, for the conformance test.
"""

from __future__ import annotations

from typing import Any

from engine.core.base import copy_state
from engine.core.rng import SeededRandom
from engine.games.kamelo.state import State, card_of, card_order, stats
from engine.games.kamelo.turns import is_last_turn

LOG_SHOWN = 20


def card_view(s: State, cid: str) -> dict[str, Any]:
    """A card as the views show it."""
    card = card_of(s, cid)
    shown = {k: card[k] for k in ("slug", "name", "type", "cost", "hk", "text")}
    if card["type"] in ("monster", "special_monster"):
        shown.update(ap=card["ap"], dp=card["dp"], lp=card["lp"])
    if card["recipe"]:
        shown["recipe"] = card["recipe"]
    return {"id": cid, **shown}


def monster_view(s: State, slot: int, monster: dict[str, Any] | None) -> dict[str, Any] | None:
    """An arena slot: the card, its current values and what changed them."""
    if monster is None:
        return None
    return {
        "slot": slot,
        "card": card_view(s, monster["card"]),
        **stats(monster),
        "damage": monster["damage"],
        "bonus": dict(monster["bonus"]),
        "malus": dict(monster["malus"]),
        "parts": list(monster["parts"]),
        "direct_attack_now": monster["direct_turn"] == s["turn"],
        "taken_from": monster.get("owner"),  # taken over: lies upside down, its owner's card (seed)
    }


def _player_view(s: State, p: int, viewer: int | None) -> dict[str, Any]:
    player = s["players"][p]
    own = viewer == p
    oases = [
        {
            "count": len(o["cards"]),
            "active": o["active"],
            "top": card_view(s, o["cards"][-1]) if o["active"] and o["cards"] else None,
        }
        for o in player["oases"]
    ]
    return {
        "hand": [card_view(s, c) for c in sorted(player["hand"], key=card_order)] if own else None,
        "hand_count": len(player["hand"]),
        "deck_count": len(player["deck"]) + sum(len(o["cards"]) for o in player["oases"]),
        "dates": player["dates"],
        "points": player["points"],
        "arena": [monster_view(s, i, m) for i, m in enumerate(player["arena"])],
        "desert": [card_view(s, c) for c in player["desert"]],
        "oases": oases,
        "turns_taken": player["turns_taken"],
        "turn_state": dict(player["turn_state"]) if own or s["current"] == p else None,
        "savings": [dict(x) for x in player["savings"]],
    }


def _pending_view(s: State, viewer: int | None) -> dict[str, Any] | None:
    pending = s["pending"]
    if pending is None:
        return None
    shown = {"kind": pending["kind"], "player": pending["player"]}
    if pending["kind"] == "take":
        shown["oasis"] = pending["oasis"]
    return shown


def view(s: State, viewer: int | None, to_act: int | None) -> dict[str, Any]:
    """The state as ``viewer`` may see it (None: a spectator)."""
    return {
        "game": "kamelo",
        "variant": s["variant"],
        "options": dict(s["options"]),
        "viewer": viewer,
        "turn": s["turn"],
        "current": s["current"],
        "first_player": s["first"],
        "to_act": to_act,
        "phase": s["phase"],
        "pending": _pending_view(s, viewer),
        "attack": dict(s["attack"]) if s["attack"] else None,
        "surcharge": sum(x["amount"] for x in s["surcharges"]),
        "final": dict(s["final"]) if s["final"] else None,
        "stall_turns": int((s.get("stall") or {}).get("turns", 0)),  # K12: 10 end a long game
        "last_turn": is_last_turn(s),
        "players": [_player_view(s, p, viewer) for p in range(2)],
        "series": _series_view(s),
        "log": [dict(e) for e in s["log"][-LOG_SHOWN:]],
    }


def _series_view(s: State) -> dict[str, Any] | None:
    """K7's return match: which leg is played and how the legs before it ended (None: one match)."""
    series = s.get("series")
    if series is None:
        return None
    legs = [dict(leg) for leg in series["legs"]]
    totals = [sum(leg["points"][p] for leg in legs) + s["players"][p]["points"] for p in range(2)]
    return {"leg": series["leg"], "legs": legs, "totals": totals}


def zones(s: State) -> dict[str, list[str]]:
    """Every zone's card ids (a card is in exactly one)."""
    found: dict[str, list[str]] = {}
    for p, player in enumerate(s["players"]):
        for name in ("deck", "hand", "desert"):
            found[f"p{p}.{name}"] = list(player[name])
        found[f"p{p}.arena"] = [m["card"] for m in player["arena"] if m is not None]
        for k, oasis in enumerate(player["oases"]):
            found[f"p{p}.oasis{k}"] = list(oasis["cards"])
    return found


def reshuffle_hidden(s: State, viewer: int, seed: int) -> State:
    """A copy of ``s`` in which what ``viewer`` cannot see is permuted: the opponent's hand, deck
    and face-down oasis cards among themselves, and the order of the viewer's own deck and
    face-down oasis cards (a pile being searched by the viewer is visible to them, so it stays)."""
    copy = copy_state(s)
    rng = SeededRandom(seed)
    for p, player in enumerate(copy["players"]):
        searching = copy["pending"] if copy["pending"] and copy["pending"]["kind"] == "take" else None
        keep = searching["oasis"] if searching and searching["player"] == viewer == p else None
        slots = _hidden_slots(player, include_hand=p != viewer, keep=keep)
        cards = sorted(_get(player, slot) for slot in slots)  # canonical: only what the viewer knows counts
        rng.shuffle(cards)
        for slot, cid in zip(slots, cards, strict=True):
            _set(player, slot, cid)
    return copy


def _hidden_slots(player: dict[str, Any], *, include_hand: bool, keep: int | None) -> list[tuple[str, int, int]]:
    slots = [("deck", 0, i) for i in range(len(player["deck"]))]
    if include_hand:
        slots += [("hand", 0, i) for i in range(len(player["hand"]))]
    for k, oasis in enumerate(player["oases"]):
        if k == keep:
            continue
        face_down = len(oasis["cards"]) - (1 if oasis["active"] else 0)
        slots += [("oasis", k, i) for i in range(face_down)]
    return slots


def _get(player: dict[str, Any], slot: tuple[str, int, int]) -> str:
    zone, k, i = slot
    cid: str = player["oases"][k]["cards"][i] if zone == "oasis" else player[zone][i]
    return cid


def _set(player: dict[str, Any], slot: tuple[str, int, int], cid: str) -> None:
    zone, k, i = slot
    if zone == "oasis":
        player["oases"][k]["cards"][i] = cid
    else:
        player[zone][i] = cid
