"""Every English text the duel engine writes (action labels, log texts, the hidden set), as msgids
for ``Presentation.phrases``: the play page shows them in its language (``engine.phrases``).

Each variant the engine spells out gets its own msgid (the position, the damage kind, the cause of
death) rather than a placeholder, so no English word reaches a German page as a placeholder value.
The summon and equip log lines ("P1: Summon ...") are spelled out too: a bare "P%(seat)s: %(what)s"
would also match a target label whose card name starts with P ("Pfeilhagel: Soldat (P2)")."""

from __future__ import annotations

from engine.core.presentation import gettext_noop as _

PHRASES: tuple[str, ...] = (
    # turns.py
    _("Turn %(turn)s: P%(seat)s"),
    _("Done with positions: play cards and attack"),
    _("Switch %(card)s to attack"),
    _("Switch %(card)s to defense"),
    _("%(card)s switches to attack"),
    _("%(card)s switches to defense"),
    _("Discard %(card)s"),
    _("P%(seat)s discards %(card)s"),
    _("Gleichstand: neither player can win"),
    # play.py
    _("Play %(card)s as reinforcement"),
    _("Summon %(card)s in attack position"),
    _("Summon %(card)s in defense position"),
    _("Summon %(card)s in attack position, sacrificing %(cards)s"),
    _("Summon %(card)s in defense position, sacrificing %(cards)s"),
    _("P%(seat)s: Summon %(card)s in attack position"),
    _("P%(seat)s: Summon %(card)s in defense position"),
    _("P%(seat)s: Summon %(card)s in attack position, sacrificing %(cards)s"),
    _("P%(seat)s: Summon %(card)s in defense position, sacrificing %(cards)s"),
    _("Set %(card)s face down"),
    _("Cast %(card)s"),
    _("Equip %(creature)s with %(card)s"),
    _("P%(seat)s: Equip %(creature)s with %(card)s"),
    _("P%(seat)s sets a trap face down"),  # also the hidden set (view.py)
    _("P%(seat)s casts %(card)s"),
    _("P%(seat)s plays %(card)s"),
    # engine.py
    _("End the turn"),
    # resolve.py
    _("%(card)s: nothing to act on"),
    _("%(source)s: %(option)s"),
    _("Spring no trap against the attack"),
    _("Spring no trap against the summon"),
    _("Spring %(card)s"),
    _("P%(seat)s springs %(card)s"),
    # combat.py
    _("%(attacker)s attacks %(target)s"),
    _("%(card)s attacks P%(seat)s directly"),
    _("The attack does not happen"),
    _("The attacked creature is gone: the attack misses"),
    _("%(card)s holds"),
    # zones.py
    _("P%(seat)s takes %(amount)s direct damage"),
    _("P%(seat)s takes %(amount)s indirect damage"),
    _("P%(seat)s takes %(amount)s effect damage"),
    _("P%(seat)s gains %(amount)s life"),
    _("P%(seat)s must draw from an empty deck"),
    _("%(card)s (P%(seat)s) dies (combat)"),
    _("%(card)s (P%(seat)s) dies (sacrificed)"),
    _("%(card)s (P%(seat)s) dies (destroyed)"),
    # terms.py: the targets an effect offers, and its log lines
    _("%(card)s (P%(seat)s)"),
    _("a face-down card"),
    _("%(card)s in attack position"),
    _("%(card)s in defense position"),
    _("P%(seat)s draws 1 card"),
    _("P%(seat)s draws %(n)s cards"),
    _("The attack is cancelled"),
    _("P%(seat)s may summon %(n)s more this turn"),
    _("%(card)s (P%(seat)s) is destroyed"),
    _("%(card)s returns to play (P%(seat)s)"),
    _("P%(seat)s takes %(card)s from the graveyard"),
    _("%(card)s is boosted until the end of the turn"),
    _("%(card)s: creatures are boosted until the end of the turn"),
)
