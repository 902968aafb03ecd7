"""What a player (or a spectator) may see of a duel state, and the hidden-information tools.

Hidden: the opponent's hand (only its size), every deck's order and contents, and the opponent's
face-down traps (``{"card": null, "face_down": true}``, api.md). Public: life, the creatures with
their positions and current values, face-up support cards, the reinforcement, both graveyards and
discard zones, the log. ``reshuffle_hidden`` permutes exactly what one viewer cannot see.
"""

from __future__ import annotations

from typing import Any

from engine.core.base import copy_state
from engine.core.match import JSON, Action, hidden_action
from engine.core.rng import SeededRandom
from engine.games.duel.state import State, card_of, stats

LOG_SHOWN = 20
FACE_DOWN: JSON = {"card": None, "face_down": True}
ZONES = ("deck", "hand", "creatures", "support", "reinforcement", "graveyard", "discard")


def card_view(s: State, cid: str) -> JSON:
    """A card as the views show it."""
    card = card_of(s, cid)
    shown: JSON = {"id": cid, "slug": card["slug"], "name": card["name"], "type": card["type"], "text": card["text"]}
    if card["type"] in ("creature", "elite"):
        shown.update(attack=card["attack"], defense=card["defense"])
    shown["effects"] = [_copy(e) for e in card["effects"]]
    return shown


def _copy(effect: dict[str, Any]) -> JSON:
    return {k: dict(v) if isinstance(v, dict) else v for k, v in effect.items()}


def _creature_view(s: State, p: int, creature: dict[str, Any]) -> JSON:
    attack, defense = stats(s, p, creature)
    weapons = [e["card"] for e in s["players"][p]["support"] if e["equips"] == creature["card"]]
    return {
        "card": card_view(s, creature["card"]),
        "position": creature["position"],
        "attack": attack,
        "defense": defense,
        "attacked": creature["attacked"],
        "switched": creature["switched"],
        "weapons": weapons,
    }


def _support_view(s: State, entry: dict[str, Any], visible: bool) -> JSON:
    if entry["face_down"] and not visible:
        return dict(FACE_DOWN)
    return {"card": card_view(s, entry["card"]), "face_down": entry["face_down"], "equips": entry["equips"]}


def _player_view(s: State, p: int, viewer: int | None) -> JSON:
    player = s["players"][p]
    own = viewer == p
    reinforcement = player["reinforcement"]
    return {
        "hand": [card_view(s, c) for c in player["hand"]] if own else None,
        "hand_count": len(player["hand"]),
        "deck_count": len(player["deck"]),
        "points": max(0, player["life"]),
        "life": player["life"],
        "creatures": [_creature_view(s, p, c) for c in player["creatures"]],
        "support": [_support_view(s, e, own) for e in player["support"]],
        "reinforcement": card_view(s, reinforcement) if reinforcement else None,
        "graveyard": [card_view(s, c) for c in player["graveyard"]],
        "discard": [card_view(s, c) for c in player["discard"]],
    }


def _pending_view(s: State, viewer: int | None) -> JSON | None:
    pending = s["pending"]
    if pending is None:
        return None
    shown: JSON = {"kind": pending["kind"], "player": pending["player"]}
    if pending["kind"] == "trap":
        shown["trigger"] = pending["trigger"]
    else:
        shown["source"] = card_view(s, pending["task"]["source"])
        shown["effect"] = _copy(pending["task"]["effect"])
    return shown


def view(s: State, viewer: int | None, to_act: int | None) -> JSON:
    """The state as ``viewer`` may see it (None: a spectator)."""
    return {
        "game": "duel",
        "variant": s["variant"],
        "options": dict(s["options"]),
        "viewer": viewer,
        "turn": s["turn"],
        "current": s["current"],
        "first_player": s["first"],
        "phase": s["phase"],
        "summons": dict(s["summons"]),
        "pending": _pending_view(s, viewer),
        "event": dict(s["event"]) if s["event"] else None,
        "players": [_player_view(s, p, viewer) for p in range(len(s["players"]))],
        "log": [dict(e) for e in s["log"][-LOG_SHOWN:]],
    }


def public_action(s: State, player: int, action: Action) -> JSON:
    """What the table sees: setting a trap shows only that a card went face down (A9)."""
    if action.id.startswith("set:"):
        return hidden_action(f"P{player + 1} sets a trap face down", "set")
    return action.to_json()


def zones(s: State) -> dict[str, list[str]]:
    """Every zone's card ids (a card is in exactly one)."""
    found: dict[str, list[str]] = {}
    for p, player in enumerate(s["players"]):
        for name in ("deck", "hand", "graveyard", "discard"):
            found[f"p{p}.{name}"] = list(player[name])
        found[f"p{p}.creatures"] = [c["card"] for c in player["creatures"]]
        found[f"p{p}.support"] = [e["card"] for e in player["support"]]
        found[f"p{p}.reinforcement"] = [player["reinforcement"]] if player["reinforcement"] else []
    return found


def reshuffle_hidden(s: State, viewer: int, seed: int) -> State:
    """A copy of ``s`` in which what ``viewer`` cannot see is permuted: the order of their own deck;
    the opponent's deck, hand and face-down traps among themselves (a face-down slot still holds a
    trap, as only traps are set face down)."""
    copy = copy_state(s)
    rng = SeededRandom(seed)
    copy["players"][viewer]["deck"].sort()  # canonical first: the result depends on what the viewer knows only
    rng.shuffle(copy["players"][viewer]["deck"])
    for p, player in enumerate(copy["players"]):
        if p != viewer:
            _permute_hidden(copy, player, rng)
    return copy


def _permute_hidden(s: State, player: dict[str, Any], rng: SeededRandom) -> None:
    hidden = [e for e in player["support"] if e["face_down"]]
    pool = sorted(player["deck"] + player["hand"] + [e["card"] for e in hidden])
    rng.shuffle(pool)
    traps = [cid for cid in pool if card_of(s, cid)["type"] == "trap"][: len(hidden)]
    for entry, cid in zip(hidden, traps, strict=True):
        entry["card"] = cid
    rest = [cid for cid in pool if cid not in traps]
    hand_size = len(player["hand"])
    player["hand"], player["deck"] = rest[:hand_size], rest[hand_size:]
