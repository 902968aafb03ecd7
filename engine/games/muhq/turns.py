"""The turn (rules.md "Zug Struktur"): the seat's cards untap (M8), it draws up to three (M11),
upkeep (income M10, ``upkeep`` effects, then the seat pays its units or lets any go: M9, M30), the
action phase, the buy phase (one buy, discards), end of turn (turn bonuses end, Stecken des Sieges
and capture points are checked, M20, M27). Seats out of the match are skipped (M26). Against the
Kraken, it takes its turn after each full round (M21, ki.md).
"""

from __future__ import annotations

from engine.games.muhq.kraken import kraken_turn
from engine.games.muhq.outcome import finish, gain, regions_held
from engine.games.muhq.rules import run_effect, upkeep_due
from engine.games.muhq.state import HAND_SIZE, State, card_of, draw, game_map, is_kraken_mode, log, rng_of, units_of


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
    s["pending"] = {"kind": "upkeep", "player": p}
    upkeep_settled(s, p)


def upkeep_settled(s: State, p: int) -> None:
    """M9, M30: the seat pays its units' upkeep, or lets any of them go first (each defeated), even
    when it could pay them all; with no unit left there is nothing to decide."""
    if s["outcome"] is not None or not units_of(s, p):
        s["pending"] = None


def pay_upkeep(s: State, p: int) -> None:
    """The seat pays the upkeep of every unit it controls (M9)."""
    due = upkeep_due(s, p)
    s["players"][p]["resources"] -= due
    s["pending"] = None
    log(s, p, "upkeep", f"P{p + 1} pays {due} upkeep")


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
    nxt, new_round = _next_seat(s, p)
    if new_round:
        if is_kraken_mode(s):
            kraken_turn(s)
            if s["outcome"] is not None:
                return
        s["round"] += 1
        if s["round"] > int(s["options"]["max_rounds"]):
            finish(s, [], "turn_limit")
            return
    start_turn(s, nxt)


def _next_seat(s: State, p: int) -> tuple[int, bool]:
    """The next seat in the match (M26: seats out of it are skipped), and whether a new round
    begins (the first seat's place is passed)."""
    seats, new_round = len(s["players"]), False
    for offset in range(1, seats + 1):
        q = (p + offset) % seats
        new_round = new_round or q == s["first"]
        if q not in s["eliminated"]:
            return q, new_round
    return p, new_round  # never: the match ends while a seat is left (M26)


def start_match(s: State) -> None:
    """M22: the first seat by the match's random source (or the option); its first turn begins."""
    first = s["options"].get("first_player")
    seats = len(s["players"])
    s["first"] = first if isinstance(first, int) and first < seats else rng_of(s).below(seats)
    s["turn"] = 0
    start_turn(s, s["first"])
