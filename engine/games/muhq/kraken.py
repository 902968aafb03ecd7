"""The Kraken's turn (ki.md "Der Kraken", M21), run by the engine: it reshuffles, gains, pays its
upkeep, plays cards while they are playable, then its units act by their behaviours.
"""

from __future__ import annotations

from engine.games.muhq.activation import auto_activate
from engine.games.muhq.dropping import engine_runs
from engine.games.muhq.outcome import finish, gain
from engine.games.muhq.placing import new_perm, play_fields
from engine.games.muhq.rules import harmful, remove, run_term, spell_aim, targets, term_of, upkeep_due
from engine.games.muhq.state import KRAKEN, State, card_of, game_map, log, rng_of, units_of


def kraken_turn(s: State) -> None:
    """ki.md's turn of the Kraken, step by step; then its units act by their behaviours in a
    random order; the players lose when afterwards none of them controls a unit. What drops
    meanwhile is placed by the seeded random source, as every ambiguity of ki.md."""
    engine_runs(s, lambda: _turn(s))


def _turn(s: State) -> None:
    k = s["kraken"]
    gm = game_map(s)
    assert gm.kraken is not None
    log(s, KRAKEN, "turn", "The Kraken's turn begins")
    for perm in s["perms"].values():
        if perm["controller"] == KRAKEN:
            perm["tapped"] = False
    if not k["deck"] and k["discard"]:  # 0.
        k["deck"] = sorted(k["discard"])
        k["discard"] = []
        rng_of(s).shuffle(k["deck"])
    gain(s, KRAKEN, gm.kraken.resources(len(s["players"])))  # 1.
    boss = gm.victory.params.get("unit")
    while upkeep_due(s, KRAKEN) > k["resources"]:  # 2.1
        victims = sorted(pid for pid in units_of(s, KRAKEN) if card_of(s, pid)["slug"] != boss)
        if not victims:
            break
        remove(s, rng_of(s).choice(victims), "defeated")
    k["resources"] = max(0, k["resources"] - upkeep_due(s, KRAKEN))  # 2.2
    while k["deck"] and s["outcome"] is None:  # 3.
        cid = k["deck"].pop()  # 3.1
        if not _kraken_plays(s, cid):  # 3.2
            k["discard"].append(cid)  # 4.
            break
    order = sorted(units_of(s, KRAKEN))
    rng_of(s).shuffle(order)
    for pid in order:
        if s["outcome"] is not None:
            return
        if pid in s["perms"] and not s["perms"][pid]["tapped"] and s["perms"][pid]["on"] is None:
            auto_activate(s, KRAKEN, pid)
    if s["outcome"] is None and not any(units_of(s, p) for p in range(len(s["players"]))):
        finish(s, [], "kraken_won")


def _kraken_plays(s: State, cid: str) -> bool:
    """M21: a unit is playable onto a free Kraken start field (chosen at random), a spell when it
    has a player's unit to aim at (a helpful one: a Kraken unit)."""
    card = card_of(s, cid)
    if card["type"] == "spell":
        aim = spell_aim(card)
        options = (
            []
            if aim is None
            else [
                t
                for t in targets(s, aim, KRAKEN, source=None)
                if (s["perms"][t]["controller"] == KRAKEN) != harmful(aim)
            ]
        )
        if aim is not None and not options:
            return False
        target = rng_of(s).choice(options) if options else None
        log(s, KRAKEN, "spell", f"The Kraken casts {card['name']}", card=cid)
        for effect in card["effects"]:
            run_term(s, term_of(effect), effect, KRAKEN, None, target)
        s["kraken"]["discard"].append(cid)
        return True
    fields = play_fields(s, KRAKEN, cid)
    if not fields:
        return False
    x, y = rng_of(s).choice(fields)
    new_perm(s, cid, KRAKEN, x, y)
    log(s, KRAKEN, "play", f"The Kraken plays {card['name']} on ({x}, {y})", card=cid)
    return True
