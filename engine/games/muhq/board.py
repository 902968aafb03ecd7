"""How the play page presents muhq's game (``engine.core.presentation``): action groups, prompts,
endings, and what the board draws beyond the view (``board`` in ``templates/matches/muhq/``).

The map is drawn as inline SVG, one square per field (``CELL`` units wide), each with its tile and
its owner where a tile belongs to a seat (Startfeld, Hafen: the bundled map file says whose). On it
stand the permanents, coloured by owner (the ring by controller, when another seat took control),
with life, condition markers, tapped state and the size of their stack.

The legal actions of the viewer are placed where they act: an action naming a field or a target
permanent gets a button on that field, under its *subject* (the unit that moves or attacks, the
hand card played). The page shows one subject's buttons at a time: choosing a subject is a radio
input, so the selection needs no JavaScript and no round trip; the subject the engine is already
in the middle of (its activation has begun) is chosen from the start. Everything placed on the map
is also in the shell's grouped list, so nothing depends on the picture.

Where an action acts is read from its params (``unit``/``card``/``subject`` for the subject,
``to``/``at``/``field`` as ``[x, y]``, or ``x`` and ``y``, for a field, ``target`` for a permanent),
else from its id (``kind:<subject>:<x>,<y>`` or ``kind:<subject>:<target>``). An action that names
no field stays in the shell's list only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.core.presentation import JSON, Presentation, gettext_noop
from engine.games.muhq.maps import TILE_CODES, UnknownMapError, load_map

CELL = 40  # SVG units per field
KRAKEN = "kraken"
MARKERS = ("poison", "paralysis", "panic")
SUBJECT_KEYS = ("unit", "subject", "card", "source", "permanent")
FIELD_KEYS = ("to", "at", "field", "place")
FIELD_RE = re.compile(r"^(\d+)[,.x-](\d+)$")

ACTION_GROUPS = (
    (gettext_noop("The draft (M3)"), ("pick", "draft")),
    (gettext_noop("Upkeep of your units (M9)"), ("upkeep", "pay", "unpaid")),
    (gettext_noop("Play a card from your hand"), ("play", "cast", "equip")),
    (gettext_noop("Your units on the map"), ("activate", "move", "attack", "full", "harvest", "carry", "swap", "crew")),
    (gettext_noop("Free actions and exchange"), ("free", "exchange")),
    (gettext_noop("Responses (M15)"), ("respond", "pass", "resolve")),
    (gettext_noop("Buy from your store"), ("buy",)),
    (gettext_noop("End of your turn"), ("tap", "done", "discard", "end")),
)
PROMPTS = {
    "draft": gettext_noop("Take one card from the pile you hold; the rest goes on to the next player (M3)."),
    "upkeep": gettext_noop("Pay the upkeep of the units you keep; every unit left unpaid is defeated (M9)."),
    "actions": gettext_noop(
        "Play cards onto your start fields, or choose a unit: a move and an attack, or its full action (M8)."
    ),
    "respond": gettext_noop("An action waits on the stack: answer with a fast action, or pass (M15)."),
    "buy": gettext_noop("Buy one card from your store; it goes onto your discard pile."),
    "discard": gettext_noop("Put any cards of your hand onto your discard pile, then end your turn."),
}
TERMINATIONS = {
    "vip": gettext_noop("a VIP was defeated"),
    "resources": gettext_noop("the resource target was reached"),
    "capture_points": gettext_noop("the capture points were held"),
    "buildings": gettext_noop("the buildings were destroyed"),
    "destroy_buildings": gettext_noop("the buildings were destroyed"),
    "staff_of_victory": gettext_noop("the Stecken des Sieges was held at the end of a turn"),
    "kraken_defeated": gettext_noop("der Kraken was defeated"),
    "defeat_kraken": gettext_noop("der Kraken was defeated"),
    "kraken_won": gettext_noop("no player controls a unit any more: the Kraken won"),
    "no_units": gettext_noop("no player controls a unit any more: the Kraken won"),
    "turn_limit": gettext_noop("the turn limit was reached"),
}
TILE_NAMES = {
    "leer": gettext_noop("Open field"),
    "haus": gettext_noop("House"),
    "turm": gettext_noop("Tower"),
    "acker": gettext_noop("Farmland"),
    "startfeld": gettext_noop("Start field"),
    "hafen": gettext_noop("Harbour"),
    "strasse": gettext_noop("Road"),
    "tiefes_wasser": gettext_noop("Deep water"),
    "wasser": gettext_noop("Water"),
    "flaches_wasser": gettext_noop("Shallow water"),
}
TILE_BY_NAME = {name: name for name in TILE_NAMES}


def on_turn(view: JSON) -> Any:
    """The seat whose turn it is (the view's ``current``, else ``active``), or None."""
    seat = view.get("current", view.get("active"))
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def prompt(view: JSON) -> str:
    """What the seat to act is asked: responding to the action stack first, else by the phase."""
    if view.get("responding") or (action_stack(view) and view.get("to_act") != on_turn(view)):
        return PROMPTS["respond"]
    return PROMPTS.get(str(view.get("phase")), "")


def present(view: JSON, viewer: int | None) -> JSON:
    """The map with its permanents, the viewer's placed actions by subject, the action stack, and
    each seat's resources, store, discard pile and (the viewer's own) hand; the viewer's seat
    first, the Kraken last."""
    permanents = [_permanent(p, view) for p in view.get("permanents") or []]
    by_id = {p["id"]: p for p in permanents}
    layers = _layers(view, viewer, by_id)
    shown = [_placed(p, view, layers, by_id) for p in permanents]
    return {
        "map": _map(view),
        "permanents": shown,
        "unit_actions": any(p["actions"] for p in shown),
        "layers": list(layers.values()),
        "selected": _selected(view, layers),
        "stack": action_stack(view),
        "sides": _sides(view, viewer, layers, by_id),
        "kraken": view.get("kraken"),
        "current": on_turn(view),
        "target": _bundled(view).get("target"),
    }


def _placed(permanent: JSON, view: JSON, layers: dict[str, JSON], by_id: dict[str, JSON]) -> JSON:
    """A permanent with where its pick label sits and the actions it offers without a field."""
    layer = layers.get(permanent["id"])
    return {
        **permanent,
        **_box(permanent["x"], permanent["y"], view),
        "layer": layer["key"] if layer else "",
        "actions": _actions_on(permanent["id"], view, by_id),
    }


# --- the map ------------------------------------------------------------------------------------


def _tile(code: Any) -> str:
    """A tile's name from its code in the state ("H") or its name ("haus")."""
    text = str(code)
    return TILE_CODES.get(text) or TILE_BY_NAME.get(text) or "leer"


def _bundled(view: JSON) -> JSON:
    """What the bundled map file adds to the view's map: its name, the owner of each Startfeld and
    Hafen, the resource target of a resources map."""
    try:
        game_map = load_map(str(view["map"].get("slug", "")))
    except UnknownMapError:
        return {"owners": {}}
    owners: dict[tuple[int, int], int] = {}
    for index, seat in enumerate(game_map.seats):
        owners.update((point, index) for point in (*seat.start_fields, *seat.harbours))
    target = game_map.victory.params.get("target") if game_map.victory.kind == "resources" else None
    return {"owners": owners, "name": game_map.name, "target": target}


ROAD_ENDS = {(0, -1): "M20 20 V0", (1, 0): "M20 20 H40", (0, 1): "M20 20 V40", (-1, 0): "M20 20 H0"}


def _road(x: int, y: int, tiles: list[list[str]]) -> str:
    """The road drawn on a Strasse field: from its centre to each edge-connected road (maps.md)."""
    ends = [
        path
        for (dx, dy), path in ROAD_ENDS.items()
        if 0 <= y + dy < len(tiles) and 0 <= x + dx < len(tiles[y + dy]) and tiles[y + dy][x + dx] == "strasse"
    ]
    return " ".join(ends) or "M8 20 H32"


def _map(view: JSON) -> JSON:
    shown = view["map"]
    tiles = [[_tile(code) for code in row] for row in shown["tiles"]]
    bundled = _bundled(view)
    width, height = _size(view)
    cells = [
        {
            "x": x,
            "y": y,
            "tile": tile,
            "name": TILE_NAMES[tile],
            "owner": bundled["owners"].get((x, y)),
            "px": x * CELL,
            "py": y * CELL,
            "road": _road(x, y, tiles) if tile == "strasse" else "",
        }
        for y, row in enumerate(tiles)
        for x, tile in enumerate(row)
    ]
    present_tiles = {c["tile"] for c in cells}
    return {
        "slug": shown.get("slug"),
        "name": shown.get("name") or bundled.get("name") or shown.get("slug"),
        "width": width,
        "height": height,
        "view_box": f"0 0 {width * CELL} {height * CELL}",
        "cells": cells,
        "cell": CELL,
        "tiles": [{"tile": t, "name": n} for t, n in TILE_NAMES.items() if t in present_tiles],
        "ratio": f"{width} / {height}",
    }


# --- permanents ---------------------------------------------------------------------------------


def _card(entry: Any) -> JSON:
    """The card of a permanent or stack entry (``{"card": {...}}`` or the card itself)."""
    if isinstance(entry, dict) and isinstance(entry.get("card"), dict):
        return dict(entry["card"])
    return dict(entry) if isinstance(entry, dict) else {}


STATS = ("attack", "range", "health", "movement", "upkeep", "durability")


def _figures(card: JSON) -> JSON:
    attributes = card.get("attributes")
    return {**(attributes if isinstance(attributes, dict) else {}), **{k: card[k] for k in STATS if k in card}}


def face(card: JSON) -> JSON:
    """A card as the board shows it: name, type, cost, its figures (top-level keys or the API's
    ``attributes``) and its text."""
    figures = _figures(card)
    return {
        "id": str(card.get("id", "")),
        "name": str(card.get("name") or card.get("slug") or "?"),
        "type": card.get("type", ""),
        "cost": card.get("cost"),
        "stats": [{"key": k, "value": figures[k]} for k in STATS if figures.get(k) is not None],
        "text": card.get("text") or "",
    }


def _markers(entry: JSON) -> list[JSON]:
    markers = entry.get("markers")
    found: JSON = markers if isinstance(markers, dict) else entry
    return [{"kind": kind, "count": int(found.get(kind) or 0)} for kind in MARKERS if found.get(kind)]


def colour(seat: Any) -> str:
    """The colour class of a seat (``p0``..``p3``) or of the Kraken."""
    return KRAKEN if seat == KRAKEN else f"p{seat}"


def _abbrev(name: str) -> str:
    """Up to three letters that name a permanent on its field."""
    letters = [part[:1] for part in re.split(r"[\s-]+", name) if part]
    return (name[:3] if len(letters) < 2 else "".join(letters[:3])).strip() or "?"


def _permanent(entry: JSON, view: JSON) -> JSON:
    card = _card(entry)
    health = _figures(card).get("health")
    life = entry.get("life")
    name = str(card.get("name") or card.get("slug") or "?")
    owner, controller = entry.get("owner"), entry.get("controller", entry.get("owner"))
    stack = [{"card": _card(s), "name": str(_card(s).get("name") or "?")} for s in entry.get("stack") or []]
    x, y = int(entry["x"]), int(entry["y"])
    return {
        "id": str(entry.get("id") or card.get("id") or f"{x},{y}"),
        "name": name,
        "abbrev": _abbrev(name),
        "card": card,
        "type": card.get("type", "unit"),
        "x": x,
        "y": y,
        "cx": x * CELL + CELL // 2,
        "cy": y * CELL + CELL // 2,
        "px": x * CELL,
        "py": y * CELL,
        "owner": owner,
        "controller": controller,
        "colour": colour(owner),
        "ring": colour(controller),
        "taken": controller != owner,
        "life": life,
        "health": health,
        "hurt": isinstance(life, int) and isinstance(health, int) and life < health,
        "tapped": bool(entry.get("tapped")),
        "markers": _markers(entry),
        "stack": stack,
        "stack_size": len(stack),
        "vip": bool(entry.get("vip")),
        "active": _active_id(view) == str(entry.get("id") or card.get("id") or ""),
    }


def _active_id(view: JSON) -> str:
    """The permanent whose activation has begun (the view's ``activation``)."""
    active = view.get("activation")
    if isinstance(active, dict):
        active = active.get("unit") or active.get("id") or active.get("permanent")
    return str(active or "")


# --- placed actions -----------------------------------------------------------------------------


def _point(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return int(value[0]), int(value[1])
    if isinstance(value, dict) and isinstance(value.get("x"), int) and isinstance(value.get("y"), int):
        return value["x"], value["y"]
    if isinstance(value, str) and (found := FIELD_RE.match(value)):
        return int(found.group(1)), int(found.group(2))
    return None


def _params(action: JSON) -> JSON:
    params = action.get("params")
    return params if isinstance(params, dict) else {}


def place(action: JSON, by_id: dict[str, JSON]) -> tuple[str, tuple[int, int], str] | None:
    """Where an action acts: (its subject, the field, ``field`` or ``target``), or None."""
    params = _params(action)
    parts = str(action["id"]).split(":")
    subject = next((str(params[k]) for k in SUBJECT_KEYS if params.get(k) not in (None, "")), "")
    subject = subject or (parts[1] if len(parts) > 2 else "")
    target = params.get("target")
    if isinstance(target, str) and target in by_id:
        return subject, (by_id[target]["x"], by_id[target]["y"]), "target"
    field = next((_point(params[k]) for k in FIELD_KEYS if _point(params.get(k)) is not None), None)
    if field is None and isinstance(params.get("x"), int) and isinstance(params.get("y"), int):
        field = (params["x"], params["y"])
    if field is None and len(parts) > 3 and all(part.isdigit() for part in parts[-2:]):
        field = int(parts[-2]), int(parts[-1])
    for part in parts[2:] if field is None else ():
        if part in by_id:
            return subject, (by_id[part]["x"], by_id[part]["y"]), "target"
        field = field or _point(part)
    return (subject, field, "field") if field is not None else None


def _layers(view: JSON, viewer: int | None, by_id: dict[str, JSON]) -> dict[str, JSON]:
    """The viewer's placed actions, one layer per subject, each with its buttons by field."""
    if viewer is None:
        return {}
    layers: dict[str, JSON] = {}
    for action in view.get("legal_actions") or []:
        found = place(action, by_id)
        if found is None:
            continue
        subject, (x, y), how = found
        layer = layers.setdefault(subject, _layer(subject, view, by_id))
        spot = layer["spots"].setdefault((x, y), {"x": x, "y": y, "target": False, "actions": []})
        spot["actions"].append({**action, "kind": str(action["id"]).split(":", 1)[0]})
        spot["target"] = spot["target"] or how == "target"
    for layer in layers.values():
        layer["spots"] = [
            {**spot, "style": _box(spot["x"], spot["y"], view)["style"]} for spot in layer["spots"].values()
        ]
    return layers


def _layer(subject: str, view: JSON, by_id: dict[str, JSON]) -> JSON:
    here = by_id.get(subject)
    return {
        "subject": subject,
        "key": re.sub(r"[^A-Za-z0-9_-]", "-", subject) or "none",
        "name": _subject_name(subject, view, by_id),
        "pick": "permanent" if here else "hand" if _in_hand(subject, view) else "",
        "here": _box(here["x"], here["y"], view)["style"] if here else "",
        "spots": {},
    }


def _box(x: int, y: int, view: JSON) -> JSON:
    """Where field (x, y) lies over the map, in percent of its width and height (as CSS)."""
    width, height = _size(view)
    left, top, w, h = (f"{v:.4f}" for v in (100 * x / width, 100 * y / height, 100 / width, 100 / height))
    return {"style": f"left:{left}%;top:{top}%;width:{w}%;height:{h}%"}


def _size(view: JSON) -> tuple[int, int]:
    shown = view["map"]
    rows = shown["tiles"]
    return int(shown.get("width") or len(rows[0])), int(shown.get("height") or len(rows))


def _hand_cards(view: JSON) -> Iterable[JSON]:
    for side in view.get("players") or []:
        yield from side.get("hand") or []
        yield from side.get("store") or []


def _in_hand(card_id: str, view: JSON) -> bool:
    return any(str(c.get("id")) == card_id for side in view.get("players") or [] for c in side.get("hand") or [])


def _subject_name(subject: str, view: JSON, by_id: dict[str, JSON]) -> str:
    if subject in by_id:
        return str(by_id[subject]["name"])
    return next((str(c.get("name")) for c in _hand_cards(view) if str(c.get("id")) == subject), subject)


def _selected(view: JSON, layers: dict[str, JSON]) -> str:
    """The subject chosen from the start: the unit in mid-activation, else the only subject."""
    active = _active_id(view)
    if active in layers:
        return active
    return next(iter(layers)) if len(layers) == 1 else ""


# --- the action stack and the seats -------------------------------------------------------------


def action_stack(view: JSON) -> list[JSON]:
    """The actions waiting on the action stack, the top (resolving first, M15) first."""
    stack = next((v for v in (view.get("action_stack"), view.get("stack")) if isinstance(v, list)), [])
    shown = [_stack_entry(entry) for entry in stack if isinstance(entry, dict)]
    return list(reversed(shown))


def _stack_entry(entry: JSON) -> JSON:
    player = entry.get("player")
    text = str(entry.get("label") or entry.get("text") or entry.get("kind") or "")
    who = "Kraken" if player == KRAKEN else f"P{player + 1}" if isinstance(player, int) else ""
    return {"player": player, "colour": colour(player), "text": text, "who": "" if text.startswith(who) else who}


def _names_card(action: JSON, card_id: str) -> bool:
    params = _params(action)
    return card_id in str(action["id"]).split(":")[1:] or card_id in (str(params.get(k)) for k in SUBJECT_KEYS)


def _actions_on(card_id: str, view: JSON, by_id: dict[str, JSON]) -> list[JSON]:
    """The viewer's legal actions that name a card or permanent and no field (buy it, cast a
    spell without a target, discard it, a unit's full action): offered on the card itself."""
    return [
        {**action, "kind": str(action["id"]).split(":", 1)[0]}
        for action in view.get("legal_actions") or []
        if _names_card(action, card_id) and place(action, by_id) is None
    ]


def _sides(view: JSON, viewer: int | None, layers: dict[str, JSON], by_id: dict[str, JSON]) -> list[JSON]:
    players = view.get("players") or []
    order = sorted(range(len(players)), key=lambda p: (p != viewer, p))
    return [_side(view, p, viewer, layers, by_id) for p in order]


def _side(view: JSON, p: int, viewer: int | None, layers: dict[str, JSON], by_id: dict[str, JSON]) -> JSON:
    side = view["players"][p]
    mine = p == viewer
    hand = side.get("hand")
    return {
        "index": p,
        "colour": colour(p),
        "is_me": mine,
        "on_turn": on_turn(view) == p,
        "p": side,
        "resources": side.get("resources", 0),
        "units": sum(1 for e in view.get("permanents") or [] if e.get("controller", e.get("owner")) == p),
        "hand": None if hand is None else [_hand_card(c, view, layers, by_id) for c in hand],
        "store": [
            {"card": face(c), "actions": _actions_on(str(c.get("id")), view, by_id) if mine else []}
            for c in side.get("store") or []
        ],
        "discard": [face(c) for c in side.get("discard") or []],
    }


def _hand_card(card: JSON, view: JSON, layers: dict[str, JSON], by_id: dict[str, JSON]) -> JSON:
    layer = layers.get(str(card.get("id")))
    actions = _actions_on(str(card.get("id")), view, by_id)
    return {"card": face(card), "layer": layer["key"] if layer else "", "actions": actions}


PRESENTATION = Presentation(action_groups=ACTION_GROUPS, prompt=prompt, terminations=TERMINATIONS, present=present)
