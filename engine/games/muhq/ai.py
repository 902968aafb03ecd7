"""Computer players for muhq's seats (M24), choosing from the seat's own view and legal actions.

- ``random``: a uniformly random legal action.
- ``greedy``: scores each action one step ahead from the view: attacks by the damage dealt and
  taken (a kill, a VIP, a building or the Kraken counting most), moves by how much closer they
  bring the unit to what the map's victory asks for (an Acker for a Bauer on a resources map,
  the enemy VIP, the regions, the buildings, the Stecken des Sieges, the Kraken, else the
  nearest enemy unit), full actions and spells by what they gain, cards played by their worth;
  a hit on an enemy building counts as much as a kill; it buys only what leaves next turn's
  upkeep paid, and on a resources map it saves instead. Ties go to the seeded random source.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.match import JSON, Action
from engine.core.players import choose
from engine.games.muhq.calc import distance
from engine.games.muhq.geometry import stats
from engine.games.muhq.outcome import points, regions_held
from engine.games.muhq.state import State, card_of, game_map, is_kraken_mode

BEHAVIOURS = ("random", "greedy")
OBJECTIVE = 8.0  # what a hit on an enemy building is worth beyond its damage: about a kill
Point = tuple[int, int]


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    return choose(behaviour, BEHAVIOURS, legal, seed, lambda ordered: Greedy(view).scores(ordered))


def _attack_at(attacks: list[dict[str, int]], d: int) -> int:
    """The stack's attack at distance ``d`` from the view's M2 summary (one entry per range)."""
    return next((a["attack"] for a in attacks if a["range"] == d), 0)


class Greedy:
    """The greedy player's reading of its own view."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        viewer = view["viewer"]
        self.me: int = int(viewer) if viewer is not None else int(view["active"])
        self.victory = view["map"]["victory"]
        self.kind = self.victory["kind"]
        self.tiles: list[str] = view["map"]["tiles"]
        self.perms: dict[str, JSON] = {}
        for perm in view["permanents"]:
            self.perms[perm["card"]["id"]] = perm
            for member in perm["stack"]:
                self.perms[member["card"]["id"]] = member
        self.kraken = view["kraken"] is not None
        self.hand = {c["id"]: c for c in view["players"][self.me]["hand"] or []}

    # --- who is who -----------------------------------------------------------------------------

    def friend(self, controller: Any) -> bool:
        if controller == self.me:
            return True
        return self.kraken and controller not in ("kraken", None)

    def foe(self, controller: Any) -> bool:
        return controller is not None and not self.friend(controller)

    def foes(self) -> list[JSON]:
        return [p for p in self.view["permanents"] if p["card"]["type"] == "unit" and self.foe(p["controller"])]

    def tile(self, point: Point) -> str:
        return self.tiles[point[1]][point[0]]

    # --- goals ----------------------------------------------------------------------------------

    def goals(self, unit: JSON) -> list[Point]:
        """Where the unit should head for."""
        kind, slug = self.kind, unit["card"]["slug"]
        if kind == "resources" and any(e.get("harvest") for e in unit["card"]["effects"]):
            taken = {(p["x"], p["y"]) for p in self.view["permanents"] if p is not unit}
            fields = [
                (x, y)
                for y, row in enumerate(self.tiles)
                for x, code in enumerate(row)
                if code == "A" and (x, y) not in taken
            ]
            if fields:
                return fields
        if kind == "vip":
            vips = [(p["x"], p["y"]) for p in self.view["permanents"] if p["vip"] and self.foe(p["controller"])]
            if vips and not unit["vip"]:
                return vips
        if kind == "capture_points":
            return [(int(x), int(y)) for region in self.victory["regions"] for x, y in region["fields"]]
        if kind == "destroy_buildings":
            found = [
                (p["x"], p["y"]) for p in self.view["permanents"] if p["piece"] == "building" and self.foe(p["owner"])
            ]
            if found:
                return found
        if kind == "staff_of_victory":
            staff = [p for p in self.view["permanents"] if p["piece"] == "staff"]
            if staff:
                return [(staff[0]["x"], staff[0]["y"])]
            held = [p for p in self.view["permanents"] if any(m["piece"] == "staff" for m in p["stack"])]
            if held and self.foe(held[0]["controller"]):
                return [(held[0]["x"], held[0]["y"])]
            if held:
                return []
        if kind == "defeat_kraken":
            boss = [(p["x"], p["y"]) for p in self.view["permanents"] if p["card"]["slug"] == self.victory.get("unit")]
            if boss and slug != "bauer":
                return boss
        return [(p["x"], p["y"]) for p in self.foes()]

    def closeness(self, unit: JSON, point: Point) -> float:
        if unit["vip"]:  # the own VIP keeps away from the enemy (up to 5 fields)
            foes = [(p["x"], p["y"]) for p in self.foes()]
            return float(min([5, *(distance(point, f) for f in foes)]))
        goals = self.goals(unit)
        if not goals:
            return 0.0
        return -float(min(distance(point, g) for g in goals))

    # --- scores ---------------------------------------------------------------------------------

    def scores(self, legal: Sequence[Action]) -> list[float]:
        return [self.score(a) for a in legal]

    def score(self, action: Action) -> float:
        kind = action.id.split(":", 1)[0]
        params = action.params
        method = getattr(self, f"_{kind}", None)
        if method is None:
            return 0.0
        value: float = method(action, params)
        return value

    def _pass(self, action: Action, params: Any) -> float:
        return 0.0

    def _end(self, action: Action, params: Any) -> float:
        return -0.5 if action.id == "end:actions" else 0.0

    def _done(self, action: Action, params: Any) -> float:
        return 0.0

    def _activate(self, action: Action, params: Any) -> float:
        return 1.0

    def _recover(self, action: Action, params: Any) -> float:
        return 1.0

    def _exchange(self, action: Action, params: Any) -> float:
        return 0.6 if self.view["phase"] == "buy" else -1.0

    def _discard(self, action: Action, params: Any) -> float:
        return -0.2

    def _release(self, action: Action, params: Any) -> float:
        unit = self.perms.get(params["unit"])
        return -float(unit["card"]["cost"]) if unit else 0.0

    def _setdown(self, action: Action, params: Any) -> float:
        return 0.0

    def _draft(self, action: Action, params: Any) -> float:
        return float(params.get("cost", 0))

    def _buy(self, action: Action, params: Any) -> float:
        if self.kind == "resources" or not self._affordable(int(params["cost"])):
            return -1.0
        return 0.5 + 0.3 * float(params["cost"])

    def _affordable(self, cost: int) -> bool:
        """Whether next turn's income still pays the units' upkeep after spending ``cost`` (a buy
        that leaves the units unpaid loses them at the next upkeep, M9)."""
        due = sum(
            int(p["card"]["upkeep"])
            for p in self.perms.values()
            if p["controller"] == self.me and p["card"]["type"] == "unit"
        )
        left = int(self.view["players"][self.me]["resources"]) - cost
        return left + int(self.view["map"]["resources_per_turn"]) >= due

    def _move(self, action: Action, params: Any) -> float:
        unit = self.perms[params["card"]]
        here = self.closeness(unit, (unit["x"], unit["y"]))
        there = self.closeness(unit, (params["x"], params["y"]))
        bonus = 0.5 if self.kind == "resources" and self.tile((params["x"], params["y"])) == "A" else 0.0
        return 2.0 * (there - here) - 0.1 + bonus

    _road = _move

    def _crew(self, action: Action, params: Any) -> float:
        return 0.2

    def _swap(self, action: Action, params: Any) -> float:
        return -0.5

    def _carry(self, action: Action, params: Any) -> float:
        return -0.5

    def _equip(self, action: Action, params: Any) -> float:
        target = self.perms.get(params["target"])
        if target is not None and target["piece"] == "staff":
            return 100.0
        return 2.0

    def _attack(self, action: Action, params: Any) -> float:
        unit, target = self.perms[params["card"]], self.perms[params["target"]]
        d = distance((unit["x"], unit["y"]), (target["x"], target["y"]))
        dealt = max(0, _attack_at(unit["attacks"], d) - target["stats"]["armor"])
        taken = (
            max(0, _attack_at(target["attacks"], d) - unit["stats"]["armor"]) if target["card"]["type"] == "unit" else 0
        )
        value = 3.0 * dealt - 1.5 * taken + 2.0
        if target["piece"] == "building":
            value += OBJECTIVE  # every hit on an enemy building brings the map's victory closer
        if dealt > target["life"]:
            value += 10.0 + 2.0 * target["card"]["cost"]
            if target["vip"] or target["piece"] == "building" or target["card"]["slug"] == self.victory.get("unit"):
                value += 1000.0
        if taken > unit["life"]:
            value -= 8.0 + 2.0 * unit["card"]["cost"] + (1000.0 if unit["vip"] else 0.0)
        return float(value)

    def _effect_value(self, effect: JSON, target: JSON | None) -> float:
        term = next(k for k in effect if k not in ("range", "when", "full_action", "free", "target"))
        n = effect[term]
        if term in ("gain", "harvest"):
            return 4.0 * float(n)
        if term == "draw":
            return 1.5 * float(n)
        if target is None:
            return 0.0
        mine = self.friend(target["controller"])
        if term == "heal":
            return (2.0 * min(float(n), target["damage"])) if mine else -2.0
        if term == "buff":
            return 1.0 if mine else -1.0
        if term == "destroy":
            return -3.0 if mine else 4.0
        if term == "damage":
            value = 3.0 * float(n) + (10.0 + 2.0 * target["card"]["cost"] if n > target["life"] else 0.0)
            if n > target["life"] and (target["vip"] or target["card"]["slug"] == self.victory.get("unit")):
                value += 1000.0
            return -value if mine else value
        return -3.0 if mine else 3.0

    def _full(self, action: Action, params: Any) -> float:
        unit = self.perms[params["card"]]
        effect = unit["card"]["effects"][params["effect"]]
        return self._effect_value(effect, self.perms.get(params["target"]) if params["target"] else None) + 0.5

    def _free(self, action: Action, params: Any) -> float:
        unit = self.perms[params["card"]]
        effect = unit["card"]["effects"][params["effect"]]
        value = self._effect_value(effect, self.perms.get(params["target"]) if params["target"] else None)
        return value - float(effect["free"])

    def _spell(self, action: Action, params: Any) -> float:
        card = self.hand.get(params["card"])
        if card is None:
            return 0.0
        target = self.perms.get(params["target"]) if params["target"] else None
        return sum(self._effect_value(e, target) for e in card["effects"]) - 0.5

    def _play(self, action: Action, params: Any) -> float:
        card = self.hand.get(params["card"])
        if card is None:
            return 0.0
        value = 4.0 + float(card["cost"])
        if card["type"] == "unit":
            if self.kind == "resources":
                value -= 3.0 * card["upkeep"]
            value += 0.1 * self.closeness({"card": card, "vip": False, "x": 0, "y": 0}, (params["x"], params["y"]))
        elif card["type"] == "equipment":
            value = 1.0
        else:
            value = 2.0
        if params.get("equipment"):
            value += 2.5
        return value


# --- where a search cuts a playout off ------------------------------------------------------------

GOAL = 30.0  # a victory goal's weight in ``standing``: a VIP, a building, the Stecken held, a region


def standing(s: State) -> list[float]:
    """Each seat's standing for ``mcts``'s cut-off playouts (``BaseMatch.standing``). The map's
    ``points`` alone change too rarely to tell two moves apart a few turns on (a building stands
    until it falls), so every seat counts its units, worth their cost and more, by their share of
    life left, and what the map's victory asks for: its VIPs and buildings by their share of life
    left; the Stecken des Sieges held, else its nearest unit's distance to the Stecken or its
    holder; the regions held; the resources (at full weight on a resources map, elsewhere as what
    buys units). In the Kraken mode, where the seats play together and no seat is the enemy, it is
    the view's points (the base's default): a lead over the other seats says nothing there."""
    seats = len(s["players"])
    victory = game_map(s).victory
    kind = victory.kind
    if is_kraken_mode(s):
        return [float(points(s, p)) for p in range(seats)]
    own = [0.0] * seats
    staff_at: tuple[int, int] | None = None
    holder: int | None = None
    for pid, perm in s["perms"].items():
        card = card_of(s, pid)
        figures = stats(s, pid)
        left = (figures["life"] + 1) / (figures["health"] + 1)
        if card["victory"]:  # the Stecken, on the map or carried (then where its holder is)
            base = s["perms"][perm["on"]] if perm["on"] is not None else perm
            staff_at = (base["x"], base["y"])
            if perm["on"] is not None and isinstance(perm["controller"], int):
                holder = perm["controller"]
                own[holder] += GOAL
            continue
        if perm["piece"] == "building":
            if isinstance(perm["owner"], int):
                own[perm["owner"]] += GOAL * left
            continue
        if card["type"] != "unit":
            continue
        worth = 2.0 + float(card["cost"]) + (GOAL if perm["vip"] else 0.0)
        if isinstance(perm["controller"], int):
            own[perm["controller"]] += worth * left
    if kind == "staff_of_victory" and staff_at is not None:
        for p in range(seats):
            if p == holder:
                continue
            near = [
                distance((perm["x"], perm["y"]), staff_at) for perm in s["perms"].values() if perm["controller"] == p
            ]
            own[p] -= float(min(near, default=10))
    if kind == "capture_points":
        own = [mine + GOAL * held for mine, held in zip(own, regions_held(s), strict=True)]
    rate = 1.0 if kind == "resources" else 0.3
    return [mine + rate * float(s["players"][p]["resources"]) for p, mine in enumerate(own)]
