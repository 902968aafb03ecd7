"""The turn (rules.md "Zug Struktur"): the seat's cards untap (M8), it draws up to three (M11),
upkeep (income M10, ``upkeep`` effects, paying the units M9), the action phase, the buy phase (one
buy, discards), end of turn (turn bonuses end, Stecken des Sieges and capture points are checked,
M20). Against the Kraken, it takes its turn after each full round (M21, ki.md).
"""

from __future__ import annotations

from engine.games.muhq.kraken import kraken_turn
from engine.games.muhq.outcome import finish, gain, regions_held
from engine.games.muhq.rules import run_effect, upkeep_due
from engine.games.muhq.state import HAND_SIZE, State, card_of, draw, game_map, is_kraken_mode, log, rng_of


def start_turn(s: State, p: int) -> None:
    """Untap, draw up to three, upkeep (M8, M9, M10, M11)."""
    s["active"], s["phase"], s["activation"] = p, "actions", None
    s["turn"] += 1
    me = s["players"][p]
    me["bought"] = False
    for perm in s["perms"].values():
        if perm["controller"] == p:
            perm["tapped"] = False
    draw(s, p, max(0, HAND_SIZE - len(me["hand"])))
    gm = game_map(s)
    gain(s, p, gm.resources_per_turn)
    for pid in [pid for pid, perm in s["perms"].items() if perm["controller"] == p]:
        for effect in card_of(s, pid)["effects"] if pid in s["perms"] else []:
            if effect.get("when") == "upkeep":
                run_effect(s, effect, p, source=pid)
    log(s, p, "turn", f"P{p + 1}'s turn {s['turn']} begins")
    upkeep_payment(s, p)


def upkeep_payment(s: State, p: int) -> None:
    """M9: when the resources cover every unit's upkeep all are paid; otherwise the controller
    lets units go (each defeated) until they do."""
    if s["outcome"] is not None:
        return
    due = upkeep_due(s, p)
    me = s["players"][p]
    if due > me["resources"]:
        s["pending"] = {"kind": "upkeep", "player": p}
        return
    me["resources"] -= due
    s["pending"] = None


def end_turn(s: State) -> None:
    """Turn bonuses end; Stecken des Sieges (its holder's turn) and capture points (an opponent's
    turn) are checked (M20); the next seat begins, the Kraken after each full round (M21)."""
    p = s["active"]
    for perm in s["perms"].values():
        perm["buff"] = {}
    victory = game_map(s).victory
    seats = len(s["players"])
    if victory.kind == "staff_of_victory":
        for pid, perm in s["perms"].items():
            if card_of(s, pid)["victory"] and perm["on"] is not None and perm["controller"] == p:
                finish(s, [p], "staff_of_victory")
                return
    if victory.kind == "capture_points":
        held = regions_held(s)
        need = int(victory.params.get("hold", 1))
        for q in range(seats):
            if q != p and held[q] >= need and all(held[q] > held[o] for o in range(seats) if o != q):
                finish(s, [q], "capture_points")
                return
    nxt = (p + 1) % seats
    if nxt == s["first"]:
        if is_kraken_mode(s):
            kraken_turn(s)
            if s["outcome"] is not None:
                return
        s["round"] += 1
        if s["round"] > int(s["options"]["max_rounds"]):
            finish(s, [], "turn_limit")
            return
    start_turn(s, nxt)


def start_match(s: State) -> None:
    """M22: the first seat by the match's random source (or the option); its first turn begins."""
    first = s["options"].get("first_player")
    seats = len(s["players"])
    s["first"] = first if isinstance(first, int) and first < seats else rng_of(s).below(seats)
    s["turn"] = 0
    start_turn(s, s["first"])
