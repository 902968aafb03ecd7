"""What a player (or a spectator) may see of a Realmon state, and the hidden-information tools.

Hidden: the other player's hand (only how many monsters, action and combat cards), the order of
every pile, a commitment laid face down until the reveal (R18), and while the monster draft runs
the other seat's picks and pile in hand (R20: a seat sees its own only). Public: the field effect, the
category and how it was set, each revealed fight broken down with its dice, the Abysses, the
discard piles, the cards out of the game, the scores and the log. ``reshuffle_hidden`` permutes
exactly what one viewer cannot see (type by type, since the counts per type are public).
"""

from __future__ import annotations

from typing import Any

from engine.core.base import copy_state
from engine.core.match import JSON
from engine.core.rng import SeededRandom
from engine.games.realmon.draft import needs
from engine.games.realmon.state import PILES, SMALL_HALF, State, abyss_realm, card_of, hand_of, points, team_laid

LOG_SHOWN = 40
FACE_DOWN: dict[str, Any] = {"card": None, "face_down": True}
ZONES = ("monsters", "actions", "combat", "hand", "monster_discard", "action_discard", "combat_discard", "abyss")
Slot = tuple[Any, int | str]  # a list and an index, or the commitment and its "monster" key
TYPE_FIELDS = {
    "monster": ("stage", "stage_name", "realm", "values", "orientation", "broken"),
    "combat": ("stage", "cost", "unique", "orientation"),
    "action": ("kind",),
}


def card_view(s: State, cid: str) -> JSON:
    """A visible card: its id and what the board and the AI read of it."""
    card = card_of(s, cid)
    shown: JSON = {"id": cid, "slug": card["slug"], "name": card["name"], "type": card["type"]}
    shown.update({k: card[k] for k in TYPE_FIELDS[card["type"]]})
    if card["type"] == "monster":
        shown["bonus"] = int(card["realm"]) // 4  # R3
    shown["effects"] = [dict(e) for e in card["effects"]]
    shown["text"] = card["text"]
    return shown


def _cards(s: State, cids: list[str]) -> list[JSON]:
    return [card_view(s, cid) for cid in cids]


def _laid_view(s: State, p: int, viewer: int | None) -> JSON | None:
    laid = s["players"][p]["laid"]
    if laid is None:
        return None
    hidden = laid["face_down"] and viewer != p
    shown: JSON = {
        "monster": dict(FACE_DOWN) if hidden else card_view(s, laid["monster"]),
        "combat": [dict(FACE_DOWN) for _ in laid["combat"]] if hidden else _cards(s, laid["combat"]),
        "face_down": laid["face_down"],
    }
    if laid.get("helper"):  # R17 "1 gegen 2": the second monster, as hidden as the first
        shown["helper"] = dict(FACE_DOWN) if hidden else card_view(s, laid["helper"])
    return shown


def _player_view(s: State, p: int, viewer: int | None) -> JSON:
    player = s["players"][p]
    counts = {kind: len(hand_of(s, p, kind)) for kind in PILES}
    return {
        "hand": _cards(s, player["hand"]) if viewer == p else None,
        "hand_count": len(player["hand"]),
        "hand_counts": counts,
        "monsters_in_hand": counts["monster"],
        "deck_count": sum(len(player[pile]) for pile in PILES.values()),
        "piles": {pile: len(player[pile]) for pile in PILES.values()},
        "points": points(s, p),
        "abyss": _cards(s, player["abyss"]),
        "abyss_realm": abyss_realm(s, p),
        "realm_lost": player["realm_lost"],
        "combat_cost_spent": player["combat_cost_spent"],
        "monster_discard": _cards(s, player["monster_discard"]),
        "action_discard": _cards(s, player["action_discard"]),
        "combat_discard": _cards(s, player["combat_discard"]),
        "laid": _laid_view(s, p, viewer),
        "revived": _cards(s, player.get("revived", [])),  # R17: the table saw them leave the Abyss
    }


def _fight_view(s: State) -> JSON | None:
    fight = s["fight"]
    if fight is None:
        return None
    shown: JSON = {**fight, "sides": [], "sacrificed": []}
    shown["field"] = card_view(s, fight["field"]) if fight["field"] else None
    for side in fight["sides"]:
        shown["sides"].append(
            {
                **side,
                "monster": card_view(s, side["monster"]),
                "helper": card_view(s, side["helper"]) if side.get("helper") else None,
                "combat": [{**part, "card": card_view(s, part["card"])} for part in side["combat"]],
                "field": [{**part, "card": card_view(s, part["card"])} for part in side["field"]],
            }
        )
    shown["sacrificed"] = [{**x, "card": card_view(s, x["card"])} for x in fight["sacrificed"]]
    return shown


def phase_of(s: State) -> str:
    """What the match waits for: draft (R20), announce, lay, discard, or over."""
    if s.get("draft") is not None:
        return "draft"
    if s["outcome"] is not None or not s["queue"]:
        return "over"
    kind = str(s["queue"][0]["do"])
    return kind if kind in ("announce", "lay") else "discard"


def _pending(s: State) -> JSON | None:
    if phase_of(s) != "discard":
        return None
    task = s["queue"][0]
    reason = {"draw_combat": "combat_limit", "limit": "hand_limit"}.get(task["do"], task.get("reason", "field"))
    return {"kind": "discard", "player": task["player"], "reason": reason, "count": task.get("count", 1)}


def _round_view(s: State) -> JSON:
    rnd = s["round"] or {}
    return {
        "attacker": rnd.get("attacker"),
        "defender": rnd.get("defender"),
        "category": rnd.get("category"),
        "category_set_by": rnd.get("set_by"),
        "mode": rnd.get("mode"),
        "category_roll": rnd.get("category_roll"),
        "fixed_category": rnd.get("fixed_category"),
        "field": card_view(s, rnd["field"]) if rnd.get("field") else None,
        "field_owner": rnd.get("field_owner"),
        "block_combat": rnd.get("block_combat", False),
        "swapped": rnd.get("swapped", False),
    }


def _draft_view(s: State, viewer: int | None) -> JSON | None:
    """R20: the seat's own picks and the pile in its hands, and of everyone only how many."""
    draft = s.get("draft")
    if draft is None:
        return None
    seat = viewer if viewer is not None and 0 <= viewer < len(draft["picks"]) else None
    return {
        "to_pick": list(draft["to_pick"]),
        "pile": None if seat is None else _cards(s, sorted(draft["holding"][seat])),
        "picks": None if seat is None else _cards(s, draft["picks"][seat]),
        "needs": None if seat is None else needs(s, seat),
        "pile_counts": [len(pile) for pile in draft["holding"]],
        "picked_counts": [len(picks) for picks in draft["picks"]],
        "piles_left": len(draft["piles"]),
        "target": list(draft["target"]),
    }


def view(s: State, viewer: int | None) -> JSON:
    """The state as ``viewer`` may see it (None: a spectator)."""
    drafting = s.get("draft") is not None
    return {
        "game": "realmon",
        "variant": s["variant"],
        "options": dict(s["options"]),
        "viewer": viewer,
        "turn": s["turn"],
        "phase": phase_of(s),
        "announcer": None if drafting else (s["round"] or {}).get("announcer", s["announcer"]),
        "draft": _draft_view(s, viewer),
        **_round_view(s),
        "pending": _pending(s),
        "fight": _fight_view(s),
        "players": [_player_view(s, p, viewer) for p in (0, 1)],
        "out": _cards(s, s["out"]),
        "log": [dict(e) for e in s["log"][-LOG_SHOWN:]],
    }


def zones(s: State) -> dict[str, list[str]]:
    """Every zone's card ids (a card is in exactly one)."""
    found: dict[str, list[str]] = {}
    for p, player in enumerate(s["players"]):
        for name in ZONES:
            found[f"p{p}.{name}"] = list(player[name])
        laid = player["laid"]
        found[f"p{p}.laid"] = [*team_laid(laid), *laid["combat"]] if laid else []
    rnd = s["round"] or {}
    found["field"] = [rnd["field"]] if rnd.get("field") else []
    found["out"] = list(s["out"])
    draft = s.get("draft")
    if draft is not None:  # R20: each seat's picks are a hidden zone of its own, like a hand
        for p, picks in enumerate(draft["picks"]):
            found[f"p{p}.picks"] = list(picks)
        found["draft.holding"] = [cid for pile in draft["holding"] for cid in pile]
        found["draft.piles"] = [cid for pile in draft["piles"] for cid in pile]
    return found


def reshuffle_hidden(s: State, viewer: int, seed: int) -> State:
    """A copy of ``s`` in which what ``viewer`` cannot see is permuted: the order of the viewer's
    own piles, and the other player's hand, piles and face-down commitment among themselves, each
    kind of card among its own kind (the counts of each type in hand are public; so is which half
    of a basis monster pile a monster came from, R15, since both halves' sizes are known). A
    monster taken back from the Abyss stays where it is (R17: the table saw it come back)."""
    copy = copy_state(s)
    rng = SeededRandom(seed)
    for p, player in enumerate(copy["players"]):
        slots: list[Slot] = [(player[pile], i) for pile in PILES.values() for i in range(len(player[pile]))]
        if p != viewer:
            slots += [(player["hand"], i) for i in range(len(player["hand"]))]
            slots += _laid_slots(player)
        by_class: dict[str, list[Slot]] = {}
        for zone, i in slots:
            if zone[i] not in player.get("revived", ()):
                by_class.setdefault(_hidden_class(copy, zone[i]), []).append((zone, i))
        for key in sorted(by_class):
            _permute(by_class[key], rng)
    if copy.get("draft") is not None:
        _reshuffle_draft(copy, viewer, rng)
    return copy


def _reshuffle_draft(s: State, viewer: int, rng: SeededRandom) -> None:
    """R20: the other seats' picks, the piles in their hands and the piles not yet taken up, stage
    by stage (a stage for a stage keeps every seat's picks within its R1 counts, so the draft goes
    on as it would; which stages the others hold is the one thing a sample keeps)."""
    draft = s["draft"]
    zones = list(draft["piles"])
    zones += [draft[key][q] for key in ("picks", "holding") for q in range(len(draft["picks"])) if q != viewer]
    by_stage: dict[int, list[Slot]] = {}
    for zone in zones:
        for i, cid in enumerate(zone):
            by_stage.setdefault(int(card_of(s, cid)["stage"]), []).append((zone, i))
    for stage in sorted(by_stage):
        _permute(by_stage[stage], rng)


def _hidden_class(s: State, cid: str) -> str:
    """What a viewer knows of a hidden card: its type, and for a basis monster its pile half."""
    card = card_of(s, cid)
    if card["type"] == "monster" and s["variant"] == "basis":
        return "monster:small" if int(card["stage"]) <= SMALL_HALF else "monster:big"
    return str(card["type"])


def _permute(slots: list[Slot], rng: SeededRandom) -> None:
    """Shuffle the cards among the slots; canonical (sorted first), so the result depends only on
    which slots are hidden, not on where the hidden cards lay."""
    cards = sorted(zone[i] for zone, i in slots)
    rng.shuffle(cards)
    for (zone, i), cid in zip(slots, cards, strict=True):
        zone[i] = cid


def _laid_slots(player: dict[str, Any]) -> list[Slot]:
    laid = player["laid"]
    if laid is None or not laid["face_down"]:
        return []
    team: list[Slot] = [(laid, "monster"), *([(laid, "helper")] if laid.get("helper") else [])]
    return [*team, *((laid["combat"], i) for i in range(len(laid["combat"])))]
