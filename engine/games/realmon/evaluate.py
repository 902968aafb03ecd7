"""The greedy player's model of a fight, from what its own view shows (R18: no hidden card read).

The opponent's monster is unknown; the model expects the better of two monsters drawn from a basis
pile of the bundled cards (R1's proportions) in the fight's category, ``opponent_field``. A laid
commitment is valued by the expected change of the score difference: the opponent's monster won
into the own Abyss, or the own monster lost into theirs (R10), less the combat cards' costs (R16),
with the Realm-bonus dice (R6), critical hits (R9) and the field effect (R7) by their odds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from engine.games.realmon.schema import CATEGORIES
from engine.games.realmon.state import bundled

PILE = (6, 5, 4, 3, 2, 2)  # R1
AVERAGE_CARD = 4.5  # what a face-down combat card of the opponent is expected to add
INITIATIVE = 2.0  # what announcing the next round is worth (the winner announces, R5)


@dataclass(frozen=True)
class Foe:
    """One monster the opponent may lay: its weight, value in the category, stage and Realm."""

    weight: float
    value: int
    stage: int
    realm: int


@cache
def opponent_field(category: str) -> tuple[Foe, ...]:
    """The better (in ``category``) of two monsters of a basis pile, grouped by value and stage."""
    monsters = [card for card in bundled() if card["type"] == "monster"]
    per_stage = {s: sum(1 for c in monsters if c["attributes"]["stage"] == s) for s in range(1, 7)}
    weights = [PILE[c["attributes"]["stage"] - 1] / per_stage[c["attributes"]["stage"]] for c in monsters]
    total = sum(weights) ** 2
    grouped: dict[tuple[int, int], list[float]] = {}
    for i, a in enumerate(monsters):
        for j, b in enumerate(monsters):
            pick = a if a["attributes"][category] >= b["attributes"][category] else b
            attrs = pick["attributes"]
            w = weights[i] * weights[j] / total
            entry = grouped.setdefault((attrs[category], attrs["stage"]), [0.0, 0.0])
            entry[0] += w
            entry[1] += w * attrs["realm"]
    return tuple(Foe(w, v, s, round(r / w)) for (v, s), (w, r) in sorted(grouped.items()))


@cache
def average_value(category: str) -> float:
    """The mean value in ``category`` of the monster the model expects the opponent to lay."""
    return sum(foe.weight * foe.value for foe in opponent_field(category)) / sum(
        f.weight for f in opponent_field(category)
    )


def strength(values: Mapping[str, Any], stage: int, realm: int) -> float:
    """A monster's fight value on average over the six categories, with its Realm bonus at the odds
    of a die roll against an equal stage (R6)."""
    mean = sum(int(values[c]) for c in CATEGORIES) / len(CATEGORIES)
    return mean + hit_chance(stage, stage) / 2 * (realm // 4)


@cache
def stage_strength(stage: int) -> float:
    """The bundled monsters' mean ``strength`` in ``stage``."""
    found = [
        strength(c["attributes"], stage, int(c["attributes"]["realm"]))
        for c in bundled()
        if c["type"] == "monster" and c["attributes"]["stage"] == stage
    ]
    return sum(found) / len(found) if found else 0.0


def pick_worth(card: Mapping[str, Any]) -> float:
    """R20: how much better a monster is than the average of its stage (a draft fills each stage's
    count, so a pick competes only within its stage)."""
    stage = int(card["stage"])
    return strength(card["values"], stage, int(card["realm"])) - stage_strength(stage)


def hit_chance(dice: int, target: int, die_as: int | None = None, reroll: int = 0) -> float:
    """R4/R6: the chance that one of ``dice`` d6 shows ``target`` or more (a "counts as" die, a reroll)."""
    if dice <= 0:
        return 0.0
    if die_as is not None and die_as >= target:
        return 1.0
    miss = max(0, min(6, target - 1)) / 6
    return 1.0 - miss**dice * miss ** min(reroll, dice)


@dataclass(frozen=True)
class Round:
    """What the model knows of the round: category, roles, the field effect's marks."""

    category: str
    attacker: bool  # the player the model decides for attacks
    mode: str  # "dice" or "announcement"
    both: bool = False  # realm_bonus_both
    none: bool = False  # no_realm_bonus
    reroll: int = 0
    die_as: int | None = None
    mine: float = 0.0  # the field effect's expected change of the own fight value
    theirs: float = 0.0  # ... of the opponent's
    foe_cards: float = 0.0  # what the opponent's combat cards are expected to add
    destroy: bool = False  # the loser leaves the game (Vernichtung)
    blocked: bool = False


@dataclass(frozen=True)
class Lay:
    """One commitment: the monster (a view card), its combat cards, the other monster in hand, the
    helper of "1 gegen 2" and which monsters were taken back from the Abyss (R17)."""

    monster: Mapping[str, Any]
    combat: Sequence[Mapping[str, Any]] = ()
    other: Mapping[str, Any] | None = None
    helper: Mapping[str, Any] | None = None
    revived: frozenset[str] = field(default_factory=frozenset)

    @property
    def cost(self) -> int:
        return sum(int(card["cost"]) for card in self.combat)

    @property
    def team(self) -> list[Mapping[str, Any]]:
        """The monsters that fight: one, or two after "1 gegen 2" (R17)."""
        return [self.monster, *([self.helper] if self.helper is not None else [])]


def has(card: Mapping[str, Any], verb: str) -> bool:
    """Whether a view card carries a term of ``verb``."""
    return any(verb in term for term in card.get("effects", []))


def card_gain(card: Mapping[str, Any], monster: Mapping[str, Any], category: str, helper: Any = None) -> float:
    """A combat card's expected boost for ``monster`` (and its ``helper``, R17) in ``category``
    (R7), a critical hit by its odds (R9)."""
    boost = sum(int(t["boost"]) for t in card["effects"] if "boost" in t and t.get("category", category) == category)
    orientations = {monster.get("orientation"), *([helper.get("orientation")] if helper is not None else [])}
    if card.get("orientation") is None or card.get("orientation") not in orientations:
        return float(boost)
    crit = 1.0 if card["stage"] <= 1 else (7 - card["stage"]) / 6
    return boost * (1 + crit)


def value_of(lay: Lay, rnd: Round) -> float:
    """The expected change of the score difference when ``lay`` fights in ``rnd``: a team of two
    adds its values and Realm, a monster taken back from the Abyss costs nothing when it loses
    (it leaves the game either way, R17)."""
    me, team = lay.monster, lay.team
    immune = has(me, "immune")
    base = sum(m["values"][rnd.category] for m in team) + (0.0 if immune else rnd.mine)
    if not immune and not rnd.blocked:
        base += sum(card_gain(card, me, rnd.category, lay.helper) for card in lay.combat)
    stage, realm = max(int(m["stage"]) for m in team), sum(int(m["realm"]) for m in team)
    bonus = realm // 4
    gain = 0.0 if has(me, "exile_defeated") or (rnd.destroy and not immune) else 1.0
    at_stake = sum(int(m["realm"]) for m in team if m["id"] not in lay.revived)
    loss = 0.0 if rnd.destroy and not immune else float(at_stake)
    expected = _expected(
        rnd.category, base, base + bonus, rnd.theirs + rnd.foe_cards, gain, loss, _odds(stage, rnd, immune)
    )
    sacrifice = float(lay.other["realm"]) if lay.other is not None and has(me, "sacrifice") else 0.0
    return expected - lay.cost - sacrifice


@lru_cache(maxsize=1 << 16)
def _expected(
    category: str,
    base: float,
    lifted: float,
    shift: float,
    gain: float,
    loss: float,
    odds: tuple[tuple[float, float], ...],
) -> float:
    """The expected score change of a monster worth ``base`` (``lifted`` with its Realm bonus)
    against the opposing field, whose values ``shift`` moves; cached, since a search asks the same
    fights again and again."""
    expected = 0.0
    for weight, value, foe_stage, foe_bonus, foe_realm in _foes(category):
        mine_p, theirs_p = odds[foe_stage]
        theirs = value + shift
        high = theirs + foe_bonus
        # each side with and without its bonus; a tie is half a win (R7's tie dice are even)
        up = theirs_p * (1.0 if lifted > high else 0.5 if lifted == high else 0.0) + (1 - theirs_p) * (
            1.0 if lifted > theirs else 0.5 if lifted == theirs else 0.0
        )
        down = theirs_p * (1.0 if base > high else 0.5 if base == high else 0.0) + (1 - theirs_p) * (
            1.0 if base > theirs else 0.5 if base == theirs else 0.0
        )
        win = mine_p * up + (1 - mine_p) * down
        expected += weight * (win * (gain * foe_realm + INITIATIVE) - (1 - win) * loss)
    return expected


@cache
def _foes(category: str) -> tuple[tuple[float, int, int, int, int], ...]:
    return tuple((f.weight, f.value, f.stage, f.realm // 4, f.realm) for f in opponent_field(category))


@lru_cache(maxsize=4096)
def _odds(stage: int, rnd: Round, immune: bool) -> tuple[tuple[float, float], ...]:
    """``_bonus_odds`` against each foe stage (index 1-6)."""
    return ((0.0, 0.0), *(_bonus_odds(stage, s, rnd, immune) for s in range(1, 7)))


def _bonus_odds(mine: int, theirs: int, rnd: Round, immune: bool) -> tuple[float, float]:
    """R6: the chances that the own side and the opponent get the Realm bonus."""
    attacker, defender = (mine, theirs) if rnd.attacker else (theirs, mine)
    if rnd.mode == "dice":
        holder_roll, other_roll = (attacker, defender), (defender, attacker)
        holder_is_me = rnd.attacker
    else:
        holder_roll, other_roll = (attacker, attacker), (defender, defender)
        holder_is_me = not rnd.attacker
    mine_roll, theirs_roll = (holder_roll, other_roll) if holder_is_me else (other_roll, holder_roll)
    mine_rolls = (holder_is_me or rnd.both and not immune) and (immune or not rnd.none)
    theirs_rolls = (not holder_is_me or rnd.both) and not rnd.none
    die_as, reroll = (None, 0) if immune else (rnd.die_as, rnd.reroll)
    mine_p = hit_chance(*mine_roll, die_as, reroll) if mine_rolls else 0.0
    theirs_p = hit_chance(*theirs_roll, rnd.die_as, rnd.reroll) if theirs_rolls else 0.0
    return mine_p, theirs_p


def with_field(rnd: Round, card: Mapping[str, Any] | None) -> Round:
    """The round as a field card changes it (its boosts and gambles reach both sides, R19)."""
    if card is None:
        return rnd
    for term in card["effects"]:
        rnd = _with_term(rnd, term)
    return rnd


def _with_term(rnd: Round, term: Mapping[str, Any]) -> Round:
    if "category" in term and term["category"] != rnd.category:
        return rnd
    if "boost" in term or "gamble" in term:
        amount = float(term["boost"]) if "boost" in term else _gamble(term)
        return replace(rnd, mine=rnd.mine + amount, theirs=rnd.theirs + amount)
    flags: dict[str, Any] = {
        "realm_bonus_both": {"both": True},
        "no_realm_bonus": {"none": True},
        "reroll": {"reroll": term.get("reroll", 0)},
        "die_as": {"die_as": term.get("die_as")},
        "destroy_loser": {"destroy": True},
        "block_combat_cards": {"blocked": True, "foe_cards": 0.0},
    }
    for verb, change in flags.items():
        if verb in term:
            return replace(rnd, **change)
    return rnd


def _gamble(term: Mapping[str, Any]) -> float:
    chance = (7 - int(term["at_least"])) / 6
    return chance * int(term["gamble"]) - (1 - chance) * int(term["penalty"])


def categories(rnd_category: str | None) -> tuple[str, ...]:
    """The categories a die may give (one when a card fixes it)."""
    return (rnd_category,) if rnd_category else CATEGORIES
