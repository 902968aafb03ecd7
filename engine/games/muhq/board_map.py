"""The muhq map as the board draws it (``engine/games/muhq/board.py``): fields and permanents in SVG
units, one ``CELL``-wide square per field.

Each field has its tile and, where a tile belongs to a seat (Startfeld, Hafen) or to the Kraken,
its owner; roads are drawn towards their edge-connected neighbours (maps.md); a capture-points map
shades its regions. The view's ``map`` says whose fields are whose (``seats``,
``kraken_fields``, ``victory``); a view without them falls back on the bundled map file.
Permanents carry their owner's colour (the ring: the controller's, when another seat took control),
life, condition markers, tapped state and their stack.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.presentation import JSON, gettext_noop
from engine.games.muhq.maps import TILE_CODES, UnknownMapError, load_map

CELL = 40  # SVG units per field
KRAKEN = "kraken"
MARKERS = ("poison", "paralysis", "panic")
STATS = ("attack", "range", "health", "movement", "upkeep", "durability", "solid", "armor", "crew")
SHOWN = {  # the figures each card type shows, in this order (keywords such as armour are in its text)
    "unit": ("attack", "range", "health", "movement", "upkeep"),
    "equipment": ("durability",),
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
ROAD_ENDS = {(0, -1): "M20 20 V0", (1, 0): "M20 20 H40", (0, 1): "M20 20 V40", (-1, 0): "M20 20 H0"}
REGION_SHADES = 4  # region-0 .. region-3 in muhq.css, repeating


def colour(seat: Any) -> str:
    """The colour class of a seat (``p0``..``p3``), of the Kraken, or ``neutral`` (a map piece)."""
    if seat == KRAKEN:
        return KRAKEN
    return f"p{seat}" if isinstance(seat, int) and not isinstance(seat, bool) else "neutral"


def size(view: JSON) -> tuple[int, int]:
    """The map's width and height in fields."""
    shown = view["map"]
    rows = shown["tiles"]
    return int(shown.get("width") or len(rows[0])), int(shown.get("height") or len(rows))


def box(x: int, y: int, view: JSON) -> str:
    """Where field (x, y) lies over the map, in percent of its width and height (as CSS)."""
    width, height = size(view)
    left, top, w, h = (f"{v:.4f}" for v in (100 * x / width, 100 * y / height, 100 / width, 100 / height))
    return f"left:{left}%;top:{top}%;width:{w}%;height:{h}%"


# --- fields -------------------------------------------------------------------------------------


def _tile(code: Any) -> str:
    """A tile's name from its code in the state ("H") or its name ("haus")."""
    text = str(code)
    return TILE_CODES.get(text) or (text if text in TILE_NAMES else "leer")


def _points(values: Any) -> list[tuple[int, int]]:
    return [(int(v[0]), int(v[1])) for v in values or [] if isinstance(v, list | tuple) and len(v) == 2]


def map_facts(view: JSON) -> JSON:
    """Whose each owned field is, the map's name and its victory condition: from the view's map,
    else from the bundled map file of its slug."""
    shown = view["map"]
    facts: JSON = {"name": shown.get("name"), "victory": shown.get("victory"), "owners": {}}
    seats, kraken = shown.get("seats"), shown.get("kraken_fields")
    if seats is None:
        try:
            bundled = load_map(str(shown.get("slug", "")))
        except UnknownMapError:
            bundled = None
        if bundled is not None:
            seats = [{"start_fields": s.start_fields, "harbours": s.harbours} for s in bundled.seats]
            kraken = bundled.kraken.start_fields if bundled.kraken else []
            facts["name"] = facts["name"] or bundled.name
            facts["victory"] = facts["victory"] or {"kind": bundled.victory.kind, **bundled.victory.params}
    for index, seat in enumerate(seats or []):
        facts["owners"].update((p, index) for p in _points([*seat["start_fields"], *seat.get("harbours", [])]))
    facts["owners"].update((p, KRAKEN) for p in _points(kraken))
    return facts


def _road(x: int, y: int, tiles: list[list[str]]) -> str:
    """The road drawn on a Strasse field: from its centre to each edge-connected road (maps.md)."""
    ends = [
        path
        for (dx, dy), path in ROAD_ENDS.items()
        if 0 <= y + dy < len(tiles) and 0 <= x + dx < len(tiles[y + dy]) and tiles[y + dy][x + dx] == "strasse"
    ]
    return " ".join(ends) or "M8 20 H32"


def _regions(victory: Any) -> dict[tuple[int, int], int]:
    """The region index of each field of a capture-points map."""
    if not isinstance(victory, dict):
        return {}
    return {p: i for i, region in enumerate(victory.get("regions") or []) for p in _points(region.get("fields"))}


def draw_map(view: JSON) -> JSON:
    """The fields to draw (tile, owner, region, road), the map's size, name and tiles."""
    tiles = [[_tile(code) for code in row] for row in view["map"]["tiles"]]
    facts = map_facts(view)
    regions = _regions(facts["victory"])
    width, height = size(view)
    cells = [
        {
            "x": x,
            "y": y,
            "tile": tile,
            "name": TILE_NAMES[tile],
            "owner": facts["owners"].get((x, y)),
            "owner_colour": colour(facts["owners"].get((x, y))),
            "region": regions.get((x, y), -1) % REGION_SHADES if (x, y) in regions else None,
            "px": x * CELL,
            "py": y * CELL,
            "road": _road(x, y, tiles) if tile == "strasse" else "",
        }
        for y, row in enumerate(tiles)
        for x, tile in enumerate(row)
    ]
    present_tiles = {c["tile"] for c in cells}
    return {
        "slug": view["map"].get("slug"),
        "name": facts["name"] or view["map"].get("slug"),
        "victory": facts["victory"],
        "width": width,
        "height": height,
        "view_box": f"0 0 {width * CELL} {height * CELL}",
        "cells": cells,
        "cell": CELL,
        "tiles": [{"tile": t, "name": n} for t, n in TILE_NAMES.items() if t in present_tiles],
        "ratio": f"{width} / {height}",
    }


# --- permanents ---------------------------------------------------------------------------------


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
        "stats": [
            {"key": k, "value": figures[k]} for k in SHOWN.get(str(card.get("type")), ()) if figures.get(k) is not None
        ],
        "text": card.get("text") or "",
    }


def _card(entry: Any) -> JSON:
    """The card of a permanent or stack entry (``{"card": {...}}`` or the card itself)."""
    if isinstance(entry, dict) and isinstance(entry.get("card"), dict):
        return dict(entry["card"])
    return dict(entry) if isinstance(entry, dict) else {}


def _markers(entry: JSON) -> list[JSON]:
    markers = entry.get("markers")
    found: JSON = markers if isinstance(markers, dict) else entry
    return [{"kind": kind, "count": int(found.get(kind) or 0)} for kind in MARKERS if found.get(kind)]


def _abbrev(name: str) -> str:
    """Up to three letters that name a permanent on its field."""
    letters = [part[:1] for part in re.split(r"[\s-]+", name) if part]
    return (name[:3] if len(letters) < 2 else "".join(letters[:3])).strip() or "?"


def permanent_id(entry: JSON) -> str:
    """A permanent's id: its own, else its card's (a permanent is its card on the map)."""
    card = _card(entry)
    return str(entry.get("id") or card.get("id") or f"{entry.get('x')},{entry.get('y')}")


def draw_permanent(entry: JSON, active: str) -> JSON:
    """One permanent to draw: where, whose, its life against its health, markers, stack."""
    card = _card(entry)
    health = (entry.get("stats") or {}).get("health") or _figures(card).get("health")
    life, name = entry.get("life"), str(card.get("name") or card.get("slug") or "?")
    owner, controller = entry.get("owner"), entry.get("controller", entry.get("owner"))
    stack = [str(_card(s).get("name") or "?") for s in entry.get("stack") or []]
    x, y = int(entry["x"]), int(entry["y"])
    pid = permanent_id(entry)
    return {
        "id": pid,
        "name": name,
        "abbrev": _abbrev(name),
        "type": card.get("type") or "unit",
        "x": x,
        "y": y,
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
        "durability": entry.get("durability"),
        "tapped": bool(entry.get("tapped")),
        "markers": _markers(entry),
        "stack": stack,
        "stack_size": len(stack),
        "vip": bool(entry.get("vip")),
        "piece": bool(entry.get("piece")),
        "active": pid == active,
    }
