"""How Eredan matches are presented on the one play page (engine.core.presentation).

``present`` gives the board what the view does not spell out: the seats in drawing order (the
viewer's side below), each phase's name, the pair's names, the phase-2 cards to show (this
round's, else the last round's) and the confrontation's damage broken down.
"""

from __future__ import annotations

from typing import Any

from engine.core.presentation import Presentation, gettext_noop
from engine.games.eredan.phrases import PHRASES

JSON = dict[str, Any]

PHASES = {
    "choose": gettext_noop("Phase 1: choosing the fighters"),
    "cards": gettext_noop("Phase 2: playing cards"),
    "discard": gettext_noop("Phase 5: discarding"),
    "over": gettext_noop("The match is over"),
}


def prompt(view: JSON) -> str:
    """What the seat to act is asked."""
    phase = view.get("phase")
    if phase == "choose":
        return gettext_noop("Pick one of your characters and one of your opponent's to fight.")
    if phase == "cards":
        step = view.get("step") or {}
        if step.get("card") == 2:
            return gettext_noop("Your first card grants a chain: play a second card, or none.")
        return gettext_noop("Play a card face down for your fighter, or pass.")
    if phase == "discard":
        return gettext_noop("Discard as many cards as you like (down to 5), then keep your hand.")
    return ""


TYPE_NAMES = {
    "character": gettext_noop("character"),
    "item": gettext_noop("item"),
    "weapon": gettext_noop("weapon"),
    "armor": gettext_noop("armour"),
    "spell": gettext_noop("spell"),
    "theurgy": gettext_noop("theurgy"),
    "action": gettext_noop("action"),
    "potion": gettext_noop("potion"),
    "ally": gettext_noop("ally"),
    "location": gettext_noop("location"),
}


def _name(view: JSON, p: int, i: int) -> str:
    return str(view["players"][p]["characters"][i]["card"]["name"])


def breakdown(view: JSON) -> list[JSON]:
    """The latest confrontation per seat: the fighter, its attack (or the spell that replaced it,
    E14), the other's defence, its strike, and what its fighter took and regained this round."""
    last = view.get("confrontation") or (view.get("last_round") or {}).get("confrontation")
    if not last:
        return []
    sides = last["sides"]
    return [
        {
            "seat": p,
            "name": _name(view, p, side["character"]),
            "round": last["round"],
            "against": sides[1 - p]["defense"],
            **side,
        }
        for p, side in enumerate(sides)
    ]


def _played(view: JSON) -> tuple[int | None, list[JSON]]:
    """This round's phase-2 cards in the seed's order, else the last round's."""
    if view.get("played"):
        return int(view["round"]), list(view["played"])
    last = view.get("last_round")
    return (int(last["round"]), list(last["played"])) if last else (None, [])


def _sides(view: JSON, viewer: int | None) -> list[JSON]:
    order = [1, 0] if viewer in (0, None) else [0, 1]  # the viewer's side below
    return [
        {
            "seat": p,
            "is_viewer": viewer == p,
            "active": view["active"] == p,
            "to_act": view["to_act"] == p and not view["finished"],
            **view["players"][p],
        }
        for p in order
    ]


def present(view: JSON, viewer: int | None) -> JSON:
    """Extra values for the board template: the sides in drawing order, the phase, the pair, the
    round bonuses, the phase-2 cards and the confrontation's breakdown."""
    fighters = view.get("fighters")
    played_round, played = _played(view)
    return {
        "sides": _sides(view, viewer),
        "phase_name": PHASES.get(str(view.get("phase")), ""),
        "pair": [_name(view, p, fighters[p]) for p in (view["active"], 1 - view["active"])] if fighters else None,
        "bonuses": [{**b, "name": _name(view, b["player"], b["character"])} for b in view.get("bonuses", [])],
        "played_round": played_round,
        "played": played,
        "breakdown": breakdown(view),
        "type_names": TYPE_NAMES,
    }


PRESENTATION = Presentation(
    action_groups=(
        (gettext_noop("Choose the fighters"), ("pick",)),
        (gettext_noop("Play a card"), ("play", "pass")),
        (gettext_noop("Discard"), ("discard", "keep")),
    ),
    prompt=prompt,
    terminations={
        "defeated": gettext_noop("every character of one side is dead"),
        "points": gettext_noop("the points decided (both sides fell, or both ran out of cards)"),
        "out_of_cards": gettext_noop("a player ran out of cards"),
        "round_limit": gettext_noop("the round limit was reached; the points decided"),
    },
    present=present,
    phrases=PHRASES,
)
