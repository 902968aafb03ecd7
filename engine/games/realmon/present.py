"""How Realmon matches are presented on the play page (engine.core.presentation): the action
groups, the prompt, the termination in words, and the board's figures (``present``): each side's
fight value broken down line by line, from the last fight of the viewer's state."""

from __future__ import annotations

from typing import Any

from engine.core.presentation import JSON, Presentation, gettext_noop

PROMPTS = {
    "announce": gettext_noop("Reveal an action card as the field effect, or set the category: roll or announce."),
    "lay": gettext_noop("Lay one monster and any combat cards face down (their costs within its Realm)."),
    "discard": gettext_noop("Discard a special card."),
}


def prompt(view: JSON) -> str:
    """What the seat to act is asked."""
    return PROMPTS.get(str(view.get("phase")), "")


def fight_lines(side: JSON, category: str | None) -> list[JSON]:
    """One side's fight value as lines of ``{"label", "amount"}`` (R7): the category value, each
    combat card (crit doubled), each field or monster effect, the Realm bonus; then the total."""
    lines: list[JSON] = [{"label": f"{side['monster']['name']}: {category}", "amount": side["value"]}]
    for part in side["combat"]:
        crit = " ×2" if part.get("crit") else ""
        lines.append({"label": f"{part['card']['name']}{crit}", "amount": part["amount"]})
    for part in side["field"]:
        rolled = f" (rolled {part['roll']})" if part.get("roll") is not None else ""
        lines.append({"label": f"{part['card']['name']}{rolled}", "amount": part["amount"]})
    roll = side.get("bonus_roll")
    if roll is not None:
        faces = ", ".join(str(f) for f in roll["faces"])
        lines.append({"label": f"Realm bonus: {faces} vs {roll['target']}", "amount": side["bonus"]})
    return lines


def present(view: JSON, viewer: int | None) -> JSON:
    """The board's figures: the last fight broken down per seat (or nothing before the first)."""
    fight: Any = view.get("fight")
    if not fight:
        return {"fight_lines": None}
    return {"fight_lines": [fight_lines(side, fight["category"]) for side in fight["sides"]]}


PRESENTATION = Presentation(
    action_groups=(
        (gettext_noop("Field effect"), ("field",)),
        (gettext_noop("Category"), ("dice", "announce")),
        (gettext_noop("Lay face down"), ("lay",)),
        (gettext_noop("Discard"), ("discard",)),
    ),
    prompt=prompt,
    terminations={"monsters_exhausted": gettext_noop("a player had no monster left to lay")},
    present=present,
)
