"""Ka-Mel-Oh! card schema (K2, K3).

Genera (K2): ``monster`` (yellow), ``special_monster`` (violet: result of a fusion,
mutation or Zusammenrottung), ``special_item`` (light blue), ``item`` (green).

Bounds (K3), checked on create, update and import with one error per field:
price (``cost``, Datteln) 0-6, frequency class ``hk`` 1-4, yellow monsters AP 10-60,
DP 5-50, LP 20-300. Violet bounds depend on the variant; the schema stores the
bound every variant accepts (AP <= 70, DP <= 60, LP <= 350, GW <= 500, the
Zusammenrottung bounds of ``wimu``/``koenig``) and the ``dufo`` format checks its
tighter bounds (AP <= 60, DP <= 50, LP <= 300, GW <= 400) with its CardBounds rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.cards import Attr, CardSchema, FieldError
from engine.games.kamelo.effects import effect_problems

MONSTER = frozenset({"monster", "special_monster"})
# K2: each genus's colour (background, accent) and German name: faces, pages and boards read them here.
GENUS_COLOURS: dict[str, tuple[str, str, str]] = {
    "monster": ("Monster", "#F2C94C", "#9A7412"),
    "special_monster": ("Spezialmonster", "#8E5CC4", "#4B2475"),
    "special_item": ("Spezialgegenstand", "#7EC8E3", "#1F6F8B"),
    "item": ("Gegenstand", "#6DBE6A", "#2E6B2C"),
}
ALL_TYPES = frozenset({"monster", "special_monster", "special_item", "item"})

# K3: yellow monster bounds (key -> (min, max)).
YELLOW_BOUNDS = {"ap": (10, 60), "dp": (5, 50), "lp": (20, 300)}
# K3: violet bounds per variant (key -> max), GW = 2*AP + 2*DP + LP.
VIOLET_BOUNDS = {
    "dufo": {"ap": 60, "dp": 50, "lp": 300, "gw": 400},
    "wimu": {"ap": 70, "dp": 60, "lp": 350, "gw": 500},
    "koenig": {"ap": 70, "dp": 60, "lp": 350, "gw": 500},
}


def gw(ap: int, dp: int, lp: int) -> int:
    """The Gesamtwert of a monster: 2*AP + 2*DP + LP (K3)."""
    return 2 * ap + 2 * dp + lp


def violet_problems(attributes: Mapping[str, Any], variant: str) -> list[FieldError]:
    """Where a violet monster exceeds the K3 bounds of ``variant``."""
    bounds = VIOLET_BOUNDS[variant]
    errors = [
        FieldError(f"attributes.{key}", f"{attributes[key]} is above {bounds[key]}, the violet bound of {variant} (K3)")
        for key in ("ap", "dp", "lp")
        if isinstance(attributes.get(key), int) and attributes[key] > bounds[key]
    ]
    if all(isinstance(attributes.get(k), int) for k in ("ap", "dp", "lp")):
        total = gw(attributes["ap"], attributes["dp"], attributes["lp"])
        if total > bounds["gw"]:
            errors.append(
                FieldError("attributes.gw", f"GW {total} is above {bounds['gw']}, the violet bound of {variant} (K3)")
            )
    return errors


def _type_bounds(card: Mapping[str, Any]) -> list[FieldError]:
    attributes = card.get("attributes") or {}
    if not isinstance(attributes, Mapping):
        return []
    if card.get("type") == "monster":
        errors = []
        for key, (low, high) in YELLOW_BOUNDS.items():
            value = attributes.get(key)
            if isinstance(value, int) and not low <= value <= high:
                errors.append(
                    FieldError(
                        f"attributes.{key}", f"{value} is outside {low}-{high}, the bound of a yellow monster (K3)"
                    )
                )
        return errors
    if card.get("type") == "special_monster":
        # The loosest variant's bounds: a violet card must be valid somewhere (K3).
        return violet_problems(attributes, "wimu")
    return []


def _effects(card: Mapping[str, Any]) -> list[FieldError]:
    effects = card.get("effects")
    return [] if effects is None else [FieldError("effects", problem) for problem in effect_problems(effects)]


SCHEMA = CardSchema(
    game="kamelo",
    types=("monster", "special_monster", "special_item", "item"),
    attributes=(
        Attr("ap", "int", 0, 70, required_for=MONSTER, label="AP"),
        Attr("dp", "int", 0, 60, required_for=MONSTER, label="DP"),
        Attr("lp", "int", 0, 350, required_for=MONSTER, label="LP"),
        Attr("hk", "int", 1, 4, required_for=ALL_TYPES, label="HK"),
        Attr("recipe", "dict", label="fusion, mutation or Zusammenrottung recipe"),
    ),
    cost_min=0,
    cost_max=6,
    cost_required_for=ALL_TYPES,
    extra_checks=(_type_bounds, _effects),
)
