"""Computer players for the duel game (A15), choosing from their own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: one ply, predicted from the view (no copy of the match, which holds hidden cards).
  Each legal action gets a score (``score``): attacks by A2's outcome, summons and cards by what
  they add to the field, traps by the harm they prevent; cards are played before attacks, and the
  turn ends (or a trap stays down) when nothing scores above zero. Ties go to the seeded RNG.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.match import JSON, Action
from engine.core.players import choose
from engine.games.duel.calc import Defender, Position, combat

BEHAVIOURS = ("random", "greedy")
LETHAL = 1000.0
PLAY_FIRST = 100.0  # cards before attacks: a weapon or a boost makes the attack better
View = Mapping[str, Any]
Rule = Callable[[View, Action], float]


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    return choose(behaviour, BEHAVIOURS, legal, seed, lambda ordered: [score(view, a) for a in ordered])


def score(view: View, action: Action) -> float:
    """The greedy value of ``action`` as the acting player sees it (``pass``/``end``/``begin``: 0)."""
    rule = RULES.get(action.id.split(":", 1)[0])
    return rule(view, action) if rule else 0.0


# --- reading the view ---------------------------------------------------------------------------------


def me(view: View) -> int:
    return int(view["viewer"])


def side(view: View, p: int) -> Mapping[str, Any]:
    player: Mapping[str, Any] = view["players"][p]
    return player


def worth(attack: int, defense: int) -> float:
    """What a creature on the field is worth."""
    return attack + 0.5 * defense


def creature(view: View, cid: str) -> tuple[int, Mapping[str, Any]] | None:
    for p in (0, 1):
        for entry in side(view, p)["creatures"]:
            if entry["card"]["id"] == cid:
                return p, entry
    return None


def hand_card(view: View, cid: str) -> Mapping[str, Any]:
    for card in side(view, me(view))["hand"] or []:
        if card["id"] == cid:
            found: Mapping[str, Any] = card
            return found
    raise KeyError(cid)


def terms(card: Mapping[str, Any]) -> dict[str, Any]:
    """A card's effects as term -> value (the first of each)."""
    found: dict[str, Any] = {}
    for effect in card.get("effects", []):
        for key, value in effect.items():
            if key not in ("when", "target"):
                found.setdefault(key, value)
    return found


def threat(view: View) -> int:
    """The strongest opposing attack (what a creature of ours must face)."""
    foes = side(view, 1 - me(view))["creatures"]
    return max((int(c["attack"]) for c in foes), default=0)


def good_position(view: View, attack: int, defense: int) -> str:
    """Attack when it wins or nothing opposes it, else defence when that holds better."""
    strongest = threat(view)
    if attack >= strongest or not side(view, 1 - me(view))["creatures"]:
        return "attack"
    return "defense" if defense > attack else "attack"


# --- attacks ------------------------------------------------------------------------------------------------


def blow_value(view: View, attack: int, mine: float, target: Mapping[str, Any] | None, piercing: bool) -> float:
    """A2's outcome of one attack, as a gain for the attacker."""
    foe_life = int(side(view, 1 - me(view))["life"])
    if target is None:
        return LETHAL if attack >= foe_life else 10.0 + attack
    position: Position = "attack" if target["position"] == "attack" else "defense"
    result = combat(attack, Defender(int(target["attack"]), int(target["defense"]), position))
    theirs = worth(int(target["attack"]), int(target["defense"]))
    damage = result.player_damage if result.damaged_player == "defender" else -result.player_damage
    if position == "defense" and result.defender_dies and piercing:
        damage = attack - int(target["defense"])
    if damage >= foe_life:
        return LETHAL
    gain = (theirs + 3.0 if result.defender_dies else 0.0) - (mine + 3.0 if result.attacker_dies else 0.0)
    return gain + damage if (result.defender_dies or damage) else -1.0


def _attack(view: View, action: Action) -> float:
    _, attacker, target = action.id.split(":")
    found = creature(view, attacker)
    assert found is not None
    entry = found[1]
    mine = worth(int(entry["attack"]), int(entry["defense"]))
    piercing = "piercing" in terms(entry["card"])
    defender = None if target == "player" else creature(view, target)
    return blow_value(view, int(entry["attack"]), mine, defender[1] if defender else None, piercing)


# --- summons and cards -------------------------------------------------------------------------------------


def _summon(view: View, action: Action) -> float:
    parts = action.id.split(":")
    card = hand_card(view, parts[1])
    attack, defense = int(card["attack"]), int(card["defense"])
    gain = worth(attack, defense) + 2.0 * len(card.get("effects", []))
    for cid in parts[3].split("+") if len(parts) > 3 else []:
        found = creature(view, cid)
        if found:
            gain -= worth(int(found[1]["attack"]), int(found[1]["defense"])) + 1.0
    position_bonus = 0.5 if parts[2] == good_position(view, attack, defense) else 0.0
    return PLAY_FIRST + gain + position_bonus if gain > 0 else -1.0


def _best_own(view: View) -> Mapping[str, Any] | None:
    own = side(view, me(view))["creatures"]
    return max(own, key=lambda c: (c["position"] == "attack", int(c["attack"])), default=None)


def _equip(view: View, action: Action) -> float:
    _, weapon, target = action.id.split(":")
    best = _best_own(view)
    boost = terms(hand_card(view, weapon)).get("boost", {})
    value = boost.get("attack", 0) + 0.5 * boost.get("defense", 0)
    bonus = 1.0 if best is not None and best["card"]["id"] == target else 0.0
    return PLAY_FIRST + value + bonus if value > 0 else -1.0


def _reinforce(view: View, action: Action) -> float:
    current = side(view, me(view))["reinforcement"]
    if current is not None:
        return -1.0  # keep what lies there: a new one only replaces it
    return PLAY_FIRST + 3.0


def _set(view: View, action: Action) -> float:
    return PLAY_FIRST + 2.0


def _cast(view: View, action: Action) -> float:
    card = hand_card(view, action.id.split(":", 1)[1])
    value = sum(_spell_term(view, term, amount) for term, amount in terms(card).items())
    return PLAY_FIRST + value if value > 0 else -1.0


def _spell_term(view: View, term: str, amount: Any) -> float:
    mine, foe = side(view, me(view)), side(view, 1 - me(view))
    if term == "damage":
        return LETHAL if amount >= foe["life"] else 2.0 * amount
    if term == "heal":
        return float(amount) if mine["life"] <= 20 - amount else 0.5
    if term == "draw":
        return 2.0 * amount if mine["deck_count"] > amount + 3 and mine["hand_count"] <= 6 else -1.0
    if term == "destroy":
        return max((worth(int(c["attack"]), int(c["defense"])) for c in foe["creatures"]), default=1.0)
    if term == "boost":
        ready = [c for c in mine["creatures"] if c["position"] == "attack" and not c["attacked"]]
        return 2.0 if ready and view["turn"] > 1 else -1.0
    if term == "extra_summon":
        fighters = [c for c in mine["hand"] or [] if c["type"] in ("creature", "elite")]
        return 3.0 if len(fighters) >= 2 and len(mine["creatures"]) < 2 else -1.0
    return 3.0  # revive, graveyard_to_hand, discard: a card more or the opponent one less


# --- decisions on the opponent's turn and targets -----------------------------------------------------------------


def _harm(view: View) -> float:
    """What the declared attack or summon costs us, as the view predicts it."""
    event = view.get("event") or {}
    if event.get("kind") == "summon":
        found = creature(view, event["card"])
        return worth(int(found[1]["attack"]), int(found[1]["defense"])) - 3.0 if found else 0.0
    found = creature(view, event.get("attacker", ""))
    if not found:
        return 0.0
    entry = found[1]
    target = creature(view, event["target"]) if event.get("target") else None
    if target is None and event.get("target"):
        return 0.0
    # The attacker's gain is our loss (blow_value is from the attacker's side: swap the sides).
    flipped = {**view, "viewer": 1 - me(view)}
    return blow_value(
        flipped,
        int(entry["attack"]),
        worth(int(entry["attack"]), int(entry["defense"])),
        target[1] if target else None,
        "piercing" in terms(entry["card"]),
    )


def _spring(view: View, action: Action) -> float:
    harm = _harm(view)
    return harm if harm > 0 else -1.0


def _target(view: View, action: Action) -> float:
    option = action.id.split(":", 1)[1]
    pending = view.get("pending") or {}
    effect = pending.get("effect", {})
    if option.startswith("support."):
        index = int(option.split(".")[1])
        entry = side(view, 1 - me(view))["support"][index]
        return 3.0 if entry["face_down"] else 2.0
    if option == "reinforcement":
        return 1.0
    if "." in option:  # revive: a creature and a position
        cid, position = option.split(".")
        card = next(c for c in side(view, me(view))["discard"] if c["id"] == cid)
        wanted = good_position(view, int(card["attack"]), int(card["defense"]))
        return worth(int(card["attack"]), int(card["defense"])) + (0.5 if position == wanted else 0.0)
    found = creature(view, option)
    if found is None:  # graveyard_to_hand
        card = next((c for c in side(view, me(view))["graveyard"] if c["id"] == option), None)
        return worth(int(card["attack"]), int(card["defense"])) if card else 0.0
    entry = found[1]
    value = worth(int(entry["attack"]), int(entry["defense"]))
    if "switch_position" in effect:
        event = view.get("event") or {}
        if event.get("attacker") == option or event.get("card") == option:
            return 100.0
        return float(entry["attack"]) if entry["position"] == "attack" else -float(entry["defense"])
    if "boost" in effect:
        return float(entry["attack"]) + (5.0 if entry["position"] == "attack" and not entry["attacked"] else 0.0)
    return value


# --- positions and the end of the turn --------------------------------------------------------------------------


def _switch(view: View, action: Action) -> float:
    found = creature(view, action.id.split(":", 1)[1])
    assert found is not None
    entry = found[1]
    wanted = good_position(view, int(entry["attack"]), int(entry["defense"]))
    return 1.0 if wanted != entry["position"] else -1.0


def _discard(view: View, action: Action) -> float:
    card = hand_card(view, action.id.split(":", 1)[1])
    value = worth(int(card.get("attack", 0)), int(card.get("defense", 0))) + 2.0 * len(card.get("effects", []))
    return -value


RULES: dict[str, Rule] = {
    "attack": _attack,
    "summon": _summon,
    "equip": _equip,
    "reinforce": _reinforce,
    "set": _set,
    "cast": _cast,
    "spring": _spring,
    "target": _target,
    "switch": _switch,
    "discard": _discard,
}
