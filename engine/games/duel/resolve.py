"""The queue of what happens next, and the decisions it waits for: traps (A9) and targets.

After every action the engine runs the queue (``run``) until it is empty, the match is over, or a
player must decide (``pending``):

- ``trap``: the opponent of the attacking or summoning player holds a face-down card. They are asked
  whenever they hold one, so being asked tells nothing of which trap it is (rule choice 4); they
  spring one whose trigger fits (``spring:<card>``) or none (``pass``). A sprung trap turns face
  up, resolves, then goes to the graveyard, all before the attack or summon (A9).
- ``target``: an effect's owner chooses among several targets (``target:<option>``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.match import Action
from engine.games.duel import combat, play, turns, zones
from engine.games.duel.cards import term_of
from engine.games.duel.state import State, card_of, log, name_of
from engine.games.duel.terms import COUNTED, HANDLERS

Task = zones.Task


def run(s: State) -> None:
    """Run queued tasks until none is left, a decision is pending or the match is over."""
    queue = s["queue"]
    while queue and s["pending"] is None and s["outcome"] is None:
        task = queue.pop(0)
        TASKS[task["t"]](s, task)


def effect_task(s: State, task: Task) -> None:
    """One effect resolves (terms.py), its owner choosing where it offers a choice."""
    term = HANDLERS[term_of(task["effect"])]
    options = term.options(s, task) if term.options is not None else None
    if options is None:
        assert term.run is not None
        term.run(s, task)
    elif not options:
        log(s, task["owner"], "no_target", f"{name_of(s, task['source'])}: nothing to act on")
    elif len(options) == 1:
        _choose(s, task, options[0][0])
    else:
        s["pending"] = {"kind": "target", "player": task["owner"], "task": task, "options": options}


def _choose(s: State, task: Task, option: str) -> None:
    choose = HANDLERS[term_of(task["effect"])].choose
    assert choose is not None
    choose(s, task, option)
    if term_of(task["effect"]) in COUNTED and task["left"] > 1:
        zones.queue_front(s, [{**task, "left": task["left"] - 1}])


def target_actions(s: State, p: int) -> list[Action]:
    """The owner's choices for the pending effect."""
    pending = s["pending"]
    source = name_of(s, pending["task"]["source"])
    return [Action(f"target:{option}", f"{source}: {label}", {}) for option, label in pending["options"]]


def apply_target(s: State, p: int, action: Action) -> None:
    """Carry out the chosen target; the queue goes on."""
    task = s["pending"]["task"]
    s["pending"] = None
    _choose(s, task, action.id.split(":", 1)[1])


# --- traps (A9) ------------------------------------------------------------------------------------------


def window_task(s: State, task: Task) -> None:
    """Ask the defending player about their traps when they hold any face-down card."""
    p = task["player"]
    if any(entry["face_down"] for entry in s["players"][p]["support"]):
        s["pending"] = {"kind": "trap", "player": p, "trigger": task["trigger"]}


def trap_actions(s: State, p: int) -> list[Action]:
    """``pass``, or spring a face-down trap whose trigger is the pending one."""
    trigger = s["pending"]["trigger"]
    what = "attack" if trigger == "attacked" else "summon"
    actions = [Action("pass", f"Spring no trap against the {what}", {})]
    for entry in s["players"][p]["support"]:
        if entry["face_down"] and card_of(s, entry["card"])["on"][trigger]:
            cid = entry["card"]
            actions.append(Action(f"spring:{cid}", f"Spring {name_of(s, cid)}", {}))
    return actions


def apply_pass(s: State, p: int, action: Action) -> None:
    """No trap: the attack or summon goes on."""
    s["pending"] = None


def apply_spring(s: State, p: int, action: Action) -> None:
    """The trap turns face up and resolves before the attack or summon, then goes to the graveyard."""
    trigger = s["pending"]["trigger"]
    s["pending"] = None
    cid = action.id.split(":", 1)[1]
    for entry in s["players"][p]["support"]:
        if entry["card"] == cid:
            entry["face_down"] = False
    log(s, p, "spring", f"P{p + 1} springs {name_of(s, cid)}", card=s["cards"][cid])
    tasks = zones.effect_tasks(s, p, cid, trigger)
    zones.queue_front(s, [*tasks, {"t": "to_grave", "player": p, "card": cid}])


def auto_task(s: State, task: Task) -> None:
    """Cards in play (not traps) that act by themselves on ``attacked`` or ``opponent_summons``."""
    p = task["player"]
    tasks = [t for cid in zones.in_play(s, p) for t in zones.effect_tasks(s, p, cid, task["trigger"])]
    zones.queue_front(s, tasks)


TASKS: dict[str, Callable[[State, Task], None]] = {
    "effect": effect_task,
    "window": window_task,
    "auto": auto_task,
    "combat": combat.resolve_attack,
    "entered": play.entered_task,
    "to_grave": play.to_grave_task,
    "draw": turns.draw_task,
    "turn_start": turns.turn_start_task,
    "phase": turns.phase_task,
}
