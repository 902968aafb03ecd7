"""How the play page presents muhq's game (``engine.core.presentation``): action groups, prompts,
endings, and what the board draws beyond the view (``board`` in ``templates/matches/muhq/``).

The map is inline SVG (``board_map``): each field with its tile and owner, the permanents in
their owners' colours with life, markers, tapped state and stacks. Over it, each of the viewer's
legal actions that names a field or a permanent is a button on that field (``board_places``), in
the layer of the unit or card that acts; choosing a unit or a hand card shows its layer (a radio
input: no script, no round trip), and the unit in mid-activation is chosen from the start. The
action stack is listed while it waits; each seat shows its resources, hand (the viewer's own),
store and discard pile; the Kraken its resources and deck; a draft its pile to pick from.
"""

from __future__ import annotations

from typing import Any

from engine.core.presentation import JSON, Presentation, gettext_noop
from engine.games.muhq import board_places as places
from engine.games.muhq.board_map import KRAKEN, box, colour, draw_map, draw_permanent, face
from engine.games.muhq.phrases import PHRASES

ACTION_GROUPS = (
    (gettext_noop("The draft (M3)"), ("draft",)),
    (gettext_noop("Upkeep of your units (M9)"), ("pay", "release")),
    (gettext_noop("Play a card from your hand"), ("play", "spell")),
    (
        gettext_noop("Your units on the map"),
        ("activate", "move", "road", "attack", "full", "crew", "equip", "swap", "carry", "setdown", "recover", "done"),
    ),  # fmt: skip
    (gettext_noop("Free actions and exchange"), ("free", "exchange")),
    (gettext_noop("Responses (M15)"), ("pass",)),
    (gettext_noop("Buy from your store"), ("buy", "discard")),
    (gettext_noop("End of your turn"), ("end",)),
)
PROMPTS = {
    "draft": gettext_noop("Take one card from the pile you hold; the rest goes on to the next player (M3)."),
    "upkeep": gettext_noop("Pay the upkeep of your units, or let any of them go first (M9, M30)."),
    "actions": gettext_noop(
        "Play cards onto your start fields, or activate a unit: a move and an attack, or its full action (M8)."
    ),
    "activation": gettext_noop("Move and attack with the chosen unit, or use its full action; then tap it (M8)."),
    "setdown": gettext_noop("Set the waiting permanent down on a free field next to where it was (M16, M31)."),
    "respond": gettext_noop("An action waits on the stack: answer with a fast action, or pass (M15)."),
    "buy": gettext_noop("Buy one card from your store (it goes onto your discard pile), discard, then end your turn."),
}
TERMINATIONS = {
    "vip": gettext_noop("a VIP was defeated"),
    "resources": gettext_noop("the resource target was reached"),
    "capture_points": gettext_noop("the capture points were held"),
    "buildings": gettext_noop("the buildings were destroyed"),
    "staff_of_victory": gettext_noop("the Stecken des Sieges was held at the end of a turn"),
    "kraken_defeated": gettext_noop("der Kraken was defeated"),
    "kraken_won": gettext_noop("no player controls a unit any more: the Kraken won"),
    "turn_limit": gettext_noop("the turn limit was reached"),
}


def on_turn(view: JSON) -> Any:
    """The seat whose turn it is (the view's ``active``), or None."""
    seat = view.get("active")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def prompt(view: JSON) -> str:
    """What the seat to act is asked: answering the action stack, else by the phase."""
    phase = str(view.get("phase"))
    if phase == "actions" and view.get("activation"):
        return PROMPTS["activation"]
    return PROMPTS.get(phase, "")


def present(view: JSON, viewer: int | None) -> JSON:
    """The map with its permanents, the viewer's placed actions by subject, the action stack, the
    draft pile, and each seat's resources, store, discard pile and (the viewer's own) hand; the
    viewer's seat first."""
    active = _active(view)
    permanents = [draw_permanent(entry, active) for entry in view.get("permanents") or []]
    at = places.stand(permanents)
    layers = places.layers(view, viewer, at, places.names_by_id(view, permanents))
    chosen = places.selected(view, layers)
    for layer in layers.values():
        layer["chosen"] = layer["subject"] == chosen
    shown = [_with_actions(p, view, layers, at) for p in permanents]
    return {
        "map": draw_map(view),
        "permanents": shown,
        "active": next((p for p in shown if p["active"]), None),
        "unit_actions": any(p["actions"] for p in shown),
        "layers": list(layers.values()),
        "selected": chosen,
        "stack": action_stack(view),
        "draft": _draft(view, viewer, at),
        "dropping": [{**entry, "face": face(entry["card"])} for entry in view.get("dropping") or []],
        "sides": [_side(view, p, viewer, layers, at) for p in _seat_order(view, viewer)],
        "kraken": view.get("kraken"),
        "regions": _regions(view),
    }


def _active(view: JSON) -> str:
    activation = view.get("activation")
    return str(activation.get("unit") or "") if isinstance(activation, dict) else ""


def _with_actions(permanent: JSON, view: JSON, layers: dict[str, JSON], at: dict[str, tuple[int, int]]) -> JSON:
    """A permanent with its pick label's place and the actions it offers without a field."""
    layer = layers.get(permanent["id"])
    return {
        **permanent,
        "style": box(permanent["x"], permanent["y"], view),
        "layer": layer["key"] if layer else "",
        "chosen": bool(layer and layer["chosen"]),
        "actions": places.on_card(permanent["id"], view, at),
    }


def action_stack(view: JSON) -> list[JSON]:
    """The actions waiting on the action stack, the top (resolving first, M15) first."""
    stack = view.get("stack")
    return [
        _stack_entry(entry) for entry in reversed(stack if isinstance(stack, list) else []) if isinstance(entry, dict)
    ]


def _stack_entry(entry: JSON) -> JSON:
    player = entry.get("player")
    text = str(entry.get("label") or entry.get("text") or entry.get("kind") or "")
    who = "Kraken" if player == KRAKEN else f"P{player + 1}" if isinstance(player, int) else ""
    return {"player": player, "colour": colour(player), "text": text, "who": "" if text.startswith(who) else who}


def _draft(view: JSON, viewer: int | None, at: dict[str, tuple[int, int]]) -> JSON | None:
    """The pile in the viewer's hands with its picks, and the viewer's own picks so far (M29: no
    other seat's)."""
    draft = view.get("draft")
    if not isinstance(draft, dict):
        return None
    pile = [{"card": face(c), "actions": places.on_card(str(c.get("id")), view, at)} for c in draft.get("pile") or []]
    sides = view.get("players") or []
    mine = sides[viewer].get("picks") if viewer is not None and viewer < len(sides) else None
    return {**draft, "pile": pile, "picks": [face(c) for c in mine or []]}


def _regions(view: JSON) -> list[JSON]:
    """A capture-points map's regions with how many each seat holds (the view's ``regions``)."""
    victory = view["map"].get("victory") or {}
    return [{"name": r.get("name", ""), "index": i % 4} for i, r in enumerate(victory.get("regions") or [])]


def _seat_order(view: JSON, viewer: int | None) -> list[int]:
    return sorted(range(len(view.get("players") or [])), key=lambda p: (p != viewer, p))


def _side(view: JSON, p: int, viewer: int | None, layers: dict[str, JSON], at: dict[str, tuple[int, int]]) -> JSON:
    side = view["players"][p]
    hand = side.get("hand")
    held = view.get("regions")
    store = [_card(c, view, {}, at) if p == viewer else {"card": face(c)} for c in side.get("store") or []]
    return {
        "index": p,
        "colour": colour(p),
        "is_me": p == viewer,
        "on_turn": on_turn(view) == p,
        "p": side,
        "resources": side.get("resources", 0),
        "units": sum(1 for e in view.get("permanents") or [] if e.get("controller") == p),
        "regions": held[p] if isinstance(held, list) and p < len(held) else None,
        "hand": None if hand is None else [_card(c, view, layers, at) for c in hand],
        "store": store,
        "buying": any(entry.get("actions") for entry in store),
        "discard": [face(c) for c in side.get("discard") or []],
    }


def _card(card: JSON, view: JSON, layers: dict[str, JSON], at: dict[str, tuple[int, int]]) -> JSON:
    cid = str(card.get("id"))
    layer = layers.get(cid)
    return {
        "card": face(card),
        "layer": layer["key"] if layer else "",
        "chosen": bool(layer and layer["chosen"]),
        "actions": places.on_card(cid, view, at),
    }


PRESENTATION = Presentation(
    action_groups=ACTION_GROUPS, prompt=prompt, terminations=TERMINATIONS, present=present, phrases=PHRASES
)
