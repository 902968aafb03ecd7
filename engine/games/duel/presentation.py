"""How duel matches show on the play page: action groups, the prompt, termination words, and the
order of the two fields on the board (the viewer's own field at the bottom)."""

from __future__ import annotations

from engine.core.presentation import JSON, Presentation, gettext_noop

_ = gettext_noop

ACTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (_("Traps"), ("spring", "pass")),
    (_("Choose a target"), ("target",)),
    (_("Positions"), ("switch", "begin")),
    (_("Summon"), ("summon",)),
    (_("Play a card"), ("set", "cast", "equip", "reinforce")),
    (_("Attack"), ("attack",)),
    (_("Discard down to 7"), ("discard",)),
    (_("End the turn"), ("end",)),
)

TERMINATIONS = {
    "life": _("a player's life fell to 0"),
    "deck_out": _("a player had to draw from an empty deck"),
    "both_lost": _("both players lost at once: a draw"),
    "gleichstand": _("Gleichstand: neither player could still win"),
    "turn_limit": _("the turn limit was reached: a draw"),
}


def prompt(view: JSON) -> str:
    """What the seat to act is asked, from its own view."""
    pending = view.get("pending")
    if pending:
        if pending["kind"] == "trap":
            if pending["trigger"] == "attacked":
                return _("Your opponent attacks: spring a trap?")
            return _("Your opponent summons a creature: spring a trap?")
        return _("Choose a target for the effect.")
    return {
        "positions": _("Switch the positions of your creatures, then go on."),
        "main": _("Summon, play cards and attack in any order, then end the turn."),
        "discard": _("Discard down to 7 cards."),
    }.get(str(view.get("phase")), "")


def present(view: JSON, viewer: int | None) -> JSON:
    """The fields top to bottom: the opponent's, then the viewer's own (a spectator: P2, then P1);
    each with its seat, whether it is the viewer's, and its support cards with the name of the
    creature a weapon equips."""
    bottom = viewer if viewer is not None else 0
    order = (1 - bottom, bottom)
    return {"top": order[0], "bottom": order[1], "fields": [_field(view, p, viewer) for p in order]}


def _field(view: JSON, p: int, viewer: int | None) -> JSON:
    player = view["players"][p]
    names = {c["card"]["id"]: c["card"]["name"] for c in player["creatures"]}
    support = [{**entry, "equips_name": names.get(entry.get("equips") or "", "")} for entry in player["support"]]
    return {"seat": p, "label": f"P{p + 1}", "mine": p == viewer, "player": player, "support": support}


PRESENTATION = Presentation(action_groups=ACTION_GROUPS, prompt=prompt, terminations=TERMINATIONS, present=present)
