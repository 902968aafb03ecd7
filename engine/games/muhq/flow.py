"""The course of a muhq match: who acts, what an action does, and what follows by itself. The parts
live by sub-domain: ``legal`` (the legal actions), ``stack`` (the action stack, M15, M30),
``activation`` (a unit's activation, M8), ``dropping`` (what waits to be set down, M31), ``turns``
(the turn and its phases), ``kraken`` (the Kraken's turn, M21) and ``draft`` (M3, M23).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.match import Action
from engine.games.muhq.activation import close_activation, unit_step
from engine.games.muhq.draft import apply_pick
from engine.games.muhq.dropping import place, settle
from engine.games.muhq.outcome import gain
from engine.games.muhq.rules import remove
from engine.games.muhq.stack import STACKED, commit, step
from engine.games.muhq.state import State, log, name_of
from engine.games.muhq.turns import end_turn, pay_upkeep, upkeep_settled

Params = dict[str, Any]


def actor(s: State) -> int | None:
    """The seat to act: in the draft the next to pick; else the seat that sets the first waiting
    permanent down (M31), a seat asked to respond (M15), one with a pending choice (upkeep), or the
    active one."""
    if s["outcome"] is not None:
        return None
    if s["draft"] is not None:
        return int(s["draft"]["to_pick"][0])
    if s["dropping"]:
        return int(s["dropping"][0]["by"])
    if s["window"]:
        return int(s["window"][0])
    if s["pending"] is not None:
        return int(s["pending"]["player"])
    return int(s["active"])


def apply(s: State, p: int, action: Action) -> None:
    """Carry out seat ``p``'s legal ``action``, then whatever follows without a question."""
    kind = action.id.split(":", 1)[0]
    params = dict(action.params)
    if kind == "draft":
        apply_pick(s, p, params["card"])
        return
    if kind in STACKED:
        commit(s, p, kind, params)
    elif action.id in ("end:actions", "end:turn"):
        _end(s, action.id)
    else:
        ACTIONS.get(kind, unit_step)(s, p, kind, params)
    advance(s)


def advance(s: State) -> None:
    """What happens without a question, until a seat must decide: the waiting permanents no seat
    places are set down, the stack steps on while nobody is asked, a finished activation closes,
    and the turn of a seat that is out of the match passes on (M26)."""
    while s["outcome"] is None:
        if settle(s) or s["window"]:
            return
        if s["stack"]:
            step(s)
            continue
        close_activation(s)
        if s["active"] not in s["eliminated"]:
            return
        s["activation"] = None
        end_turn(s)


def _pass(s: State, p: int, kind: str, params: Params) -> None:
    s["window"].pop(0)


def _exchange(s: State, p: int, kind: str, params: Params) -> None:
    """rules.md: at any time two hand cards onto the discard pile for 1 resource."""
    for cid in params["cards"]:
        s["players"][p]["hand"].remove(cid)
        s["players"][p]["discard"].append(cid)
    log(s, p, "exchange", f"P{p + 1} discards two cards for 1 resource")
    gain(s, p, 1)


def _release(s: State, p: int, kind: str, params: Params) -> None:
    remove(s, params["unit"], "defeated")
    upkeep_settled(s, p)


def _pay(s: State, p: int, kind: str, params: Params) -> None:
    pay_upkeep(s, p)


def _setdown(s: State, p: int, kind: str, params: Params) -> None:
    place(s, s["dropping"][0], (params["x"], params["y"]))


def _buy(s: State, p: int, kind: str, params: Params) -> None:
    me = s["players"][p]
    me["store"].remove(params["card"])
    me["discard"].append(params["card"])
    me["resources"] -= params["cost"]
    me["bought"] = True
    log(s, p, "buy", f"P{p + 1} buys {name_of(s, params['card'])}", card=params["card"])


def _discard(s: State, p: int, kind: str, params: Params) -> None:
    s["players"][p]["hand"].remove(params["card"])
    s["players"][p]["discard"].append(params["card"])


def _end(s: State, which: str) -> None:
    if which == "end:actions":
        s["phase"] = "buy"
    else:
        end_turn(s)


ACTIONS: dict[str, Callable[[State, int, str, Params], None]] = {
    "pass": _pass,
    "exchange": _exchange,
    "release": _release,
    "pay": _pay,
    "setdown": _setdown,
    "buy": _buy,
    "discard": _discard,
}
