"""Playing cards in the main phase: yellow monsters into the arena and green items (with targets).

Where cards come from: the hand; in ``wimu`` also the face-up top card of an activated oasis (which
deactivates that oasis); ``koenig`` plays from the hand only, but at any time of the turn.
"""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.kamelo.effects import has_effect, is_hostile, stat_change
from engine.games.kamelo.state import (
    State,
    arena_monsters,
    card_of,
    card_order,
    free_slots,
    log,
    new_monster,
    opponent,
    stats,
)
from engine.games.kamelo.turns import defeat

MAX_MONSTERS_PER_TURN = 2  # seed: "bis zu zwei Monster in die Arena schicken"


# --- where cards come from -----------------------------------------------------------------------


def sources(s: State, p: int) -> list[tuple[str, str]]:
    """(card id, where) of the cards player ``p`` may play: hand cards (one per slug), then the tops
    of active oases in wimu (``oasis<k>``)."""
    player = s["players"][p]
    cards = s["cards"]
    first: dict[str, str] = {}
    for cid in sorted(player["hand"], key=card_order):
        if cards[cid] not in first:
            first[cards[cid]] = cid
    found = [(cid, "hand") for cid in first.values()]
    if s["variant"] == "wimu":
        found += [(o["cards"][-1], f"oasis{k}") for k, o in enumerate(player["oases"]) if o["active"] and o["cards"]]
    return found


def playable(s: State, p: int) -> dict[str, str]:
    """Slug -> a playable card id of that slug (hand first), for repeated look-ups."""
    found: dict[str, str] = {}
    for cid, _ in sources(s, p):
        found.setdefault(s["cards"][cid], cid)
    return found


def take_from_source(s: State, p: int, cid: str) -> None:
    """Remove a card from the hand or from an oasis top (that oasis is deactivated)."""
    player = s["players"][p]
    if cid in player["hand"]:
        player["hand"].remove(cid)
        return
    for oasis in player["oases"]:
        if oasis["cards"] and oasis["cards"][-1] == cid:
            oasis["cards"].pop()
            oasis["active"] = False
            return
    raise ValueError(f"{cid} is not playable by P{p + 1}")


def surcharge(s: State) -> int:
    """The Streik surcharge on monsters in force now."""
    return sum(int(x["amount"]) for x in s["surcharges"])


def monster_price(s: State, cid: str) -> int:
    """What sending a monster card to the arena costs now (printed price plus surcharges)."""
    return int(card_of(s, cid)["cost"]) + surcharge(s)


def may_play(s: State, p: int) -> bool:
    """Whether the turn's mode lets player ``p`` play cards (wimu: "entweder ... oder")."""
    if s["variant"] != "wimu":
        return True
    return s["players"][p]["turn_state"]["mode"] in (None, "play")


def mark_played(s: State, p: int) -> None:
    """Record that player ``p`` chose to play cards this turn (wimu's mode; koenig plays any time)."""
    if s["variant"] == "wimu":
        s["players"][p]["turn_state"]["mode"] = "play"


# --- yellow monsters -----------------------------------------------------------------------------


def monster_actions(s: State, p: int) -> list[Action]:
    """Send a yellow monster to a free slot: at most two per turn, before any item in dufo."""
    turn = s["players"][p]["turn_state"]
    if not may_play(s, p) or not free_slots(s, p) or turn["monsters"] >= MAX_MONSTERS_PER_TURN:
        return []
    if s["variant"] == "dufo" and turn["items"]:
        return []
    dates = s["players"][p]["dates"]
    actions = []
    for cid, where in sources(s, p):
        card = card_of(s, cid)
        price = monster_price(s, cid)
        if card["type"] == "monster" and price <= dates:
            params = {"card": cid, "slug": card["slug"], "cost": price, "from": where}
            actions.append(Action(f"play:{cid}", f"Send {card['name']} to the arena ({price} Datteln)", params))
    return actions


def apply_monster(s: State, p: int, action: Action) -> None:
    """Pay and place the monster in the lowest free slot."""
    cid = action.params["card"]
    player = s["players"][p]
    player["dates"] -= action.params["cost"]
    take_from_source(s, p, cid)
    card = card_of(s, cid)
    player["arena"][free_slots(s, p)[0]] = new_monster(s, cid, card)
    player["turn_state"]["monsters"] += 1
    mark_played(s, p)
    log(s, p, "play", f"P{p + 1} sends {card['name']} to the arena", cards=[card["slug"]])


# --- green items ---------------------------------------------------------------------------------


def item_targets(s: State, p: int, effects: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """("own"|"opp", slot) an item may target; [] for items without a target."""
    if has_effect(effects, "take_over"):
        # seed: an opposing monster changes sides only when a slot of one's own half is free
        return [("opp", slot) for slot, _ in arena_monsters(s, opponent(p))] if free_slots(s, p) else []
    if has_effect(effects, "withdraw"):
        return [("own", slot) for slot, m in arena_monsters(s, p) if owner_of(m, p) == p]
    if is_hostile(effects):
        return [("opp", slot) for slot, _ in arena_monsters(s, opponent(p))]
    if stat_change(effects) or has_effect(effects, "direct_attack"):
        return [("own", slot) for slot, _ in arena_monsters(s, p)]
    return []


def needs_target(effects: list[dict[str, Any]]) -> bool:
    """Items that act on one monster (stat changes, direct attacks, taking over, withdrawing)."""
    return bool(stat_change(effects)) or any(has_effect(effects, k) for k in ("direct_attack", "take_over", "withdraw"))


def owner_of(monster: dict[str, Any], side: int) -> int:
    """Whose card a monster in ``side``'s arena is: its owner when taken over, else that side's."""
    return int(monster.get("owner", side))


def item_actions(s: State, p: int, *, defending: bool = False) -> list[Action]:
    """Green items player ``p`` can pay for and aim; while defending only stat items (seed's
    "Ablauf eines Kampfes": the defender names their items after the attacker)."""
    if not defending and not may_play(s, p):
        return []
    dates = s["players"][p]["dates"]
    actions = []
    for cid, where in sources(s, p):
        card = card_of(s, cid)
        if card["type"] != "item" or card["cost"] > dates:
            continue
        if defending and not stat_change(card["effects"]):
            continue
        if needs_target(card["effects"]) and not item_targets(s, p, card["effects"]):
            continue
        params = {"card": cid, "slug": card["slug"], "cost": card["cost"], "from": where}
        actions.append(Action(f"item:{cid}", f"Use {card['name']} ({card['cost']} Datteln)", params))
    return actions


def apply_item(s: State, p: int, action: Action) -> None:
    """Use an item: aimed items open a target decision, the others act at once."""
    cid = action.params["card"]
    effects = card_of(s, cid)["effects"]
    if needs_target(effects):
        s["pending"] = {"kind": "target", "player": p, "card": cid, "return": s["pending"]}
        return
    _pay_item(s, p, cid)
    for effect in effects:
        if "surcharge" in effect:
            # "for one turn": from now until the end of the next turn (the opponent's).
            s["surcharges"].append({"amount": int(effect["surcharge"]), "until": s["turn"] + int(effect["turns"])})
        if "savings" in effect:
            s["players"][p]["savings"].append({"amount": int(effect["savings"]), "left": int(effect["turns"])})


def _pay_item(s: State, p: int, cid: str) -> None:
    card = card_of(s, cid)
    player = s["players"][p]
    player["dates"] -= card["cost"]
    take_from_source(s, p, cid)
    player["desert"].append(cid)
    player["turn_state"]["items"] = True
    mark_played(s, p)
    log(s, p, "item", f"P{p + 1} uses {card['name']}", cards=[card["slug"]])


def target_actions(s: State, p: int) -> list[Action]:
    """The pending item's possible targets."""
    cid = s["pending"]["card"]
    card = card_of(s, cid)
    actions = []
    for side, slot in item_targets(s, p, card["effects"]):
        owner = p if side == "own" else opponent(p)
        target = card_of(s, s["players"][owner]["arena"][slot]["card"])
        label = f"{card['name']} on {target['name']} ({'yours' if side == 'own' else 'opponent'})"
        params = {"card": cid, "slug": card["slug"], "side": side, "slot": slot, "target": target["slug"]}
        actions.append(Action(f"target:{side}:{slot}", label, params))
    return actions


def apply_target(s: State, p: int, action: Action) -> None:
    """Pay the pending item and apply it to the chosen monster (K4 caps apply in ``stats``)."""
    cid, side, slot = action.params["card"], action.params["side"], action.params["slot"]
    s["pending"] = s["pending"]["return"]
    _pay_item(s, p, cid)
    owner = p if side == "own" else opponent(p)
    monster = s["players"][owner]["arena"][slot]
    effects = card_of(s, cid)["effects"]
    if has_effect(effects, "take_over"):
        _take_over(s, p, slot)
        return
    if has_effect(effects, "withdraw"):
        _withdraw(s, p, slot)
        return
    if has_effect(effects, "direct_attack"):
        monster["direct_turn"] = s["turn"]
    for key, value in stat_change(effects).items():
        if value >= 0:
            monster["bonus"][key] += value
        elif key == "lp":
            monster["damage"] -= value
        else:
            monster["malus"][key] -= value
    if side == "opp" and stats(monster)["lp"] <= 0:
        defeat(s, owner, slot, by=p)


def _take_over(s: State, p: int, slot: int) -> None:
    """Seed ("Wichtige Ausnahme"): the opposing monster changes sides into p's lowest free slot,
    upside down (``owner`` stays its owner's; a second take-over hands it back home)."""
    other = opponent(p)
    monster = s["players"][other]["arena"][slot]
    s["players"][other]["arena"][slot] = None
    owner = owner_of(monster, other)
    if owner == p:
        monster.pop("owner", None)  # taken back: it lies upright in its owner's half again
    else:
        monster["owner"] = owner
    s["players"][p]["arena"][free_slots(s, p)[0]] = monster
    name = card_of(s, monster["card"])["name"]
    log(s, p, "take_over", f"P{p + 1} takes over {name}", cards=[s["cards"][monster["card"]]])


def _withdraw(s: State, p: int, slot: int) -> None:
    """Seed ("außer durch passende ITEMs"): the own monster leaves the arena into the hand; what items
    and damage did to it is gone."""
    monster = s["players"][p]["arena"][slot]
    s["players"][p]["arena"][slot] = None
    s["players"][p]["hand"].append(monster["card"])
    name = card_of(s, monster["card"])["name"]
    log(s, p, "withdraw", f"P{p + 1} withdraws {name} into the hand", cards=[s["cards"][monster["card"]]])
