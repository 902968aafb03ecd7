"""Computer opponents for Eredan (E20), choosing from the player's own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: one ply, predicted from the view (never from a copy of the match, which holds hidden
  information). Phase 1: the pair whose exchange of blows (attack minus defence, this round's
  bonuses, Marodeur bonuses, a spell in hand for a Magier) is best, kills counting extra. Phase 2:
  the card whose effects gain most now (damage dealt or prevented, health restored, cards, lasting
  objects), or a pass when none gains. Phase 5: it keeps its cards, discarding the least useful
  only down to 5. Ties are broken by the seeded random source; deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.match import JSON, Action
from engine.core.players import choose

BEHAVIOURS = ("random", "greedy")
KILL = 8.0  # a kill is worth more than its damage: the character strikes no more
LASTING = 1.6  # an object's change serves in later fights too
PLAY_THRESHOLD = 0.25

View = Mapping[str, Any]
Char = Mapping[str, Any]


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    return choose(behaviour, BEHAVIOURS, legal, seed, lambda ordered: [score(view, a) for a in ordered])


def score(view: View, action: Action) -> float:
    """What ``action`` is worth to the acting player, as their view shows it."""
    kind = action.id.split(":", 1)[0]
    if kind == "pick":
        return pick_value(view, int(action.params["own"]), int(action.params["opponent"]))
    if kind == "play":
        return play_value(view, action)
    if kind == "pass":
        return PLAY_THRESHOLD
    if kind == "discard":
        return discard_value(view, str(action.params["card"]))
    return 0.0  # keep


# --- reading the view ---------------------------------------------------------------------------


def me(view: View) -> int:
    viewer = view["viewer"]
    assert viewer is not None, "the AI plays from a seat's view"
    return int(viewer)


def chars(view: View, p: int) -> list[Char]:
    result: list[Char] = view["players"][p]["characters"]
    return result


def hand(view: View) -> list[Mapping[str, Any]]:
    cards: list[Mapping[str, Any]] = view["players"][me(view)]["hand"] or []
    return cards


def _plain(effect: Mapping[str, Any], rnd: int, foe: Char | None) -> bool:
    """Whether a character's own effect adds now: its round, or its Marodeur class against ``foe``."""
    if "rune" in effect or "while_raging" in effect or "for_class" in effect:
        return False
    if "vs_class" in effect and (foe is None or effect["vs_class"] not in foe["card"]["classes"]):
        return False
    return "round" not in effect or effect["round"] == rnd


def fight_stat(char: Char, key: str, foe: Char, rnd: int, *, picked: bool) -> int:
    """A character's stat in a fight against ``foe`` in round ``rnd``; before the pick its round and
    Marodeur bonuses are not in the view yet."""
    value = int(char[key])
    if not picked:
        value += sum(int(e.get(key, 0)) for e in char["card"]["effects"] if _plain(e, rnd, foe))
    return max(0, value)


def _hit(attack: int, defense: int, health: int) -> float:
    damage = max(0, attack - defense)
    return min(damage, max(0, health)) + (KILL if damage >= health > 0 else 0.0)


def _caster(char: Char) -> bool:
    core = set(char["card"]["classes"]) - {"kurtisane"}
    return "magier" in core and core <= {"magier", "priester"}


def spell_damage_of(card: Mapping[str, Any]) -> int:
    return sum(int(e["spell_damage"]) for e in card["effects"] if "spell_damage" in e and not _conditioned(e))


def _conditioned(effect: Mapping[str, Any]) -> bool:
    return any(k in effect for k in ("rune", "vs_class", "round", "while_raging", "for_class"))


def _usable_spell(char: Char, card: Mapping[str, Any]) -> bool:
    if card["type"] != "spell":
        return False
    c = char["card"]
    gemelit = c["race"] == "gemelit" and card["element"] is not None and card["element"] == c["element"]
    return (
        gemelit or "magier" in c["classes"] and (not card["classes"] or bool(set(card["classes"]) & set(c["classes"])))
    )


# --- phase 1 ------------------------------------------------------------------------------------


def pick_value(view: View, i: int, j: int) -> float:
    """The exchange of blows of the pair, a spell in hand counted for a Magier (E14)."""
    p = me(view)
    mine, theirs = chars(view, p)[i], chars(view, 1 - p)[j]
    rnd = int(view["round"])
    attack = fight_stat(mine, "attack", theirs, rnd, picked=False)
    defense = fight_stat(mine, "defense", theirs, rnd, picked=False)
    foe_attack = fight_stat(theirs, "attack", mine, rnd, picked=False)
    foe_defense = fight_stat(theirs, "defense", mine, rnd, picked=False)
    dealt = _hit(attack, foe_defense, theirs["health"])
    spells = [spell_damage_of(c) for c in hand(view) if _usable_spell(mine, c)]
    if spells:
        magic = _hit(max(spells), int(theirs["spirit"]), theirs["health"])
        dealt = max(dealt, magic) if _caster(mine) else dealt + magic / 2
    taken = _hit(foe_attack, defense, mine["health"])
    return dealt - taken + 0.01 * int(mine["health"])


# --- phase 2 ------------------------------------------------------------------------------------


class Fight:
    """The round's fight as the acting player sees it: own fighter, opposing fighter."""

    def __init__(self, view: View) -> None:
        p = me(view)
        f = view["fighters"]
        self.view = view
        self.p = p
        self.mine = chars(view, p)[f[p]]
        self.theirs = chars(view, 1 - p)[f[1 - p]]
        self.attack, self.defense = int(self.mine["attack"]), int(self.mine["defense"])
        self.foe_attack, self.foe_defense = int(self.theirs["attack"]), int(self.theirs["defense"])

    def strike(self, attack: int, defense: int) -> float:
        return _hit(attack, defense, int(self.theirs["health"]))

    def blow(self, foe_attack: int, defense: int) -> float:
        return _hit(foe_attack, defense, int(self.mine["health"]))


def play_value(view: View, action: Action) -> float:
    """The gain of playing a card now: its effects one by one against the current fight."""
    card = next(c for c in hand(view) if c["id"] == action.params["card"])
    fight = Fight(view)
    bearer = chars(view, fight.p)[int(action.params.get("bearer", view["fighters"][fight.p]))]
    objects = card["type"] in ("item", "weapon", "armor")
    value = sum(effect_value(fight, card, e, bearer, objects) for e in card["effects"])
    if card["type"] == "spell" and spell_damage_of(card) and _caster(fight.mine):
        value -= fight.strike(fight.attack, fight.foe_defense)  # E14: the spell replaces the attack
    if objects:
        value -= _replaced(bearer, card)
    return value


def _replaced(bearer: Char, card: Mapping[str, Any]) -> float:
    if card["type"] not in ("weapon", "armor") or card["type"] == "weapon" and bearer["two_weapons"]:
        return 0.0
    return sum(1.0 for a in bearer["attachments"] if a["type"] == card["type"])


def effect_value(fight: Fight, card: Mapping[str, Any], e: Mapping[str, Any], bearer: Char, obj: bool) -> float:
    """One effect's worth now (a lasting object change a bit more)."""
    if "rune" in e and e["rune"] not in fight.mine["runes"]:
        return 0.0
    if "vs_class" in e and e["vs_class"] not in fight.theirs["card"]["classes"]:
        return 0.0
    if "round" in e and e["round"] != fight.view["round"]:
        return 0.0
    target = e.get("target") or ("opponent" if ("spell_damage" in e or "weaken" in e) else "self")
    for verb, rule in VALUES.items():
        if verb in e:
            gain = float(rule(fight, e[verb], target, bearer))
            return gain * LASTING if obj and verb in ("attack", "defense", "spirit") else gain
    return 0.5  # two_weapons ...


def _attack(fight: Fight, n: int, target: str, bearer: Char) -> float:
    if target in ("opponent", "enemies"):
        return fight.blow(fight.foe_attack, fight.defense) - fight.blow(fight.foe_attack + n, fight.defense)
    if bearer is not fight.mine and target in ("self", "bearer"):
        return 0.4 * n
    return fight.strike(fight.attack + n, fight.foe_defense) - fight.strike(fight.attack, fight.foe_defense)


def _defense(fight: Fight, n: int, target: str, bearer: Char) -> float:
    if target in ("opponent", "enemies"):
        return fight.strike(fight.attack, fight.foe_defense + n) - fight.strike(fight.attack, fight.foe_defense)
    if bearer is not fight.mine and target in ("self", "bearer"):
        return 0.4 * n
    return fight.blow(fight.foe_attack, fight.defense) - fight.blow(fight.foe_attack, fight.defense + n)


def _spirit(fight: Fight, n: int, target: str, bearer: Char) -> float:
    return 0.3 * (-n if target in ("opponent", "enemies") else n)


def _heal(fight: Fight, n: int, target: str, bearer: Char) -> float:
    pool = [c for c in chars(fight.view, fight.p) if not c["dead"]] if target == "allies" else [bearer]
    return sum(min(n, int(c["max_health"]) - int(c["health"])) for c in pool if not c["dead"])


def _spell(fight: Fight, n: int, target: str, bearer: Char) -> float:
    pool = [c for c in chars(fight.view, 1 - fight.p) if not c["dead"]] if target == "enemies" else [fight.theirs]
    return sum(_hit(n, int(c["spirit"]), int(c["health"])) for c in pool)


def _draw(fight: Fight, n: int, target: str, bearer: Char) -> float:
    deck = int(fight.view["players"][fight.p]["deck_count"])
    return 0.8 * n if deck > n + 5 else -KILL  # never run the deck dry (E15)


def _revive(fight: Fight, n: int, target: str, bearer: Char) -> float:
    return n + KILL


def _rage(fight: Fight, n: Any, target: str, bearer: Char) -> float:
    c = fight.mine
    if c["raging"] or "berserker" not in c["card"]["classes"]:
        return 0.0
    extra = sum(int(e.get("attack", 0)) for e in c["card"]["effects"] if e.get("while_raging"))
    return fight.strike(fight.attack + extra, fight.foe_defense) - fight.strike(fight.attack, fight.foe_defense) + 1


def _weaken(fight: Fight, n: Any, target: str, bearer: Char) -> float:
    """E21: a weakened character sits out one more round: good on the opponent, a drawback on one's own."""
    return 0.8 if target in ("opponent", "enemies") else -0.8


def _constant(value: float) -> Any:
    return lambda fight, n, target, bearer: value


VALUES: dict[str, Any] = {
    "attack": _attack,
    "defense": _defense,
    "spirit": _spirit,
    "heal": _heal,
    "spell_damage": _spell,
    "draw": _draw,
    "revive": _revive,
    "rage": _rage,
    "discard": _constant(0.7),
    "gain_rune": _constant(1.2),
    "refresh": _constant(1.0),
    "round_bonuses": _constant(1.5),
    "cancel": _constant(0.6),
    "chain": _constant(0.6),
    "weaken": _weaken,
}


# --- phase 5 ------------------------------------------------------------------------------------


def discard_value(view: View, cid: str) -> float:
    """Discard only above 5 cards (then the card no own living character can use first); never
    the last card (E15)."""
    cards = hand(view)
    if len(cards) <= 5:
        return -KILL
    card = next(c for c in cards if c["id"] == cid)
    users = [c for c in chars(view, me(view)) if not c["dead"]]
    usable = not card["classes"] or any(set(card["classes"]) & set(u["card"]["classes"]) for u in users)
    return 1.0 if not usable else 0.5 - 0.01 * len(card["effects"])
