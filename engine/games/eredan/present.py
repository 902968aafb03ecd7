"""How Eredan matches are presented on the one play page (engine.core.presentation).

``present`` gives the board what the view does not spell out: the seats in drawing order (the
viewer's side below), each phase's name, and the confrontation's damage broken down in words.
"""

from __future__ import annotations

from typing import Any

from engine.core.presentation import Presentation, gettext_noop

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


def breakdown(view: JSON) -> list[JSON]:
    """The last confrontation per seat: who struck how hard, what spells and heals did."""
    last = view.get("confrontation") or (view.get("last_round") or {}).get("confrontation")
    if not last:
        return []
    rows = []
    for p, side in enumerate(last["sides"]):
        char = view["players"][p]["characters"][side["character"]]
        rows.append({"player": p, "name": char["card"]["name"], "round": last["round"], **side})
    return rows


def present(view: JSON, viewer: int | None) -> JSON:
    """Extra values for the board template."""
    order = [1, 0] if viewer == 0 else [0, 1] if viewer == 1 else [1, 0]
    return {
        "seats": order,
        "phase_name": PHASES.get(str(view.get("phase")), ""),
        "breakdown": breakdown(view),
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
)
