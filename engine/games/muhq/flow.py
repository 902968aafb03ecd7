"""The course of a muhq match: who acts, and what an action does. The parts live by sub-domain:
``legal`` (the legal actions), ``stack`` (the action stack, M15), ``activation`` (a unit's
activation, M8), ``turns`` (the turn and its phases), ``kraken`` (the Kraken's turn, M21) and
``draft`` (M3, M23).
"""

from __future__ import annotations

from engine.core.match import Action
from engine.games.muhq.activation import close_activation, set_down, unit_step
from engine.games.muhq.draft import apply_pick
from engine.games.muhq.outcome import gain
from engine.games.muhq.rules import remove
from engine.games.muhq.stack import STACKED, commit, resolve_stack
from engine.games.muhq.state import State, log, name_of
from engine.games.muhq.turns import end_turn, upkeep_payment


def actor(s: State) -> int | None:
    """The seat to act: a seat asked to respond, one with a pending choice, else the active one."""
    if s["outcome"] is not None:
        return None
    if s["draft"] is not None:
        return int(s["draft"]["to_pick"][0])
    if s["window"]:
        return int(s["window"][0])
    if s["pending"] is not None:
        return int(s["pending"]["player"])
    return int(s["active"])


def apply(s: State, p: int, action: Action) -> None:
    kind = action.id.split(":", 1)[0]
    params = dict(action.params)
    if kind == "draft":
        apply_pick(s, p, params["card"])
        return
    if kind == "pass":
        s["window"].pop(0)
        if not s["window"]:
            resolve_stack(s)
    elif kind == "exchange":
        for cid in params["cards"]:
            s["players"][p]["hand"].remove(cid)
            s["players"][p]["discard"].append(cid)
        log(s, p, "exchange", f"P{p + 1} discards two cards for 1 resource")
        gain(s, p, 1)
    elif kind in STACKED:
        commit(s, p, kind, params)
    elif kind == "release":
        remove(s, params["unit"], "defeated")
        upkeep_payment(s, p)
    elif kind == "setdown":
        set_down(s, p, params)
    elif kind == "buy":
        me = s["players"][p]
        me["store"].remove(params["card"])
        me["discard"].append(params["card"])
        me["resources"] -= params["cost"]
        me["bought"] = True
        log(s, p, "buy", f"P{p + 1} buys {name_of(s, params['card'])}", card=params["card"])
    elif kind == "discard":
        s["players"][p]["hand"].remove(params["card"])
        s["players"][p]["discard"].append(params["card"])
    elif action.id == "end:actions":
        s["phase"] = "buy"
    elif action.id == "end:turn":
        end_turn(s)
    else:
        unit_step(s, p, kind, params)
    close_activation(s)
