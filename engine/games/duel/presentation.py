"""How duel matches show on the play page: action groups, the prompt, termination words; what the
board shows beyond the view is ``board.present``."""

from __future__ import annotations

from engine.core.presentation import JSON, Presentation, gettext_noop
from engine.games.duel.board import present
from engine.games.duel.phrases import PHRASES

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


PRESENTATION = Presentation(
    action_groups=ACTION_GROUPS, prompt=prompt, terminations=TERMINATIONS, present=present, phrases=PHRASES
)
