"""What a player (or a spectator) may see of an Eredan state, and the hidden-information tools.

Hidden: the opponent's hand (only its size), every deck's order, and this round's phase-2 cards
until they are revealed together (a face-down card is ``{"card": null, "face_down": true}`` to all
but its owner), with the bearer or revived character its action chose. Public: the characters
(health, stats, attachments, runes, rage, weakened (and E21's stays-weakened) and dead marks), discard piles, points, the
round and its bonuses, the pair, the revealed cards in the seed's order, the confrontation's
breakdown and the log. ``reshuffle_hidden`` permutes exactly what one viewer cannot see.
"""

from __future__ import annotations

from typing import Any

from engine.core.base import copy_state
from engine.core.rng import SeededRandom
from engine.games.eredan.cards import step_player
from engine.games.eredan.rules import stat
from engine.games.eredan.state import STATS, State, card_of, fighter_index

LOG_SHOWN = 20
CARD_KEYS = ("slug", "name", "type", "guilds", "classes", "race", "element", "zone", "text", "effects")
CHARACTER_KEYS = ("attack", "defense", "health", "spirit", "order", "rune_slots")


def card_view(s: State, cid: str) -> dict[str, Any]:
    """A visible card: its id and what its face shows."""
    card = card_of(s, cid)
    shown = {"id": cid, **{k: card[k] for k in CARD_KEYS}}
    shown["effects"] = [dict(e) for e in card["effects"]]
    if card["type"] == "character":
        shown.update({k: card[k] for k in CHARACTER_KEYS})
    return shown


def character_view(s: State, p: int, i: int) -> dict[str, Any]:
    """One character on the table (api.md: ``card``, ``health``, ``dead``, ``weakened``; more)."""
    char = s["players"][p]["characters"][i]
    card = card_of(s, char["card"])
    return {
        "index": i,
        "card": card_view(s, char["card"]),
        "health": char["health"],
        "max_health": card["health"],
        "dead": char["dead"],
        "weakened": char["weakened"],
        "stays_weakened": char.get("stays_weakened", False),  # none in a match stored before E21
        "fighting": fighter_index(s, p) == i,
        **{key: stat(s, p, i, key) for key in STATS},
        "runes": list(char["runes"]),
        "rune_slots": card["rune_slots"],
        "raging": char["raging"],
        "two_weapons": char["two_weapons"],
        "attachments": [card_view(s, c) for c in char["attached"]],
    }


def played_view(s: State, record: dict[str, Any], viewer: int | None, order: int) -> dict[str, Any]:
    """A phase-2 card in the seed's order: face down to all but its owner until revealed."""
    seen = record["revealed"] or viewer == record["player"]
    shown: dict[str, Any] = {"order": order, "player": record["player"], "slot": record["slot"]}
    if not seen:
        return {**shown, "card": None, "face_down": True}
    return {
        **shown,
        "card": card_view(s, record["card"]),
        "face_down": not record["revealed"],
        "bearer": record["bearer"],
        "revive": record["revive"],
        "cancelled": record["cancelled"],
    }


def _player_view(s: State, p: int, viewer: int | None) -> dict[str, Any]:
    player = s["players"][p]
    own = viewer == p
    return {
        "hand": [card_view(s, c) for c in sorted(player["hand"])] if own else None,
        "hand_count": len(player["hand"]),
        "deck_count": len(player["deck"]),
        "points": player["points"],
        "characters": [character_view(s, p, i) for i in range(len(player["characters"]))],
        "discard_count": len(player["discard"]),
        "discard": [card_view(s, c) for c in player["discard"]],
        "cannot_draw": player["cannot_draw"],
        "chain": list(player["chain"]) if own else None,
    }


def _last_round(s: State, viewer: int | None) -> dict[str, Any] | None:
    last = s["last_round"]
    if last is None:
        return None
    played = [played_view(s, r, viewer, n + 1) for n, r in enumerate(last["played"])]
    return {**last, "played": played}


def view(s: State, viewer: int | None, to_act: int | None) -> dict[str, Any]:
    """The state as ``viewer`` may see it (None: a spectator)."""
    phase = s["phase"] if s["outcome"] is None else "over"
    return {
        "game": "eredan",
        "variant": s["variant"],
        "options": dict(s["options"]),
        "viewer": viewer,
        "turn": s["round"],
        "round": s["round"],
        "active": s["active"],
        "phase": phase,
        "step": _step(s) if phase == "cards" else None,
        "initiative": [list(d) for d in s["initiative"]],
        "fighters": list(s["fighters"]) if s["fighters"] is not None else None,
        "bonuses": [dict(b) for b in s["bonuses"]],
        "played": [played_view(s, r, viewer, n + 1) for n, r in enumerate(s["played"])],
        "confrontation": s["confrontation"],
        "last_round": _last_round(s, viewer),
        "players": [_player_view(s, p, viewer) for p in range(2)],
        "log": [dict(e) for e in s["log"][-LOG_SHOWN:]],
    }


def _step(s: State) -> dict[str, int] | None:
    if s["step"] >= 4:
        return None
    p, slot = step_player(s)
    return {"player": p, "card": slot}


def zones(s: State) -> dict[str, list[str]]:
    """Every zone's card ids (a card is in exactly one)."""
    found: dict[str, list[str]] = {}
    for p, player in enumerate(s["players"]):
        for name in ("deck", "hand", "discard"):
            found[f"p{p}.{name}"] = list(player[name])
        found[f"p{p}.characters"] = [c["card"] for c in player["characters"]]
        found[f"p{p}.attached"] = [cid for c in player["characters"] for cid in c["attached"]]
        found[f"p{p}.played"] = [r["card"] for r in s["played"] if r["player"] == p and not r["resolved"]]
    return found


def reshuffle_hidden(s: State, viewer: int, seed: int) -> State:
    """A copy of ``s`` in which what ``viewer`` cannot see is permuted: the opponent's hand, deck
    and face-down cards among themselves (with the choices their actions made), and the order of
    the viewer's own deck."""
    copy = copy_state(s)
    rng = SeededRandom(seed)
    for p, player in enumerate(copy["players"]):
        slots: list[tuple[str, int]] = [("deck", k) for k in range(len(player["deck"]))]
        if p != viewer:
            slots += [("hand", k) for k in range(len(player["hand"]))]
            slots += [("played", k) for k, r in enumerate(copy["played"]) if r["player"] == p and not r["revealed"]]
        cids = sorted(_get(copy, player, slot) for slot in slots)  # canonical: only what the viewer knows counts
        rng.shuffle(cids)
        for slot, cid in zip(slots, cids, strict=True):
            _set(copy, player, slot, cid)
    return copy


def _get(s: State, player: dict[str, Any], slot: tuple[str, int]) -> str:
    zone, k = slot
    cid: str = s["played"][k]["card"] if zone == "played" else player[zone][k]
    return cid


def _set(s: State, player: dict[str, Any], slot: tuple[str, int], cid: str) -> None:
    zone, k = slot
    if zone == "played":
        s["played"][k].update(card=cid, bearer=None, revive=None)
    else:
        player[zone][k] = cid
