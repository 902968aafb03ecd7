"""The turn of A4 and the end of the match (A7, A8).

A turn: draw one card (the first player too, on the first turn), ``turn_start`` effects of the
player's cards in play (rule choice 3), the positions step (A5: each creature may switch once;
skipped without creatures), the main step (cards and attacks in any order), then discarding down
to 7 cards into the discard zone. After every turn: Gleichstand (A8) and the turn cap.
"""

from __future__ import annotations

from engine.core.match import Action
from engine.games.duel import zones
from engine.games.duel.cards import term_of
from engine.games.duel.state import (
    FIGHTERS,
    HAND_LIMIT,
    State,
    card_of,
    finish,
    log,
    name_of,
    opponent,
    stats,
)
from engine.games.duel.terms import HANDLERS

Task = zones.Task


def start_turn(s: State, p: int) -> None:
    """Begin player ``p``'s turn: count it, one summon (A2), then the draw and ``turn_start``."""
    s["turn"] += 1
    s["current"] = p
    s["phase"] = "start"
    s["summons"] = {"allowed": 1, "used": 0}
    for creature in s["players"][p]["creatures"]:
        creature["attacked"] = creature["switched"] = False
    log(s, p, "turn", f"Turn {s['turn']}: P{p + 1}")
    s["queue"] += [{"t": "draw", "player": p}, {"t": "turn_start", "player": p}, {"t": "phase", "player": p}]


def draw_task(s: State, task: Task) -> None:
    """A4: the turn's draw."""
    zones.draw(s, task["player"])


def turn_start_task(s: State, task: Task) -> None:
    """``turn_start`` effects of the player's cards in play, in zone order."""
    p = task["player"]
    tasks = [t for cid in zones.in_play(s, p) for t in zones.effect_tasks(s, p, cid, "turn_start")]
    zones.queue_front(s, tasks)


def phase_task(s: State, task: Task) -> None:
    """A5: the positions step when the player has a creature, else straight to the main step."""
    s["phase"] = "positions" if s["players"][task["player"]]["creatures"] else "main"


# --- positions (A5) ----------------------------------------------------------------------------------


def position_actions(s: State, p: int) -> list[Action]:
    """Switch a creature not switched yet this turn, or go on to the main step."""
    actions = [Action("begin", "Done with positions: play cards and attack", {})]
    for creature in s["players"][p]["creatures"]:
        if not creature["switched"]:
            other = "defense" if creature["position"] == "attack" else "attack"
            cid = creature["card"]
            actions.append(Action(f"switch:{cid}", f"Switch {name_of(s, cid)} to {other}", {}))
    return actions


def apply_switch(s: State, p: int, action: Action) -> None:
    """A5: once per creature, at the start of its owner's turn."""
    cid = action.id.split(":", 1)[1]
    for creature in s["players"][p]["creatures"]:
        if creature["card"] == cid:
            creature["position"] = "defense" if creature["position"] == "attack" else "attack"
            creature["switched"] = True
            log(s, p, "switch", f"{name_of(s, cid)} switches to {creature['position']}")
    if all(c["switched"] for c in s["players"][p]["creatures"]):
        s["phase"] = "main"


def apply_begin(s: State, p: int, action: Action) -> None:
    """End the positions step."""
    s["phase"] = "main"


# --- the end of the turn -------------------------------------------------------------------------------


def apply_end(s: State, p: int, action: Action) -> None:
    """End the main step: discard down to 7 (A1, A4), or the turn is over."""
    if len(s["players"][p]["hand"]) > HAND_LIMIT:
        s["phase"] = "discard"
        return
    finish_turn(s)


def discard_actions(s: State, p: int) -> list[Action]:
    """A4: the player chooses the cards to discard."""
    return [Action(f"discard:{cid}", f"Discard {name_of(s, cid)}", {}) for cid in s["players"][p]["hand"]]


def apply_discard(s: State, p: int, action: Action) -> None:
    """One hand card to the discard zone (A14); at 7 the turn is over."""
    cid = action.id.split(":", 1)[1]
    player = s["players"][p]
    player["hand"].remove(cid)
    player["discard"].append(cid)
    log(s, p, "discard", f"P{p + 1} discards {name_of(s, cid)}", card=s["cards"][cid])
    if len(player["hand"]) <= HAND_LIMIT:
        finish_turn(s)


def finish_turn(s: State) -> None:
    """The turn's boosts end; Gleichstand (A8), the turn cap, or the opponent's turn."""
    s["boosts"] = []
    if gleichstand(s):
        log(s, None, "gleichstand", "Gleichstand: neither player can win")
        finish(s, [], "gleichstand")
    elif s["turn"] >= s["options"]["max_turns"]:
        finish(s, [], "turn_limit")
    else:
        start_turn(s, opponent(s["current"]))


# --- Gleichstand (A8) ------------------------------------------------------------------------------------


def remaining(s: State, p: int) -> list[str]:
    """Every card player ``p`` still has: deck, hand and field."""
    player = s["players"][p]
    cards: list[str] = player["deck"] + player["hand"] + [c["card"] for c in player["creatures"]]
    cards += [e["card"] for e in player["support"]]
    return cards + ([player["reinforcement"]] if player["reinforcement"] else [])


def lone_creature_attack(s: State, p: int) -> int | None:
    """The attack of a player's only remaining card when it is a creature (in play: as it stands now)."""
    cards = remaining(s, p)
    if len(cards) != 1 or card_of(s, cards[0])["type"] not in FIGHTERS:
        return None
    in_play = s["players"][p]["creatures"]
    return stats(s, p, in_play[0])[0] if in_play else int(card_of(s, cards[0])["attack"])


def only_unusable(s: State, p: int) -> bool:
    """Only spells and weapons remain and none can be used: no creature to equip, no spell whose
    effect could act now (rule choice 12)."""
    cards = remaining(s, p)
    if not cards or any(card_of(s, cid)["type"] not in ("spell", "weapon") for cid in cards):
        return False
    for cid in cards:
        card = card_of(s, cid)
        if card["type"] == "spell" and spell_usable(s, p, cid):
            return False
    return True


def spell_usable(s: State, p: int, cid: str) -> bool:
    """Whether at least one effect of spell ``cid`` could act now (rule choice 5)."""
    for effect in card_of(s, cid)["on"]["play"]:
        task = {"owner": p, "source": cid, "effect": effect, "left": 1}
        if HANDLERS[term_of(effect)].can_act(s, task):
            return True
    return False


def gleichstand(s: State) -> bool:
    """A8 (seed): both players have only one creature left, of equal attack, or both only spells
    and weapons they cannot use (rule choice 12: one of each is no Gleichstand)."""
    attacks = [lone_creature_attack(s, p) for p in (0, 1)]
    if attacks[0] is not None and attacks[0] == attacks[1]:
        return True
    return only_unusable(s, 0) and only_unusable(s, 1)
