"""Where the muhq board offers each of the viewer's legal actions (``engine/games/muhq/board.py``).

An action that names a field (params ``x`` and ``y``) or a permanent (``target``, ``base``) is
placed on that field, in the *layer* of its subject (``card``: the unit that moves or attacks, the
hand card played or cast): the page shows one subject's layer at a time. Activating a unit is
placed on the unit itself, in the layer that is always shown. Actions that name a card and no
field (a spell without a target, a buy, a discard, a draft pick, a full action, tapping) are
offered on that card. Everything stays in the shell's grouped list as well. Where params are
missing, the id's parts (``kind:<subject>:<x>,<y>`` or ``kind:<subject>:<target>``) are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.presentation import JSON
from engine.games.muhq.board_map import box

SUBJECT_KEYS = ("card", "unit", "subject")
TARGET_KEYS = ("target", "base")
SELF_PLACED = frozenset({"activate"})  # placed on the subject's own field, always shown
NOT_ON_CARDS = frozenset({"exchange", "activate", "pass"})  # too many, or placed on the map
ALWAYS = ""  # the subject key of the always-shown layer
FIELD_RE = re.compile(r"^(\d+),(\d+)$")


def kind(action: JSON) -> str:
    return str(action["id"]).split(":", 1)[0]


def _params(action: JSON) -> JSON:
    params = action.get("params")
    return params if isinstance(params, dict) else {}


def subject(action: JSON) -> str:
    """The unit or card that acts: the ``card`` param, else the id's second part."""
    params = _params(action)
    found = next((str(params[k]) for k in SUBJECT_KEYS if params.get(k) not in (None, "")), "")
    parts = str(action["id"]).split(":")
    return found or (parts[1].split("+", 1)[0] if len(parts) > 1 else "")


def _field(action: JSON) -> tuple[int, int] | None:
    params = _params(action)
    if isinstance(params.get("x"), int) and isinstance(params.get("y"), int):
        return int(params["x"]), int(params["y"])
    for part in str(action["id"]).split(":")[2:]:
        if found := FIELD_RE.match(part):
            return int(found.group(1)), int(found.group(2))
    return None


def place(action: JSON, at: dict[str, tuple[int, int]]) -> tuple[str, tuple[int, int], str] | None:
    """Where an action acts: (its layer's subject, the field, ``field``/``target``/``self``), or
    None when it names no field; ``at`` is where each permanent stands."""
    who = subject(action)
    if kind(action) in SELF_PLACED:
        return (ALWAYS, at[who], "self") if who in at else None
    field = _field(action)
    if field is not None:
        return who, field, "field"
    params = _params(action)
    named = [str(params[k]) for k in TARGET_KEYS if params.get(k)] + str(action["id"]).split(":")[2:]
    target = next((t for t in named if t in at), None)
    return (who, at[target], "target") if target is not None else None


def layers(view: JSON, viewer: int | None, at: dict[str, tuple[int, int]], names: dict[str, str]) -> dict[str, JSON]:
    """The viewer's placed actions, one layer per subject, each with its spots (field buttons)."""
    if viewer is None:
        return {}
    found: dict[str, JSON] = {}
    for action in view.get("legal_actions") or []:
        placed = place(action, at)
        if placed is None:
            continue
        who, (x, y), how = placed
        layer = found.setdefault(who, _layer(who, view, at, names))
        spot = layer["spots"].setdefault((x, y), {"x": x, "y": y, "how": how, "actions": []})
        spot["actions"].append({**action, "kind": kind(action)})
        spot["how"] = "target" if how == "target" else spot["how"]
    for layer in found.values():
        layer["spots"] = [{**spot, "style": box(spot["x"], spot["y"], view)} for spot in layer["spots"].values()]
    return found


def _layer(who: str, view: JSON, at: dict[str, tuple[int, int]], names: dict[str, str]) -> JSON:
    return {
        "subject": who,
        "key": re.sub(r"[^A-Za-z0-9_-]", "-", who) or "all",
        "always": who == ALWAYS,
        "name": names.get(who, who),
        "pick": "permanent" if who in at else "hand" if _in_hand(who, view) else "",
        "here": box(*at[who], view) if who in at else "",
        "spots": {},
    }


def _in_hand(card_id: str, view: JSON) -> bool:
    return any(str(c.get("id")) == card_id for side in view.get("players") or [] for c in side.get("hand") or [])


def selected(view: JSON, found: dict[str, JSON]) -> str:
    """The subject shown from the start: the unit in mid-activation, else the only subject."""
    activation = view.get("activation")
    active = str((activation or {}).get("unit") or "") if isinstance(activation, dict) else ""
    if active in found:
        return active
    choosable = [who for who in found if who != ALWAYS]
    return choosable[0] if len(choosable) == 1 else ""


def on_card(card_id: str, view: JSON, at: dict[str, tuple[int, int]]) -> list[JSON]:
    """The viewer's legal actions whose subject is this card or permanent and that name no field:
    offered on the card itself."""
    return [
        {**action, "kind": kind(action)}
        for action in view.get("legal_actions") or []
        if subject(action) == card_id and kind(action) not in NOT_ON_CARDS and place(action, at) is None
    ]


def cards_of(view: JSON) -> Iterable[JSON]:
    """Every card object the view shows in a seat's zones or the draft pile."""
    for side in view.get("players") or []:
        for zone in ("hand", "store", "discard"):
            yield from side.get(zone) or []
    yield from (view.get("draft") or {}).get("pile") or []


def names_by_id(view: JSON, permanents: Iterable[JSON]) -> dict[str, str]:
    names = {str(c.get("id")): str(c.get("name")) for c in cards_of(view)}
    names.update((p["id"], p["name"]) for p in permanents)
    return names


def stand(permanents: Iterable[JSON]) -> dict[str, tuple[int, int]]:
    return {p["id"]: (p["x"], p["y"]) for p in permanents}
