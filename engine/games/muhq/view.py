"""What a seat (or a spectator) may see of a muhq state, and the hidden-information tools.

Public besides: what waits to be set down (``dropping``, M31) and which seats are out (M26).
Hidden: the other seats' hands (only their counts), the order of every deck (the Kraken's too),
and while a draft runs the other seats' picks and piles in hand (M29: only their counts). Public: the map and every permanent, the stores and the
discard piles (rules.md: "Jeder Spieler darf jeden Ablagestapel beliebig ansehen"), resources,
the action stack, the Kraken's resources and its discard pile, the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.base import copy_state
from engine.core.match import JSON
from engine.core.rng import SeededRandom
from engine.games.muhq.dropping import fields
from engine.games.muhq.geometry import stats
from engine.games.muhq.maps import TILE_CODES
from engine.games.muhq.outcome import points, regions_held
from engine.games.muhq.state import State, card_of, game_map, top_perms

LOG_SHOWN = 40
CODES = {tile: code for code, tile in TILE_CODES.items()}
ZONES = ("deck", "hand", "discard", "store")
CardViews = Callable[[State, str], JSON]  # a card id's view: card_view, or shared_cards' lookup


def card_view(s: State, cid: str) -> JSON:
    """A visible card: its id and what the board and the AI read of it."""
    card = card_of(s, cid)
    shown: JSON = {"id": cid, "slug": card["slug"], "name": card["name"], "type": card["type"], "cost": card["cost"]}
    for key in ("attack", "range", "health", "movement", "upkeep", "durability", "crew", "solid", "armor"):
        shown[key] = card[key]
    shown["swimming"] = card["swimming"]
    shown["ai"] = card["ai"]
    shown["effects"] = [dict(e) for e in card["effects"]]
    shown["text"] = card["text"]
    return shown


def shared_cards(s: State, memo: dict[str, Any]) -> CardViews:
    """``card_view`` for ``ai_view``: each card's view made once per match and then shared (keyed by
    id and slug, since a determinized draft may give an id another card)."""
    made: dict[tuple[str, str], JSON] = memo.setdefault("muhq.cards", {})
    cards = s["cards"]

    def shown(state: State, cid: str) -> JSON:
        key = (cid, cards[cid])
        found = made.get(key)
        if found is None:
            found = made[key] = card_view(state, cid)
        return found

    return shown


def perm_view(s: State, pid: str, card: CardViews = card_view) -> JSON:
    """A permanent as api.md shows it (card, owner, controller, x, y, life, tapped, stack) and more."""
    perm = s["perms"][pid]
    figures = stats(s, pid)
    crew = [perm_view(s, member, card) for member in perm["stack"]]
    # M2's attack profile from the figures just made (attack_profile would make them again)
    profile = [
        (f["attack"], f["range"]) for f in [figures, *(m["stats"] for m in crew)] if f["attack"] > 0 and f["range"] > 0
    ]
    shown: JSON = {
        "card": card(s, pid),
        "owner": perm["owner"],
        "controller": perm["controller"],
        "x": perm["x"],
        "y": perm["y"],
        "life": figures["life"],
        "tapped": perm["tapped"],
        "stack": crew,
        "damage": perm["damage"],
        "markers": dict(perm["markers"]),
        "stats": figures,
        "attacks": stack_attack_view(profile),
        "vip": perm["vip"],
        "piece": perm["piece"],
    }
    if card_of(s, pid)["type"] == "equipment":
        shown["durability"] = perm["durability"]
    return shown


def stack_attack_view(profile: list[tuple[int, int]]) -> list[JSON]:
    """M2: the stack's attack at every range, the longest first (``calc.stack_attacks``)."""
    longest = max((r for _, r in profile), default=0)
    return [{"range": r, "attack": sum(a for a, rr in profile if rr >= r)} for r in range(longest, 0, -1)]


def _cards(s: State, cids: list[str], card: CardViews = card_view) -> list[JSON]:
    return [card(s, cid) for cid in cids]


def map_view(s: State) -> JSON:
    gm = game_map(s)
    return {
        "slug": gm.slug,
        "name": gm.name,
        "names": dict(gm.names),
        "width": gm.width,
        "height": gm.height,
        "tiles": ["".join(CODES[t] for t in row) for row in gm.grid],
        "legend": dict(TILE_CODES),
        "seats": [
            {"start_fields": [list(p) for p in seat.start_fields], "harbours": [list(p) for p in seat.harbours]}
            for seat in gm.seats[: len(s["players"])]
        ],
        "kraken_fields": [list(p) for p in gm.kraken.start_fields] if gm.kraken else [],
        "victory": {"kind": gm.victory.kind, **gm.victory.params},
        "resources_per_turn": gm.resources_per_turn,
    }


def _player_view(s: State, p: int, viewer: int | None, card: CardViews) -> JSON:
    me = s["players"][p]
    return {
        "hand": _cards(s, me["hand"], card) if viewer == p else None,
        "hand_count": len(me["hand"]),
        "deck_count": len(me["deck"]),
        "points": points(s, p),
        "resources": me["resources"],
        "store": _cards(s, me["store"], card),
        "discard": _cards(s, me["discard"], card),
        "bought": me["bought"],
        "picks": _picks(s, p, viewer, card),
        "out": p in s["eliminated"],
    }


def _picks(s: State, p: int, viewer: int | None, card: CardViews) -> list[JSON] | None:
    """A running draft's picks of seat ``p``: seen by that seat alone, like a hand (M29)."""
    draft = s["draft"]
    return _cards(s, draft["picks"][p], card) if draft is not None and viewer == p else None


def _stack_view(s: State, card: CardViews) -> list[JSON]:
    shown = []
    for item in s["stack"]:
        entry = {k: v for k, v in item.items() if k not in ("card", "equipment", "asked")}
        visible = item["kind"] in ("spell", "play") or item["card"] in s["perms"]
        entry["card"] = card(s, item["card"]) if visible else None
        if item.get("equipment"):
            entry["equipment"] = card(s, item["equipment"])
        shown.append(entry)
    return shown


def phase_of(s: State) -> str:
    if s["outcome"] is not None:
        return "over"
    if s["draft"] is not None:
        return "draft"
    if s["dropping"]:
        return "setdown"
    if s["window"]:
        return "respond"
    if s["pending"] is not None:
        return str(s["pending"]["kind"])
    return str(s["phase"])


def view(s: State, viewer: int | None) -> JSON:
    """The state as ``viewer`` may see it (None: a spectator)."""
    shown = _view(s, viewer, card_view, map_view(s))
    shown["log"] = [dict(e) for e in s["log"][-LOG_SHOWN:]]
    return shown


def ai_view(s: State, viewer: int | None, memo: dict[str, Any]) -> JSON:
    """``view`` for a computer player (``BaseMatch.ai_view``): no log, and the map and the cards'
    views made once per match and shared (a full view's cards were two thirds of a playout)."""
    maps: dict[str, JSON] = memo.setdefault("muhq.map", {})
    shown_map = maps.get(s["variant"])
    if shown_map is None:
        shown_map = maps[s["variant"]] = map_view(s)
    return _view(s, viewer, shared_cards(s, memo), shown_map)


def _view(s: State, viewer: int | None, card: CardViews, shown_map: JSON) -> JSON:
    kraken = s["kraken"]
    gm = game_map(s)
    return {
        "game": "muhq",
        "variant": s["variant"],
        "options": dict(s["options"]),
        "viewer": viewer,
        "turn": s["turn"],
        "round": s["round"],
        "active": s["active"],
        "phase": phase_of(s),
        "map": shown_map,
        "permanents": [perm_view(s, pid, card) for pid in top_perms(s)],
        "dropping": [_dropping_view(s, entry, card) for entry in s["dropping"]],
        "kraken": None
        if kraken is None
        else {
            "resources": kraken["resources"],
            "deck_count": len(kraken["deck"]),
            "discard": _cards(s, kraken["discard"], card),
        },
        "stack": _stack_view(s, card),
        "window": list(s["window"]),
        "activation": dict(s["activation"]) if s["activation"] else None,
        "pending": dict(s["pending"]) if s["pending"] else None,
        "regions": regions_held(s) if gm.victory.kind == "capture_points" else None,
        "draft": _draft_view(s, viewer, card),
        "players": [_player_view(s, p, viewer, card) for p in range(len(s["players"]))],
        "out": _cards(s, s["out"], card),
    }


def _dropping_view(s: State, entry: JSON, card: CardViews) -> JSON:
    """A permanent waiting to be set down (M31): not on any field, with the fields it may take."""
    pid = entry["card"]
    perm = entry["perms"][pid]
    return {
        "card": card(s, pid),
        "owner": perm["owner"],
        "controller": perm["controller"],
        "from": list(entry["from"]),
        "by": entry["by"],
        "fields": [list(point) for point in fields(s, entry)],
        "stack": [card(s, member) for member in perm["stack"]],
        "damage": perm["damage"],
    }


def _draft_view(s: State, viewer: int | None, card: CardViews) -> JSON | None:
    draft = s["draft"]
    if draft is None:
        return None
    piles = draft["holding"]
    return {
        "to_pick": list(draft["to_pick"]),
        "pile_counts": [len(pile) for pile in piles],
        "pile": _cards(s, piles[viewer], card) if viewer is not None and viewer < len(piles) else None,
        "piles_left": len(draft["piles"]),
        "picked_counts": [len(picks) for picks in draft["picks"]],
    }


def zones(s: State) -> dict[str, list[str]]:
    """Every zone's card ids (a card is in exactly one)."""
    found: dict[str, list[str]] = {}
    for p, player in enumerate(s["players"]):
        for name in ZONES:
            found[f"p{p}.{name}"] = list(player[name])
    found["map"] = list(s["perms"])
    found["dropping"] = [pid for entry in s["dropping"] for pid in entry["perms"]]
    stacked: list[str] = []
    for item in s["stack"]:
        if item["kind"] in ("spell", "play"):
            stacked.append(item["card"])
            if item.get("equipment"):
                stacked.append(item["equipment"])
    found["stack"] = stacked
    if s["kraken"] is not None:
        found["kraken.deck"] = list(s["kraken"]["deck"])
        found["kraken.discard"] = list(s["kraken"]["discard"])
    found["out"] = list(s["out"])
    if s["draft"] is not None:
        for p, picks in enumerate(s["draft"]["picks"]):
            found[f"p{p}.picks"] = list(picks)  # a seat's own, hidden like a hand (M29)
        found["draft.piles"] = [cid for pile in s["draft"]["piles"] for cid in pile]
        found["draft.holding"] = [cid for pile in s["draft"]["holding"] for cid in pile]
    return found


def reshuffle_hidden(s: State, viewer: int, seed: int) -> State:
    """A copy in which what ``viewer`` cannot see is permuted: the order of every deck (the own, the
    Kraken's), each other seat's hand with its deck, and in a draft the piles not yet dealt with the
    other seats' piles in hand and picks (M29); canonical (sorted before shuffling), so it
    depends only on what the viewer knows."""
    copy = copy_state(s)
    rng = SeededRandom(seed)
    for p, player in enumerate(copy["players"]):
        slots: list[tuple[list[str], int]] = [(player["deck"], i) for i in range(len(player["deck"]))]
        if p != viewer:
            slots += [(player["hand"], i) for i in range(len(player["hand"]))]
        _permute(slots, rng)
    if copy["kraken"] is not None:
        deck = copy["kraken"]["deck"]
        _permute([(deck, i) for i in range(len(deck))], rng)
    draft = copy["draft"]
    if draft is not None:
        slots = [(pile, i) for pile in draft["piles"] for i in range(len(pile))]
        others = [q for q in range(len(draft["holding"])) if q != viewer]
        slots += [
            (zone[q], i) for zone in (draft["holding"], draft["picks"]) for q in others for i in range(len(zone[q]))
        ]
        _permute(slots, rng)
    return copy


def _permute(slots: list[tuple[list[str], int]], rng: SeededRandom) -> None:
    cards = sorted(zone[i] for zone, i in slots)
    rng.shuffle(cards)
    for (zone, i), cid in zip(slots, cards, strict=True):
        zone[i] = cid
