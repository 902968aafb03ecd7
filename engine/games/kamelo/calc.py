"""Rules calculators of Ka-Mel-Oh! (api.md): what one rule gives for given numbers.

The pure functions (``grow_dates``, ``fused_stats``, ``resolve_combat``, ``hk_points``) are the
arithmetic the match engine itself uses; the ``calc_*`` wrappers check request numbers and raise
``CalculatorError`` (the API answers 400) naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.calcinput import RequestReader
from engine.core.definition import Calculator, CalculatorError
from engine.games.kamelo.schema import VIOLET_BOUNDS, YELLOW_BOUNDS, gw

VARIANTS = ("dufo", "wimu", "koenig")
# K4: what green items may raise a monster to, never beyond.
ITEM_CAPS = {"ap": 100, "dp": 80, "lp": 400}
# K5: victory points for a defeated monster by its frequency class (HK).
HK_POINTS = {1: 5, 2: 4, 3: 3, 4: 2}
# K5: in a 2:1 fight the one attacker that fights gets this much AP.
TWO_ON_ONE_BONUS = 10
DATES_CAP = 20
MIN_COMPONENTS = 2  # K11: a fusion joins "zwei oder mehr" monsters


@dataclass(frozen=True)
class Fighter:
    """A monster's numbers in combat (after items): attack, defence, life, frequency class."""

    ap: int
    dp: int
    lp: int
    hk: int = 4


@dataclass(frozen=True)
class CombatResult:
    """Defenders' LP after the attack, who is defeated, and the attacker's victory points."""

    lp: tuple[int, ...]
    defeated: tuple[bool, ...]
    points: int


def grow_dates(dates: int) -> int:
    """K6 (dufo): unspent Datteln after one turn: 0 stays 0, 1-5 +1, 6-11 +2, 12-17 +3, 18+ -> 20."""
    if dates <= 0:
        return 0
    if dates <= 5:
        return dates + 1
    if dates <= 11:
        return dates + 2
    if dates <= 17:
        return dates + 3
    return DATES_CAP


def hk_points(hk: int) -> int:
    """K5: victory points for defeating a monster of frequency class ``hk``."""
    return HK_POINTS[hk]


def fused_stats(variant: str, components: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """K4: sum the components' AP/DP/LP, cap each at the variant's violet bound (K3), then lower LP
    until GW = 2*AP + 2*DP + LP is no more than the variant's GW bound."""
    bounds = VIOLET_BOUNDS[variant]
    stats = {key: min(bounds[key], sum(int(c[key]) for c in components)) for key in ("ap", "dp", "lp")}
    excess = gw(stats["ap"], stats["dp"], stats["lp"]) - bounds["gw"]
    if excess > 0:
        stats["lp"] -= excess
    return stats


def combat_hits(attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> list[int]:
    """K5's damage to each defender: 1:1 and 1:2 max(0, AP - DP) each; 2:1 only the first attacker,
    with AP + 10; 2:2 max(0, AP1 + AP2 - max(DP1, DP2)) to both."""
    if len(attackers) == 2 and len(defenders) == 2:
        damage = max(0, attackers[0].ap + attackers[1].ap - max(d.dp for d in defenders))
        return [damage, damage]
    ap = attackers[0].ap + (TWO_ON_ONE_BONUS if len(attackers) == 2 else 0)
    return [max(0, ap - d.dp) for d in defenders]


def resolve_combat(attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> CombatResult:
    """K5 combat between 1-2 attackers and 1-2 defenders.

    1:1 and 1:2: the attacker hits each defender with max(0, AP - DP). 2:1: only the first attacker
    fights, with AP + 10. 2:2: max(0, AP1 + AP2 - max(DP1, DP2)) is taken from both defenders.
    A defender at LP <= 0 is defeated and brings its HK points.
    """
    hits = combat_hits(attackers, defenders)
    lps = tuple(d.lp - hit for d, hit in zip(defenders, hits, strict=True))
    defeated = tuple(lp <= 0 for lp in lps)
    points = sum(hk_points(d.hk) for d, down in zip(defenders, defeated, strict=True) if down)
    return CombatResult(lp=lps, defeated=defeated, points=points)


# --- request checking -------------------------------------------------------------------------

# Ka-Mel-Oh!'s wording of bad numbers ("attackers[0].ap: 101 is outside 0-100"), as its API clients see it.
READ = RequestReader(
    not_whole="{where}: must be a whole number, not {value!r}", out_of_range="{where}: {value} is outside {bound}"
)


def _int(data: Mapping[str, Any], key: str, where: str, low: int, high: int | None) -> int:
    return READ.whole(data.get(key), f"{where}{key}", low, high)


def _variant(data: Mapping[str, Any]) -> str:
    variant = data.get("variant", "dufo")
    if variant not in VARIANTS:
        raise CalculatorError(f"variant: {variant!r} is not one of {', '.join(VARIANTS)}")
    return str(variant)


def _side(data: Mapping[str, Any], key: str, *, defending: bool) -> list[Fighter]:
    side = data.get(key)
    if not isinstance(side, list) or not 1 <= len(side) <= 2:
        raise CalculatorError(f"{key}: must be a list of 1 or 2 monsters (K5)")
    fighters = []
    for i, raw in enumerate(side):
        if not isinstance(raw, Mapping):
            raise CalculatorError(f"{key}[{i}]: must be an object with ap, dp, lp, hk")
        where = f"{key}[{i}]."
        ap = _int(raw, "ap", where, 0, ITEM_CAPS["ap"]) if defending is False or "ap" in raw else 0
        dp = _int(raw, "dp", where, 0, ITEM_CAPS["dp"]) if defending or "dp" in raw else 0
        lp = _int(raw, "lp", where, 1, ITEM_CAPS["lp"]) if defending or "lp" in raw else 1
        hk = _int(raw, "hk", where, 1, 4) if defending or "hk" in raw else 4
        fighters.append(Fighter(ap=ap, dp=dp, lp=lp, hk=hk))
    return fighters


def calc_combat(data: Mapping[str, Any]) -> dict[str, Any]:
    """K5: ``{variant, attackers, defenders[, fighter]}`` -> ``{defenders: [{lp, defeated}], points}``.

    In a 2:1 fight ``fighter`` (0 or 1, default 0) names the attacker that fights. ``lp`` is the
    defender's LP after the attack, floored at 0 (a defeated monster has none left).
    """
    _variant(data)
    attackers = _side(data, "attackers", defending=False)
    defenders = _side(data, "defenders", defending=True)
    if "fighter" in data and len(attackers) == 2 and _int(data, "fighter", "", 0, 1) == 1:
        attackers.reverse()
    result = resolve_combat(attackers, defenders)
    return {
        "defenders": [
            {"lp": max(0, lp), "defeated": down} for lp, down in zip(result.lp, result.defeated, strict=True)
        ],
        "points": result.points,
    }


def calc_dates(data: Mapping[str, Any]) -> dict[str, Any]:
    """K6: ``{dates}`` -> ``{dates}`` after one growth; K11: above 20 (which K6 never reaches) is refused."""
    return {"dates": grow_dates(_int(data, "dates", "", 0, DATES_CAP))}


def calc_fusion(data: Mapping[str, Any]) -> dict[str, Any]:
    """K4: ``{variant, components: [{ap, dp, lp}, ...]}`` -> ``{ap, dp, lp}`` of the result in play.

    Components are yellow monsters, so each must lie inside K3's yellow bounds; K11: a fusion needs
    two or more of them (seed: "zwei oder mehr").
    """
    variant = _variant(data)
    components = data.get("components")
    if not isinstance(components, list) or len(components) < MIN_COMPONENTS:
        raise CalculatorError(f"components: must be a list of {MIN_COMPONENTS} or more monsters (K11)")
    checked = []
    for i, raw in enumerate(components):
        if not isinstance(raw, Mapping):
            raise CalculatorError(f"components[{i}]: must be an object with ap, dp, lp")
        checked.append({k: _int(raw, k, f"components[{i}].", lo, hi) for k, (lo, hi) in YELLOW_BOUNDS.items()})
    return fused_stats(variant, checked)


CALCULATORS: dict[str, Calculator] = {"combat": calc_combat, "dates": calc_dates, "fusion": calc_fusion}
