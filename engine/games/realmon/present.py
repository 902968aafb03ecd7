"""How Realmon matches are presented on the play page (engine.core.presentation): the action
groups, the prompt, the termination in words, and the board's figures (``present``): each seat's
side of the table, and the last fight broken down line by line (R7: category value, combat cards
with their critical hits, field and monster effects, the Realm bonus with its dice)."""

from __future__ import annotations

from typing import Any

from engine.core.presentation import JSON, Presentation, gettext_noop
from engine.games.realmon.phrases import PHRASES

PROMPTS = {
    "draft": gettext_noop("Pick a monster of the pile in your hands; the rest goes on to the other player (R20)."),
    "announce": gettext_noop("Reveal an action card as the field effect, or set the category: roll or announce."),
    "lay": gettext_noop("Lay one monster and any combat cards face down (their costs within its Realm)."),
    "discard": gettext_noop("Discard a special card."),
}
CATEGORY_NAMES = {  # the game's names (R2), msgids: only Stability reads differently in German
    "dominanz": "Dominanz",
    "echo": "Echo",
    "chaos": "Chaos",
    "crunch": "Crunch",
    "glitch": "Glitch",
    "stability": gettext_noop("Stability"),
}


def prompt(view: JSON) -> str:
    """What the seat to act is asked."""
    return PROMPTS.get(str(view.get("phase")), "")


def fight_lines(side: JSON, category: str) -> list[JSON]:
    """One side's fight value as lines of ``{"kind", "label", "amount", ...}`` (R7)."""
    team = [side["monster"], *([side["helper"]] if side.get("helper") else [])]  # R17: a team of two
    lines: list[JSON] = [
        {
            "kind": "category",
            "label": f"{monster['name']}: {CATEGORY_NAMES[category]}",
            "monster": monster["name"],
            "category_name": CATEGORY_NAMES[category],  # the board translates it
            "amount": monster["values"][category] if len(team) > 1 else side["value"],
        }
        for monster in team
    ]
    for part in side["combat"]:
        lines.append(
            {
                "kind": "combat",
                "label": part["card"]["name"],
                "amount": part["amount"],
                "crit": part.get("crit"),
                "roll": part.get("roll"),
                "blocked": part.get("blocked", False),
            }
        )
    for part in side["field"]:
        lines.append(
            {"kind": part["source"], "label": part["card"]["name"], "amount": part["amount"], "roll": part.get("roll")}
        )
    roll = side.get("bonus_roll")
    if roll is not None:
        lines.append(
            {
                "kind": "bonus",
                "label": gettext_noop("Realm bonus"),
                "amount": side["bonus"],
                "dice": roll["faces"],
                "rolled": roll["dice"],
                "target": roll["target"],
                "hit": roll["hit"],
                "rerolled": roll.get("rerolled"),
                "die_as": roll.get("die_as"),
            }
        )
    return lines


def _fight(view: JSON) -> JSON | None:
    fight: Any = view.get("fight")
    if not fight:
        return None
    sides = [
        {
            "index": side["player"],
            "monster": side["monster"],
            "helper": side.get("helper"),
            "immune": side["immune"],
            "lines": fight_lines(side, fight["category"]),
            "total": side["total"],
            "won": fight["winner"] == side["player"],
            "attacker": fight["attacker"] == side["player"],
        }
        for side in fight["sides"]
    ]
    return {**fight, "category_name": CATEGORY_NAMES[fight["category"]], "sides": sides}


def _side(view: JSON, p: int, viewer: int | None) -> JSON:
    player = view["players"][p]
    roles = []
    if view.get("announcer") == p:
        roles.append("announcer")
    if view.get("attacker") is not None:
        roles.append("attacker" if view["attacker"] == p else "defender")
    return {
        "index": p,
        "p": player,
        "is_me": viewer == p,
        "to_act": view.get("to_act") == p,
        "roles": roles,
        "abyss_count": len(player["abyss"]),
    }


def present(view: JSON, viewer: int | None) -> JSON:
    """The board's figures: both sides (the viewer's first) and the last fight broken down."""
    order = [viewer, 1 - viewer] if viewer in (0, 1) else [0, 1]
    category = view.get("category")
    return {
        "sides": [_side(view, p, viewer) for p in order if p is not None],
        "fight": _fight(view),
        "category_name": CATEGORY_NAMES.get(category, "") if category else "",
    }


PRESENTATION = Presentation(
    action_groups=(
        (gettext_noop("Monster draft"), ("pick",)),
        (gettext_noop("Field effect"), ("field",)),
        (gettext_noop("Category"), ("dice", "announce")),
        (gettext_noop("Lay face down"), ("lay",)),
        (gettext_noop("Discard"), ("discard",)),
    ),
    prompt=prompt,
    terminations={"monsters_exhausted": gettext_noop("a player had no monster left to lay")},
    present=present,
    phrases=PHRASES,
)
