"""Computer players for Realmon (R18), choosing from the player's own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: one step ahead with the model of ``evaluate``: it lays the commitment with the best
  expected change of the score difference; as announcer it takes the category (by dice or
  announced) whose best commitment is worth most, and reveals an action card when the field effect
  raises that worth (taking a monster back from the Abyss is worth the fights it adds less the
  Realm it takes from the score; "1 gegen 2" the best fight of the two together, R17); it
  discards the special card it values least. In the monster draft (R20) it picks the monster
  strongest against the others of its stage (``evaluate.pick_worth``). Ties go to the seeded RNG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from engine.core.match import JSON, Action
from engine.core.players import choose
from engine.games.realmon.evaluate import (
    AVERAGE_CARD,
    INITIATIVE,
    Lay,
    Round,
    average_value,
    card_gain,
    categories,
    has,
    pick_worth,
    value_of,
    with_field,
)

BEHAVIOURS = ("random", "greedy")
FIELD_MARGIN = 0.5  # a field card is revealed only when it raises the round's worth by this much
POINT_WORTH = 3.0  # about what one fight-value point is worth in Realm (a fight swings some 75 Realm)
ACTION_WORTH = {
    "set_category": 6.0,
    "realm_bonus_both": 6.0,
    "die_as": 6.0,
    "help": 5.0,
    "reroll": 4.0,
    "revive": 3.0,
    "boost": 2.0,
}
PAIR = "pair"  # the hand as "1 gegen 2" lays it (R17); else a monster id taken back from the Abyss
PLANNED_CARDS = 1  # when choosing the category, commitments with at most this many combat cards


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    return choose(behaviour, BEHAVIOURS, legal, seed, lambda ordered: Greedy(view).scores(ordered))


class Greedy:
    """The greedy player's reading of its own view."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.me = int(view["viewer"])
        mine = view["players"][self.me]
        self.hand = {card["id"]: card for card in mine["hand"] or []}
        self.abyss = {card["id"]: card for card in mine["abyss"]}
        self.revived = frozenset(card["id"] for card in mine.get("revived") or [])
        self._lays: dict[tuple[bool, str | None], list[Lay]] = {}
        self._worth: dict[tuple[str, str, str | None, bool, str | None], float] = {}

    def scores(self, legal: Sequence[Action]) -> list[float]:
        """A score per legal action (higher is better)."""
        phase = self.view["phase"]
        if phase == "draft":
            pile = {card["id"]: card for card in self.view["draft"]["pile"]}
            return [pick_worth(pile[a.params["card"]]) for a in legal]
        if phase == "lay":
            rnd = self.current_round()
            return [
                value_of(self.lay_of(a.params["monster"], a.params["combat"], a.params.get("helper")), rnd)
                for a in legal
            ]
        if phase == "announce":
            return self.announce_scores(legal)
        return [-self.keep_worth(self.hand[a.params["card"]]) for a in legal]

    # --- the round as the view shows it ---------------------------------------------------------

    def current_round(self) -> Round:
        """The round of the commitment to lay: its category, roles, field effect, the foe's cards."""
        v = self.view
        rnd = Round(str(v["category"]), v["attacker"] == self.me, str(v["mode"]), blocked=bool(v["block_combat"]))
        rnd = replace(rnd, foe_cards=self.foe_cards())
        return with_field(rnd, v["field"])

    def foe_cards(self) -> float:
        """The opponent's combat cards: those laid face down, or the ones in hand by their odds; a
        second monster laid with "1 gegen 2" (R17) adds an average monster's value."""
        foe = self.view["players"][1 - self.me]
        if foe["laid"] is not None:
            helper = average_value(str(self.view["category"])) if foe["laid"].get("helper") else 0.0
            return AVERAGE_CARD * len(foe["laid"]["combat"]) + helper
        return 0.25 * AVERAGE_CARD * min(2, int(foe["hand_counts"]["combat"]))

    def lay_of(self, monster: str, combat: Sequence[str], helper: str | None = None) -> Lay:
        cards = {**self.abyss, **self.hand}  # a monster to take back is still in the Abyss
        others = [c for c in self.monsters() if c["id"] not in (monster, helper)]
        return Lay(
            cards[monster],
            [self.hand[c] for c in combat],
            others[0] if others else None,
            helper=self.hand[helper] if helper else None,
            revived=self.revived | ({monster} if monster in self.abyss else set()),
        )

    def monsters(self) -> list[Mapping[str, Any]]:
        return [c for c in self.hand.values() if c["type"] == "monster"]

    def lays(self, blocked: bool, extra: str | None = None) -> list[Lay]:
        """Every commitment the hand allows (R8's budget, none with an immune monster); ``extra``:
        with both hand monsters together (``PAIR``) or with a monster taken back from the Abyss."""
        if (blocked, extra) not in self._lays:
            self._lays[blocked, extra] = self._all_lays(blocked, extra)
        return self._lays[blocked, extra]

    def _teams(self, extra: str | None) -> list[list[Mapping[str, Any]]]:
        monsters = sorted(self.monsters(), key=_id)
        if extra == PAIR:
            return [monsters] if len(monsters) == 2 and not any(has(m, "immune") for m in monsters) else []
        return [[m] for m in monsters] + ([[self.abyss[extra]]] if extra in self.abyss else [])

    def _all_lays(self, blocked: bool, extra: str | None) -> list[Lay]:
        combat = [] if blocked else sorted((c for c in self.hand.values() if c["type"] == "combat"), key=_id)
        found = []
        for team in self._teams(extra):
            usable = [] if any(has(m, "immune") for m in team) else combat
            budget = sum(int(m["realm"]) for m in team)
            helper = team[1]["id"] if len(team) > 1 else None
            for size in range(len(usable) + 1):
                for chosen in combinations(usable, size):
                    if sum(int(c["cost"]) for c in chosen) <= budget:
                        found.append(self.lay_of(team[0]["id"], [c["id"] for c in chosen], helper))
        return found

    # --- the announcer's decision ----------------------------------------------------------------

    def announce_scores(self, legal: Sequence[Action]) -> list[float]:
        """Each category choice by the best commitment it allows; each field card by the best
        category choice after it (rule choice 7: after a role swap the opponent chooses, by dice)."""
        fixed = self.view["fixed_category"]
        scores = []
        for action in legal:
            if action.id == "dice":
                scores.append(self.dice_worth(None, fixed))
            elif action.id.startswith("announce:"):
                scores.append(self.worth("announcement", action.params["category"], None))
            else:
                card, target = self.hand[action.params["card"]], action.params.get("target")
                scores.append(self.field_worth(card, target) - FIELD_MARGIN)
        return scores

    def worth(
        self,
        mode: str,
        category: str,
        card: Mapping[str, Any] | None,
        attacker: bool = True,
        extra: str | None = None,
    ) -> float:
        """The best commitment's worth in ``category`` set by ``mode``, with a field card to reveal
        (``extra``: the hand it leaves, as ``lays`` takes it)."""
        key = (mode, category, card["id"] if card else None, attacker, extra)
        if key not in self._worth:
            rnd = Round(category, attacker, mode, blocked=bool(self.view["block_combat"]), foe_cards=self.foe_cards())
            rnd = with_field(with_field(rnd, self.view["field"]), card)
            planned = [lay for lay in self.lays(rnd.blocked, extra) if len(lay.combat) <= PLANNED_CARDS]
            self._worth[key] = max((value_of(lay, rnd) for lay in planned), default=-float(INITIATIVE))
        return self._worth[key]

    def dice_worth(
        self, card: Mapping[str, Any] | None, fixed: str | None, attacker: bool = True, extra: str | None = None
    ) -> float:
        options = categories(fixed)
        return sum(self.worth("dice", c, card, attacker, extra) for c in options) / len(options)

    def field_worth(self, card: Mapping[str, Any], target: str | None = None) -> float:
        """The round's worth after revealing ``card`` as the field effect: by dice, or announcing
        the best category without it or the one its terms name; a monster taken back from the
        Abyss (``target``) costs its Realm at once (R17)."""
        terms = card["effects"]
        extra = PAIR if any("help" in term for term in terms) else target
        taken = float(self.abyss[target]["realm"]) if target in self.abyss else 0.0
        if any("swap_roles" in term for term in terms):
            return self.dice_worth(card, None, attacker=False) + self.abyss_change(card)
        fixed = next((t["set_category"] for t in terms if "set_category" in t), None)
        named = {t["category"] for t in terms if "category" in t}
        announced = categories(fixed) if fixed else {*named, self.best_announcement(), self.best_announcement(extra)}
        worth = max(
            self.dice_worth(card, fixed, extra=extra),
            *(self.worth("announcement", c, card, extra=extra) for c in announced),
        )
        return worth + self.abyss_change(card) - taken

    def best_announcement(self, extra: str | None = None) -> str:
        fixed = self.view["fixed_category"]
        return max(categories(fixed), key=lambda c: self.worth("announcement", c, None, extra=extra))

    def abyss_change(self, card: Mapping[str, Any]) -> float:
        """Gefahr: Realm both lose from their Abyss (what the opponent loses counts for us), discards."""
        change = 0.0
        for term in card["effects"]:
            if "realm_loss" in term:
                mine, theirs = (self.view["players"][p] for p in (self.me, 1 - self.me))
                lose = int(term["realm_loss"])
                change += min(lose, theirs["abyss_realm"] - theirs["realm_lost"])
                change -= min(lose, mine["abyss_realm"] - mine["realm_lost"])
            if "discard" in term:
                change -= 1.0
        return change

    # --- discards --------------------------------------------------------------------------------

    def keep_worth(self, card: Mapping[str, Any]) -> float:
        """How much a special card is worth keeping: a combat card by its boost per cost, an action
        card by what its kind of effect tends to bring."""
        if card["type"] == "combat":
            best = max((card_gain(card, m, "dominanz") for m in self.monsters()), default=0.0)
            return POINT_WORTH * best - int(card["cost"])
        verbs = {k for term in card["effects"] for k in term}
        return max((ACTION_WORTH.get(verb, 0.0) for verb in verbs), default=0.0)


def _id(card: Mapping[str, Any]) -> str:
    return str(card["id"])
