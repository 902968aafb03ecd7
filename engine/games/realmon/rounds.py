"""The course of a Realmon match as a queue of tasks (R5, R11, R12, R16).

``state["queue"]`` holds what happens next; ``advance`` carries out the automatic tasks (starting a
round, the reveal and the fight, drawing) until the head task waits for a player's decision:

- ``announce``: the attacker may reveal an action card as the round's field effect (the announcer
  only, R13), then sets the category by dice or by announcement (R5);
- ``lay``: one monster and any combat cards face down (R5, R8), the attacker first;
- ``discard``: a special card to give up (a Gefahr card, R12's limits).

The legal actions of each decision and what applying one does live here too.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from engine.core.match import Action, Outcome
from engine.games.realmon.field import field_actions, team_of_two
from engine.games.realmon.fight import reveal, settle
from engine.games.realmon.schema import CATEGORIES
from engine.games.realmon.state import (
    COMBAT_LIMIT,
    DISCARDS,
    HAND_LIMIT,
    MONSTERS_IN_HAND,
    State,
    card_of,
    draw,
    hand_of,
    has_term,
    log,
    name_of,
    opponent,
    points,
    roll,
    specials_of,
    team_laid,
)
from engine.games.realmon.terms import Source, run_play_terms

Task = dict[str, Any]
TERMINATION = "monsters_exhausted"


def start_match(s: State) -> None:
    """R5: the first announcer (a die each, higher begins, again while equal) unless the options name
    one; then the first round."""
    first = s["options"].get("first_announcer")
    if first is None:
        faces = [0, 0]
        while faces[0] == faces[1]:
            faces = roll(s, 2)
            log(s, None, "roll", f"Who begins: P1 rolls {faces[0]}, P2 rolls {faces[1]}", dice=faces, what="begin")
        first = 0 if faces[0] > faces[1] else 1
    s["announcer"] = int(first)
    s["queue"] = [{"do": "start"}]
    advance(s)


def new_round(s: State) -> dict[str, Any]:
    """The round dict: roles, field effect, category and what the terms of its cards mark."""
    a = int(s["announcer"])
    return {
        "announcer": a,
        "attacker": a,
        "defender": opponent(a),
        "field": None,
        "field_card": None,
        "field_owner": None,
        "mode": None,
        "category": None,
        "set_by": None,
        "category_roll": None,
        "fixed_category": None,
        "block_combat": False,
        "swapped": False,
        "immune": [],
        "sacrifice": [],
        "sacrificed": [],
        "discards": [],
        "revive": None,
        "help": None,
    }


# --- the automatic tasks -------------------------------------------------------------------------


def _start(s: State, task: Task) -> bool:
    """R16: the match ends when a player holds no monster to lay; else a new round begins."""
    if any(not hand_of(s, p, "monster") for p in (0, 1)):
        score = [points(s, p) for p in (0, 1)]
        winners = [] if score[0] == score[1] else [0 if score[0] > score[1] else 1]
        log(s, None, "end", f"The match ends: {score[0]} to {score[1]}", points=score)
        s["round"] = None
        s["outcome"] = Outcome(tuple(winners), tuple(score), TERMINATION).to_json()
        s["queue"].clear()
        return True
    s["turn"] += 1
    s["round"] = new_round(s)
    log(s, s["announcer"], "round", f"Round {s['turn']}: P{s['announcer'] + 1} announces")
    s["queue"][1:1] = [{"do": "announce"}]
    return True


def _reveal(s: State, task: Task) -> bool:
    """Reveal, count, settle (fight.py); then the discards the cards asked for and the drawing,
    the winner first (R12), and the next round."""
    fight = reveal(s)
    winner = settle(fight)
    s["announcer"] = winner  # R5: the winner announces the next round
    rnd = s["round"]
    tasks: list[Task] = [_discard_task(p, n) for p, n in rnd["discards"]]
    for p in (winner, opponent(winner)):
        tasks += [
            {"do": "draw_monsters", "player": p, "count": fight.sides[p].monster_draw},
            {"do": "draw_action", "player": p},
            {"do": "draw_combat", "player": p},
            {"do": "limit", "player": p},
        ]
    s["queue"][1:1] = [*tasks, {"do": "start"}]
    return True


def _discard_task(p: int, count: int) -> Task:
    return {"do": "discard", "player": p, "count": count, "reason": "field"}


def _draw_monsters(s: State, task: Task) -> bool:
    """R12: 1 monster (a Broken Kaiju's player 2, R14), never above 2 in hand (R10)."""
    p = task["player"]
    room = MONSTERS_IN_HAND - len(hand_of(s, p, "monster"))
    got = draw(s, p, "monster", min(int(task["count"]), max(0, room)))
    log(s, p, "draw", f"P{p + 1} draws {got} monster{'s' if got != 1 else ''}", count=got, kind="monster")
    return True


def _draw_action(s: State, task: Task) -> bool:
    p = task["player"]
    got = draw(s, p, "action")
    log(s, p, "draw", f"P{p + 1} draws {got} action card{'s' if got != 1 else ''}", count=got, kind="action")
    return True


def _combat_available(s: State, p: int) -> bool:
    player = s["players"][p]
    return bool(player["combat"] or player["combat_discard"])


def _draw_combat(s: State, task: Task) -> bool:
    """R12: holding 3 combat cards, the player first discards one (a decision)."""
    p = task["player"]
    if len(hand_of(s, p, "combat")) >= COMBAT_LIMIT and _combat_available(s, p):
        return False
    got = draw(s, p, "combat")
    log(s, p, "draw", f"P{p + 1} draws {got} combat card{'s' if got != 1 else ''}", count=got, kind="combat")
    return True


def _limit(s: State, task: Task) -> bool:
    """R12: above 7 cards in hand the player discards special cards (decisions)."""
    return len(s["players"][task["player"]]["hand"]) <= HAND_LIMIT or not specials_of(s, task["player"])


def _discard(s: State, task: Task) -> bool:
    return int(task["count"]) <= 0 or not specials_of(s, task["player"])


def _waits(s: State, task: Task) -> bool:
    return False


AUTOMATIC: dict[str, Callable[[State, Task], bool]] = {
    "start": _start,
    "reveal": _reveal,
    "draw_monsters": _draw_monsters,
    "draw_action": _draw_action,
    "draw_combat": _draw_combat,
    "limit": _limit,
    "discard": _discard,
    "announce": _waits,
    "lay": _waits,
}


def advance(s: State) -> None:
    """Carry out automatic tasks until one waits for a decision or the match is over."""
    queue = s["queue"]
    while queue and s["outcome"] is None:
        task = queue[0]
        if not AUTOMATIC[task["do"]](s, task):
            return
        if queue and queue[0] is task:
            queue.pop(0)


def actor(s: State) -> int | None:
    """The seat whose decision the head task waits for."""
    if s["outcome"] is not None or not s["queue"]:
        return None
    task = s["queue"][0]
    if task["do"] == "announce":
        return int(s["round"]["attacker"])
    return int(task["player"])


# --- decisions: legal actions --------------------------------------------------------------------


def legal(s: State, p: int) -> list[Action]:
    """The legal actions of the decision the head task waits for."""
    task = s["queue"][0]
    return LEGAL[task["do"]](s, p, task)


def _announce_actions(s: State, p: int, task: Task) -> list[Action]:
    rnd = s["round"]
    found: list[Action] = []
    if rnd["field"] is None and p == rnd["announcer"] and not rnd["swapped"]:
        for cid in hand_of(s, p, "action"):
            found += field_actions(s, p, cid)
    found.append(Action("dice", "Roll a d6 for the category", {}))
    for category in [rnd["fixed_category"]] if rnd["fixed_category"] else CATEGORIES:
        found.append(Action(f"announce:{category}", f"Announce {category.title()}", {"category": category}))
    return found


def _lay_actions(s: State, p: int, task: Task) -> list[Action]:
    """R5/R8: one monster (both, after "1 gegen 2", R17) and any combat cards whose costs fit its
    Realm; none while an action card blocks them, none with an immune monster (they would do
    nothing, R14)."""
    combat = [] if s["round"]["block_combat"] else sorted(hand_of(s, p, "combat"))
    costs = {cid: int(card_of(s, cid)["cost"]) for cid in combat}
    pair = team_of_two(s, p) if s["round"]["help"] == p else []
    teams = [pair] if pair else [[m] for m in hand_of(s, p, "monster")]
    found: list[Action] = []
    for team in teams:
        entries = [card_of(s, m) for m in team]
        budget = sum(int(entry["realm"]) for entry in entries)
        usable = [] if any(has_term(entry, "immune") for entry in entries) else combat
        for size in range(len(usable) + 1):
            for chosen in combinations(usable, size):
                cost = sum(costs[c] for c in chosen)
                if cost <= budget:
                    found.append(_lay_action(s, team, list(chosen), cost))
    return found


def _lay_action(s: State, team: list[str], combat: list[str], cost: int) -> Action:
    label = "Lay " + " and ".join(name_of(s, m) for m in team)
    if combat:
        label += " with " + ", ".join(name_of(s, c) for c in combat) + f" (cost {cost})"
    params: dict[str, Any] = {"monster": team[0], "combat": combat}
    if len(team) > 1:
        params["helper"] = team[1]
    return Action("lay:" + "+".join([*team, *combat]), label, params)


def _discard_actions(s: State, p: int, task: Task) -> list[Action]:
    pool = hand_of(s, p, "combat") if task["do"] == "draw_combat" else specials_of(s, p)
    return [Action(f"discard:{cid}", f"Discard {name_of(s, cid)}", {"card": cid}) for cid in pool]


LEGAL: dict[str, Callable[[State, int, Task], list[Action]]] = {
    "announce": _announce_actions,
    "lay": _lay_actions,
    "discard": _discard_actions,
    "draw_combat": _discard_actions,
    "limit": _discard_actions,
}


# --- decisions: applying them --------------------------------------------------------------------


def apply(s: State, p: int, action: Action) -> None:
    """Carry out a legal decision, then the automatic tasks after it."""
    APPLY[action.id.split(":", 1)[0]](s, p, action)
    advance(s)


def _field(s: State, p: int, action: Action) -> None:
    """R5/R13: the announcer's action card is the field effect of the round, for both players."""
    rnd, cid = s["round"], action.params["card"]
    s["players"][p]["hand"].remove(cid)
    rnd["field"], rnd["field_card"], rnd["field_owner"] = cid, cid, p
    rnd["revive"] = action.params.get("target")  # R17: the monster the card takes back
    log(s, p, "field", f"P{p + 1} reveals {name_of(s, cid)} as the field effect", card=cid)
    run_play_terms(s, rnd, Source(cid, "field", p), card_of(s, cid)["effects"])
    s["queue"][0:0] = [_discard_task(q, n) for q, n in rnd["discards"]]
    rnd["discards"] = []


def _dice(s: State, p: int, action: Action) -> None:
    """R5: by dice, a d6 names the category (faces 1-6: Dominanz .. Stability, R2)."""
    rnd = s["round"]
    (face,) = roll(s, 1)
    rnd["category_roll"] = face
    log(
        s,
        p,
        "roll",
        f"P{p + 1} rolls {face} for the category: {CATEGORIES[face - 1].title()}",
        dice=[face],
        what="category",
    )
    _set_category(s, p, "dice", CATEGORIES[face - 1])


def _announce(s: State, p: int, action: Action) -> None:
    log(s, p, "announce", f"P{p + 1} announces {action.params['category'].title()}", category=action.params["category"])
    _set_category(s, p, "announcement", action.params["category"])


def _set_category(s: State, p: int, mode: str, category: str) -> None:
    rnd = s["round"]
    rnd["mode"] = mode
    rnd["category"], rnd["set_by"] = category, mode
    if rnd["fixed_category"] and rnd["fixed_category"] != category:
        rnd["category"], rnd["set_by"] = rnd["fixed_category"], "field"
        log(s, p, "category", f"The field effect makes it {rnd['category'].title()}", category=rnd["category"])
    s["queue"].pop(0)
    attacker = rnd["attacker"]
    s["queue"][0:0] = [{"do": "lay", "player": attacker}, {"do": "lay", "player": opponent(attacker)}, {"do": "reveal"}]


def _lay(s: State, p: int, action: Action) -> None:
    """R5: face down; only the owner sees it until the reveal."""
    player, params = s["players"][p], action.params
    for cid in [*team_laid(params), *params["combat"]]:
        player["hand"].remove(cid)
    player["laid"] = {"monster": params["monster"], "combat": list(params["combat"]), "face_down": True}
    if "helper" in params:
        player["laid"]["helper"] = params["helper"]
    log(s, p, "lay", laying_text(p, "helper" in params, len(params["combat"])), count=len(params["combat"]))
    s["queue"].pop(0)


def laying_text(p: int, two: bool, count: int) -> str:
    """What the table sees of a commitment laid face down: the number of its cards (R18)."""
    return f"P{p + 1} lays {'two monsters' if two else 'a monster'} and {count} combat cards face down"


def _discard_card(s: State, p: int, action: Action) -> None:
    task = s["queue"][0]
    cid = action.params["card"]
    s["players"][p]["hand"].remove(cid)
    s["players"][p][DISCARDS[card_of(s, cid)["type"]]].append(cid)
    log(s, p, "discard", f"P{p + 1} discards {name_of(s, cid)}", card=cid, reason=task.get("reason", task["do"]))
    if task["do"] == "discard":
        task["count"] -= 1
    elif task["do"] == "draw_combat":
        _draw_combat(s, task)
        s["queue"].pop(0)


APPLY: dict[str, Callable[[State, int, Action], None]] = {
    "field": _field,
    "dice": _dice,
    "announce": _announce,
    "lay": _lay,
    "discard": _discard_card,
}
