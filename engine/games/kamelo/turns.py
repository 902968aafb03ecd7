"""Turn structure of Ka-Mel-Oh!: start and end of a turn, Datteln, the final turns and the buy-out.

K7's ending: when a player ends a turn with their deck (dufo) or oases (wimu/koenig) exhausted, or
with the target victory points reached in a short game, or (K12) a long game's tenth turn in a row
without a card moved out of a deck or oasis, that turn was their penultimate one; the
opponent then plays their penultimate turn, and both play a last turn (normal play, then the buy-out
of hand monsters; every monster left in hand gives the opponent 2 victory points).
"""

from __future__ import annotations

from engine.core.match import Action, Outcome
from engine.games.kamelo.calc import DATES_CAP, grow_dates, hk_points
from engine.games.kamelo.state import (
    HAND_SIZE,
    State,
    card_of,
    deal_second_leg,
    fresh_stall,
    fresh_turn_state,
    log,
    opponent,
    pile_cards,
)

FINAL_TURNS = 3  # after the trigger: opponent's penultimate, then both last turns (K7)
HAND_MONSTER_PENALTY = 2  # K7: per monster left in hand at the end, for the opponent
RETURN_MATCH = "return_match"  # K7: the termination of a two-leg series (Hin- und Rückkampf)
STALL_TURNS = 10  # K12: turns in a row (5 of each player) without a card moved out of a deck or oasis
STALLED = "stalled"  # K12: the termination of a long game that stalled


def start_turn(s: State, p: int) -> None:
    """Begin player ``p``'s turn: count it, pay oasis Datteln (K6 wimu/koenig) and savings."""
    s["turn"] += 1
    s["current"] = p
    s["phase"] = "main"
    player = s["players"][p]
    player["turn_state"] = fresh_turn_state()
    if s["final"] is not None:
        s["final"]["left"] -= 1
    if s["variant"] != "dufo":
        player["dates"] += sum(1 for oasis in player["oases"] if oasis["active"])
    _pay_savings(s, p)


def _pay_savings(s: State, p: int) -> None:
    player = s["players"][p]
    for contract in player["savings"]:
        contract["left"] -= 1
        if contract["left"] == 0:
            add_dates(s, p, contract["amount"])
            log(s, p, "savings", f"P{p + 1} receives {contract['amount']} Datteln from a savings contract")
    player["savings"] = [c for c in player["savings"] if c["left"] > 0]


def add_dates(s: State, p: int, amount: int) -> None:
    """Give Datteln; in dufo the stock never exceeds 20 (K6)."""
    player = s["players"][p]
    player["dates"] += amount
    if s["variant"] == "dufo":
        player["dates"] = min(player["dates"], DATES_CAP)


def is_first_turn(s: State, p: int) -> bool:
    """K5: no attack (and no point for an empty arena) on a player's first turn."""
    return bool(s["players"][p]["turns_taken"] == 0)


def is_last_turn(s: State) -> bool:
    """Whether the current turn is one of the two last turns (K7)."""
    return s["final"] is not None and s["final"]["left"] <= 1


def close_main_phase(s: State) -> None:
    """After the attack step: the buy-out in a last turn, else the end of the turn."""
    s["pending"] = None
    s["attack"] = None
    p = s["current"]
    if is_last_turn(s) and hand_monsters(s, p):
        s["phase"] = "buyout"
        return
    if is_last_turn(s):
        penalise_hand(s, p)
    end_turn(s)


def hand_monsters(s: State, p: int) -> list[str]:
    """Monster cards (yellow or violet) in player ``p``'s hand."""
    return [c for c in s["players"][p]["hand"] if card_of(s, c)["type"] in ("monster", "special_monster")]


def buyout_actions(s: State, p: int) -> list[Action]:
    """K7 buy-out: free a hand monster for its printed price, or finish."""
    dates = s["players"][p]["dates"]
    actions = [Action("done", "Finish the game turn (unfreed hand monsters: 2 points each to the opponent)")]
    seen: set[str] = set()
    for cid in hand_monsters(s, p):
        card = card_of(s, cid)
        if card["cost"] <= dates and card["slug"] not in seen:
            seen.add(card["slug"])
            label = f"Buy out {card['name']} for {card['cost']} Datteln"
            actions.append(Action(f"buy:{cid}", label, {"card": cid, "slug": card["slug"], "cost": card["cost"]}))
    return actions


def apply_buyout(s: State, p: int, action: Action) -> None:
    """Pay for a hand monster (it goes to the desert), or finish the buy-out."""
    player = s["players"][p]
    if action.id == "done":
        penalise_hand(s, p)
        end_turn(s)
        return
    cid = action.params["card"]
    player["dates"] -= action.params["cost"]
    player["hand"].remove(cid)
    player["desert"].append(cid)
    log(s, p, "buyout", f"P{p + 1} buys out {card_of(s, cid)['name']}", cards=[action.params["slug"]])


def penalise_hand(s: State, p: int) -> None:
    """K7: every monster left in hand at the end gives the opponent 2 victory points."""
    left = len(hand_monsters(s, p))
    if left:
        s["players"][opponent(p)]["points"] += HAND_MONSTER_PENALTY * left
        log(s, p, "penalty", f"P{p + 1} keeps {left} monsters in hand: P{opponent(p) + 1} +{2 * left}")


def end_turn(s: State) -> None:
    """Finish the current turn: Datteln growth and refill (dufo), end checks, next turn."""
    p = s["current"]
    player = s["players"][p]
    player["turns_taken"] += 1
    s["phase"] = "main"
    if s["variant"] == "dufo":
        player["dates"] = grow_dates(player["dates"])  # K6
        if not _refill_hand(s, p):
            trigger_end(s, "deck_exhausted")
    elif not any(oasis["cards"] for oasis in player["oases"]):
        trigger_end(s, "deck_exhausted")
    _check_points(s)
    _count_stall(s)
    if s["turn"] >= s["options"]["max_turns"]:
        trigger_end(s, "turn_limit")
    s["surcharges"] = [x for x in s["surcharges"] if x["until"] > s["turn"]]
    if s["final"] is not None and s["final"]["left"] <= 0:
        finish(s)
    else:
        start_turn(s, opponent(p))


def _refill_hand(s: State, p: int) -> bool:
    """Dufo: draw back up to eight cards; False when the deck cannot fill the hand (K7)."""
    player = s["players"][p]
    size = HAND_SIZE["dufo"]
    while len(player["hand"]) < size and player["deck"]:
        player["hand"].append(player["deck"].pop())
    return len(player["hand"]) >= size


def _check_points(s: State) -> None:
    if s["options"]["length"] != "short":
        return
    target = s["options"]["target_points"]
    if any(player["points"] >= target for player in s["players"]):
        trigger_end(s, "target_points")


def _count_stall(s: State) -> None:
    """K12: a turn after which the decks and oases of both players (a defender may play an oasis
    top in wimu) hold no fewer cards than before it adds one to the count, any other starts it
    anew; at 10 in a row (5 of each player) a long game stalls and ends as if the decks had run
    out. A card buried and another drawn in the same turn is an exchange: it brings no deck
    nearer its end (rule choice 20). A state stored before K12 starts counting now."""
    stall = s.get("stall") or fresh_stall(s)
    now = pile_cards(s)
    s["stall"] = {"turns": 0 if now < stall["piles"] else stall["turns"] + 1, "piles": now}
    if s["options"]["length"] == "long" and s["stall"]["turns"] >= STALL_TURNS:
        trigger_end(s, STALLED)


def trigger_end(s: State, reason: str) -> None:
    """The turn just ending was a penultimate turn (K7); the first trigger counts."""
    if s["final"] is None:
        s["final"] = {"left": FINAL_TURNS, "reason": reason}
        log(s, s["current"], "penultimate", f"P{s['current'] + 1} has played the penultimate turn ({reason})")


def finish(s: State) -> None:
    """The match is over: the higher score wins, equal scores draw. In a return match (K7) the
    first leg's end deals the second; the second's end sums both legs' points per player."""
    series = s.get("series")
    if series is not None and series["leg"] == 1:
        log(s, None, "end", "First leg over: {}:{}".format(*(player["points"] for player in s["players"])))
        deal_second_leg(s)
        start_turn(s, s["first"])
        return
    points = [player["points"] for player in s["players"]]
    reason = s["final"]["reason"] if s["final"] else "over"
    if series is not None:
        points = [sum(leg["points"][p] for leg in series["legs"]) + points[p] for p in range(2)]
        reason = RETURN_MATCH
    winners = [] if points[0] == points[1] else [0 if points[0] > points[1] else 1]
    s["outcome"] = Outcome(tuple(winners), tuple(points), reason).to_json()
    s["phase"] = "over"
    s["pending"] = None
    log(s, None, "end", f"Match over: {points[0]}:{points[1]}")


def defeat(s: State, owner: int, slot: int, by: int) -> None:
    """K5: a monster at LP <= 0 leaves the arena for its owner's desert; ``by`` scores its HK points."""
    monster = s["players"][owner]["arena"][slot]
    card = card_of(s, monster["card"])
    s["players"][owner]["arena"][slot] = None
    # a monster taken over (seed: "Wichtige Ausnahme") goes to its owner's desert, so decks never mix
    s["players"][int(monster.get("owner", owner))]["desert"].append(monster["card"])
    gained = hk_points(card["hk"])
    s["players"][by]["points"] += gained
    log(s, by, "defeat", f"{card['name']} of P{owner + 1} is defeated: P{by + 1} +{gained}", cards=[card["slug"]])
