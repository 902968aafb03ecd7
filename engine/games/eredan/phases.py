"""A round of Eredan, phase by phase (the seed's "Eine Runde besteht aus folgenden Phasen").

Start of a round: from round 2 both draw up to 5, the active player first (E15); a player whose
living characters are all weakened has them refreshed (E9). Phase 1: the active player picks the
pair (E10), round bonuses apply (E8). Phase 2: ``cards``. Phase 3: rune abilities, then both
fighters strike at once (E14, E17). Phase 4: fighters are weakened, the dead are buried; a side
without living characters ends the match (E17). Phase 5: discards, active player first, down to 5;
then the end of the round (E15, E16) and the next one with the other player active.
"""

from __future__ import annotations

from typing import Any

from engine.core.match import Action
from engine.games.eredan import cards
from engine.games.eredan.conditions import Ctx
from engine.games.eredan.resolve import bury, damage, give_bonuses, run
from engine.games.eredan.rules import continuous, stat
from engine.games.eredan.state import (
    HAND,
    STATS,
    State,
    card_of,
    char_at,
    draw,
    living,
    log,
    new_tally,
    passive,
)

Finish = tuple[list[int], str]  # winners, termination


def start_round(s: State, *, draws: bool = True) -> None:
    """E15 draws (from round 2; a described position keeps its hands), E9 refreshes, then phase 1."""
    s.update(phase="choose", step=0, fighters=None, played=[], cancels=[[], []], tally=new_tally(), bonuses=[])
    s["confrontation"] = None
    for player in s["players"]:
        player["chain"] = []
    if draws and s["round"] >= 2:
        for p in (s["active"], passive(s)):
            player = s["players"][p]
            if len(player["hand"]) < HAND:
                got = draw(s, p, HAND - len(player["hand"]))
                log(s, p, "draw", f"P{p + 1} draws {got}")
    for p in range(2):
        refresh(s, p)


def refresh(s: State, p: int) -> None:
    """E9: once all of ``p``'s living characters are weakened, they are refreshed; but E21: one a
    card weakened stays weakened through this refresh (its mark is spent), unless that leaves the
    side no character to fight (then all are refreshed: a side always has a fighter, E10)."""
    alive = living(s, p)
    if not alive or not all(char_at(s, p, i)["weakened"] for i in alive):
        return
    # .get: a match stored before E21 has no mark on its characters
    staying = [i for i in alive if char_at(s, p, i).get("stays_weakened", False)]
    for i in alive:
        char_at(s, p, i).update(weakened=i in staying and len(staying) < len(alive), stays_weakened=False)
    log(s, p, "refreshed", f"P{p + 1}'s characters are refreshed (E9)")


# --- phase 1 ------------------------------------------------------------------------------------


def choices(s: State, p: int) -> list[int]:
    """E10: player ``p``'s characters that may fight: alive and not weakened."""
    return [i for i in living(s, p) if not char_at(s, p, i)["weakened"]]


def pick_actions(s: State, p: int) -> list[Action]:
    """Every pair of an own and an opposing character that may fight."""
    return [
        Action(
            f"pick:{i}:{j}",
            f"{card_of(s, char_at(s, p, i)['card'])['name']} against {card_of(s, char_at(s, 1 - p, j)['card'])['name']}",
            {"own": i, "opponent": j},
        )
        for i in choices(s, p)
        for j in choices(s, 1 - p)
    ]


def apply_pick(s: State, p: int, action: Action) -> None:
    """The pair fights this round; their bonuses for this round and their plain abilities apply,
    the active player's fighter first (E8), and phase 2 begins."""
    fighters = [0, 0]
    fighters[p], fighters[1 - p] = int(action.params["own"]), int(action.params["opponent"])
    s.update(fighters=fighters, phase="cards")
    names = [card_of(s, char_at(s, q, fighters[q])["card"])["name"] for q in (p, 1 - p)]
    log(s, p, "pick", f"P{p + 1} picks {names[0]} against {names[1]}")
    for q in (p, 1 - p):
        give_bonuses(s, q, fighters[q], [s["round"]])
        entry = card_of(s, char_at(s, q, fighters[q])["card"])
        for effect in entry["effects"]:
            if _on_fight(effect):
                run(Ctx(s, q, entry, (q, fighters[q])), effect)
    after_step(s)


def _on_fight(effect: dict[str, object]) -> bool:
    """A character's ability without a round or rune that is no lasting change: it applies
    whenever the character fights (rule choice 12)."""
    return "round" not in effect and "rune" not in effect and not continuous(effect)


def after_step(s: State) -> None:
    """Phase 2 goes on, or, every card chosen, the round resolves up to phase 5."""
    if s["phase"] == "cards" and cards.advance(s):
        cards.resolve_cards(s)
        confront(s)
        end = fight_over(s)
        if end is None:
            s.update(phase="discard", discarding=s["active"])
        else:
            s["finish"] = list(end[0]), end[1]


# --- phase 3 and 4 ------------------------------------------------------------------------------


def confront(s: State) -> None:
    """Phase 3: the fighters' rune abilities (E18), then both strike at once, attack minus the
    other's defence; a spell that replaced the attack (E14) leaves that side without a strike; a
    fighter killed before still strikes (E17). Then phase 4."""
    order = (int(s["active"]), passive(s))
    f = s["fighters"]
    for p in order:
        entry = card_of(s, char_at(s, p, f[p])["card"])
        for effect in entry["effects"]:
            if "rune" in effect and "round" not in effect:
                run(Ctx(s, p, entry, (p, f[p])), effect)
    sides = [_side(s, p) for p in range(2)]
    for p in range(2):
        sides[p]["strike"] = max(0, sides[p]["attack"] - sides[1 - p]["defense"])
    for p in order:
        sides[1 - p]["physical_taken"] = damage(s, p, 1 - p, f[1 - p], sides[p]["strike"], spell=False)
    for p in range(2):
        char = char_at(s, p, f[p])
        sides[p].update(health=char["health"], dead=char["dead"])
    s["confrontation"] = {"round": s["round"], "sides": sides}
    log(s, None, "confrontation", _summary(s, sides))
    weaken_fighters(s)


def _side(s: State, p: int) -> dict[str, Any]:
    f = int(s["fighters"][p])
    tally = s["tally"][p]
    replaced = bool(tally["replaced"])
    return {
        "character": f,
        "attack": 0 if replaced else stat(s, p, f, "attack"),
        "replaced": replaced,
        "defense": stat(s, p, f, "defense"),
        "spirit": stat(s, p, f, "spirit"),
        "spell_taken": tally["spell"],
        "healed": tally["healed"],
        "strike": 0,
        "physical_taken": 0,
    }


def _summary(s: State, sides: list[dict[str, Any]]) -> str:
    f = s["fighters"]
    names = [card_of(s, char_at(s, p, f[p])["card"])["name"] for p in range(2)]
    return f"{names[0]} takes {sides[0]['physical_taken']}, {names[1]} takes {sides[1]['physical_taken']}"


def weaken_fighters(s: State) -> None:
    """Phase 4: a living fighter is weakened unless a card refreshed it (E9); the dead are buried
    (E11); this round's stat changes end (E8)."""
    for p in range(2):
        char = char_at(s, p, int(s["fighters"][p]))
        if not char["dead"]:
            char["weakened"] = char["after_fight"] != "fresh"
        for i, c in enumerate(s["players"][p]["characters"]):
            if c["dead"] and (c["attached"] or c["runes"] or c["raging"] or c["two_weapons"]):
                bury(s, p, i)
            c.update(mods=dict.fromkeys(STATS, 0), after_fight=None, bonuses=[])
    s["last_round"] = {
        "round": s["round"],
        "active": s["active"],
        "fighters": list(s["fighters"]),
        "played": [dict(r) for r in s["played"]],
        "bonuses": [dict(b) for b in s["bonuses"]],
        "confrontation": s["confrontation"],
    }


def fight_over(s: State) -> Finish | None:
    """E17: the match ends with this round when a side has no living character; both: E16."""
    out = [not living(s, p) for p in range(2)]
    if out[0] and out[1]:
        return by_points(s, "points")
    if out[0] or out[1]:
        return [1 if out[0] else 0], "defeated"
    return None


def by_points(s: State, termination: str) -> Finish:
    """E16: more points wins; equal points is a draw."""
    points = [int(player["points"]) for player in s["players"]]
    if points[0] == points[1]:
        return [], termination
    return [0 if points[0] > points[1] else 1], termination


# --- phase 5 and the end of the round -----------------------------------------------------------


def discard_actions(s: State, p: int) -> list[Action]:
    """Discard any card; keep the hand once it holds at most 5 (the seed's phase 5)."""
    hand = s["players"][p]["hand"]
    actions = [Action(f"discard:{cid}", f"Discard {card_of(s, cid)['name']}", {"card": cid}) for cid in hand]
    if len(hand) <= HAND:
        actions.append(Action("keep", "Keep the hand" if hand else "Keep the empty hand (and lose)", {}))
    return actions


def apply_discard(s: State, p: int, action: Action) -> None:
    """The card goes to the (open) discard pile."""
    cid = str(action.params["card"])
    s["players"][p]["hand"].remove(cid)
    s["players"][p]["discard"].append(cid)
    log(s, p, "discard", f"P{p + 1} discards {card_of(s, cid)['name']}", card=cid)


def apply_keep(s: State, p: int, action: Action) -> None:
    """The player is done; after the passive player, the round ends."""
    if p == s["active"]:
        s["discarding"] = passive(s)
        return
    end = round_over(s)
    if end is None:
        s["round"] += 1
        s["active"] = passive(s)
        start_round(s)
    else:
        s["finish"] = list(end[0]), end[1]


def round_over(s: State) -> Finish | None:
    """E15: a player who could not draw this round, or has no card after phase 5, loses; both at
    once: E16. After ``max_rounds`` rounds the points decide (rule choice 14)."""
    lost = [bool(pl["cannot_draw"]) or not pl["hand"] for pl in s["players"]]
    if lost[0] and lost[1]:
        return by_points(s, "points")
    if lost[0] or lost[1]:
        return [1 if lost[0] else 0], "out_of_cards"
    if s["round"] >= s["options"]["max_rounds"]:
        return by_points(s, "round_limit")
    return None
