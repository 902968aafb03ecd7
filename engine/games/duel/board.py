"""What the duel board shows beyond the view (``board`` in ``templates/matches/duel/board.html``).

The two fields top to bottom (the opponent's, then the viewer's own; a spectator sees P2 above P1),
each with its three creature and three support slots (empty slots included, as on a play mat), the
reinforcement, the piles, and the viewer's hand; the attack or summon waiting for a trap decision;
and the turn's choices placed on the cards they act on, besides the shell's grouped list: attacks
and position switches on the attacking creature, summons and other plays on the hand card, a trap
sprung on the face-down card, a target on the creature, support card or pile card chosen.

Only the viewer's own legal actions are placed (the view's ``legal_actions``); a face-down trap of
the opponent stays ``{"card": null, "face_down": true}`` and gets nothing that could name it.
"""

from __future__ import annotations

from engine.core.presentation import JSON

CREATURE_SLOTS = SUPPORT_SLOTS = 3
HAND_BACKS = 10  # the opponent's hand is drawn as this many card backs at most (the count is text)
PHASES = ("positions", "main", "discard")


def present(view: JSON, viewer: int | None) -> JSON:
    """The fields top to bottom (the viewer's own at the bottom), the event waiting for a trap
    decision, and the turn's steps."""
    bottom = viewer if viewer is not None else 0
    order = (1 - bottom, bottom)
    names = _names(view)
    placed = place_actions(view, viewer, names)
    return {
        "top": order[0],
        "bottom": order[1],
        "fields": [_field(view, p, viewer, names, placed) for p in order],
        "event": _event(view, names),
        "phases": [{"name": phase, "current": view.get("phase") == phase} for phase in PHASES],
        "summons_left": max(0, view["summons"]["allowed"] - view["summons"]["used"]),
    }


def _names(view: JSON) -> dict[str, str]:
    """Every card's name by id, as far as the viewer sees cards (never a face-down trap's)."""
    names: dict[str, str] = {}
    for player in view["players"]:
        cards = [c["card"] for c in player["creatures"]] + [e["card"] for e in player["support"] if e["card"]]
        cards += (player["hand"] or []) + player["graveyard"] + player["discard"]
        cards += [player["reinforcement"]] if player["reinforcement"] else []
        names.update((card["id"], card["name"]) for card in cards)
    return names


def _field(view: JSON, p: int, viewer: int | None, names: dict[str, str], placed: dict[str, list[JSON]]) -> JSON:
    player = view["players"][p]
    event = view.get("event") or {}
    creatures = [
        {
            **c,
            "actions": placed.get(c["card"]["id"], []),
            "attack_change": c["attack"] - c["card"]["attack"],
            "defense_change": c["defense"] - c["card"]["defense"],
            "weapon_names": [names.get(w, "") for w in c["weapons"]],
            "attacking": event.get("kind") == "attack" and event.get("attacker") == c["card"]["id"],
            "attacked_now": event.get("kind") == "attack" and event.get("target") == c["card"]["id"],
            "summoned_now": event.get("kind") == "summon" and event.get("card") == c["card"]["id"],
        }
        for c in player["creatures"]
    ]
    support = [
        {
            **entry,
            "equips_name": names.get(entry.get("equips") or "", ""),
            "actions": placed.get(f"{p}:support.{i}", [])
            + (placed.get(entry["card"]["id"], []) if entry["card"] else []),
        }
        for i, entry in enumerate(player["support"])
    ]
    graveyard = [{"card": c, "actions": placed.get(c["id"], [])} for c in player["graveyard"]]
    discard = [{"card": c, "actions": placed.get(c["id"], [])} for c in player["discard"]]
    hand = None if player["hand"] is None else [{"card": c, "actions": placed.get(c["id"], [])} for c in player["hand"]]
    return {
        "seat": p,
        "label": f"P{p + 1}",
        "mine": p == viewer,
        "player": player,
        "to_act": view.get("to_act") == p,
        "on_turn": view["current"] == p,
        "creatures": creatures,
        "creature_free": [None] * (CREATURE_SLOTS - len(creatures)),
        "support": support,
        "support_free": [None] * (SUPPORT_SLOTS - len(support)),
        "reinforcement_actions": placed.get(f"{p}:reinforcement", []),
        "graveyard": graveyard,
        "graveyard_open": any(entry["actions"] for entry in graveyard),  # a choice waits in it
        "discard": discard,
        "discard_open": any(entry["actions"] for entry in discard),
        "hand": hand,
        "hand_backs": [] if player["hand"] is not None else [None] * min(player["hand_count"], HAND_BACKS),
    }


def _event(view: JSON, names: dict[str, str]) -> JSON | None:
    """The attack or summon a trap decision waits for, in names."""
    event = view.get("event")
    if not event:
        return None
    shown: JSON = {"kind": event["kind"], "player": event["player"]}
    if event["kind"] == "attack":
        target = event.get("target")
        return {
            **shown,
            "attacker": names.get(event["attacker"], ""),
            "target": names.get(target, "") if target else "",
        }
    return {**shown, "card": names.get(event.get("card") or "", "")}


def place_actions(view: JSON, viewer: int | None, names: dict[str, str]) -> dict[str, list[JSON]]:
    """The viewer's legal actions by the thing they act on: a card id, or ``<seat>:support.<i>`` /
    ``<seat>:reinforcement`` for a target on the opponent's field. Actions without a place (begin,
    end, pass) are left to the shell's list. Each carries what its short label on the card needs."""
    if viewer is None:
        return {}
    placed: dict[str, list[JSON]] = {}
    for action in view.get("legal_actions") or []:
        found = _place(action["id"], viewer, names)
        if found is not None:
            key, extra = found
            placed.setdefault(key, []).append({**action, **extra})
    return placed


def _place(action_id: str, viewer: int, names: dict[str, str]) -> tuple[str, JSON] | None:
    kind, _sep, rest = action_id.partition(":")
    parts = rest.split(":")
    if kind == "attack":
        target = parts[1]
        return parts[0], {"kind": kind, "name": "" if target == "player" else names.get(target, "")}
    if kind in ("switch", "spring", "set", "cast", "reinforce", "discard"):
        return parts[0], {"kind": kind}
    if kind == "summon":
        sacrifice = [names.get(c, "") for c in parts[2].split("+")] if len(parts) > 2 else []
        return parts[0], {"kind": kind, "position": parts[1], "sacrifice": sacrifice}
    if kind == "equip":
        return parts[0], {"kind": kind, "name": names.get(parts[1], "")}
    if kind == "target":
        return _place_target(rest, viewer)
    return None


def _place_target(option: str, viewer: int) -> tuple[str, JSON]:
    """A target: a creature or pile card by its id, a revived card (``<id>.<position>``) on the
    card in the discard zone, a support card or the reinforcement on the opponent's field."""
    foe = 1 - viewer
    if option.startswith("support.") or option == "reinforcement":
        return f"{foe}:{option}", {"kind": "target"}
    card, _sep, position = option.partition(".")
    return card, {"kind": "target", "position": position}
