"""Computer opponents for Ka-Mel-Oh!, choosing from the player's own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: one ply - the action with the best immediate gain by a fixed scoring of what the view
  shows (points an attack or item wins now, values a monster or fusion brings into the arena,
  Datteln income); ties are broken at random. Deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.match import JSON, Action
from engine.core.rng import SeededRandom
from engine.games.kamelo.calc import Fighter, hk_points, resolve_combat

BEHAVIOURS = ("random", "greedy")
POINT = 10.0  # one victory point, in score units


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    if behaviour not in BEHAVIOURS:
        raise ValueError(f"unknown behaviour {behaviour!r}; the behaviours are {', '.join(BEHAVIOURS)}")
    if not legal:
        raise ValueError("no legal action to choose from")
    ordered = sorted(legal, key=lambda a: a.id)
    rng = SeededRandom(seed)
    if behaviour == "random":
        return rng.choice(ordered)
    scored = [(score(view, action), action) for action in ordered]
    best = max(value for value, _ in scored)
    return rng.choice([action for value, action in scored if value >= best - 1e-9])


def score(view: Mapping[str, Any], action: Action) -> float:
    """The immediate gain of ``action`` as the acting player sees it."""
    kind = action.id.split(":", 1)[0]
    rule = SCORES.get(kind)
    return rule(view, action) if rule else 0.0


def _me(view: Mapping[str, Any]) -> int:
    return int(view["to_act"])


def _arena(view: Mapping[str, Any], p: int) -> list[dict[str, Any]]:
    return [m for m in view["players"][p]["arena"] if m is not None]


def _fighter(m: Mapping[str, Any]) -> Fighter:
    return Fighter(int(m["ap"]), int(m["dp"]), int(m["lp"]), int(m["card"]["hk"]))


def _attack(view: Mapping[str, Any], action: Action) -> float:
    me = _me(view)
    attackers = [_fighter(m) for m in _arena(view, me)]
    attackers.sort(key=lambda f: -f.ap)
    defenders = [_fighter(m) for m in _arena(view, 1 - me)]
    result = resolve_combat(attackers[:2], defenders)
    damage = sum(d.lp - lp for d, lp in zip(defenders, result.lp, strict=True))
    return 1.0 + POINT * result.points + damage / 10


def _monster_value(card: Mapping[str, Any]) -> float:
    return float(2 * card.get("ap", 0) + 2 * card.get("dp", 0) + card.get("lp", 0)) / 40


def _play(view: Mapping[str, Any], action: Action) -> float:
    card = _card(view, action.params.get("card"))
    return 5.0 + _monster_value(card or {})


def _card(view: Mapping[str, Any], cid: Any) -> dict[str, Any] | None:
    me = view["players"][_me(view)]
    cards = list(me["hand"] or []) + [o["top"] for o in me["oases"] if o["top"]]
    return next((c for c in cards if c["id"] == cid), None)


def _item(view: Mapping[str, Any], action: Action) -> float:
    return 2.0 if view["pending"] is None else 1.5


def _target(view: Mapping[str, Any], action: Action) -> float:
    params = action.params
    if params["side"] == "own":
        return 2.0
    monster = view["players"][1 - _me(view)]["arena"][params["slot"]]
    return 2.0 + (POINT * hk_points(monster["card"]["hk"]) / 2 if monster and monster["lp"] <= 30 else 0)


def _end(view: Mapping[str, Any], action: Action) -> float:
    me = _me(view)
    empty = not _arena(view, 1 - me) and _arena(view, me) and view["players"][me]["turns_taken"] > 0
    return POINT if empty else 0.0


def _constant(value: float) -> Callable[[Mapping[str, Any], Action], float]:
    return lambda view, action: value


SCORES: dict[str, Callable[[Mapping[str, Any], Action], float]] = {
    "attack": _attack,
    "play": _play,
    "item": _item,
    "target": _target,
    "end": _end,
    "mutate": _constant(8.0),
    "fuse": _constant(9.0),
    "join": _constant(7.0),
    "direct": lambda view, action: POINT / 2 if action.params.get("slot") is not None else 0.0,
    "fighter": lambda view, action: float(action.params["slot"] == 0),
    "activate": _constant(4.0),
    "draw": _constant(3.0),
    "search": _constant(1.0),
    "take": _constant(1.0),
    "bury": _constant(-1.0),
    "buy": _constant(2 * POINT),
    "done": _constant(0.0),
    "defend": _constant(0.0),
}
