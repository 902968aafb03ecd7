"""Every English text the Ka-Mel-Oh! engine writes, as msgids (``Presentation.phrases``): the
action labels, the log texts and what the table sees of a hidden action. A ``%(name)s`` placeholder
stands for the part an f-string fills in (a card's name, a seat, an oasis, a price); the German is
in ``locale/de``. A new label or log text in the engine belongs here too
(``tests/engine/test_phrases.py`` fails without it)."""

from __future__ import annotations

from engine.core.presentation import gettext_noop

PHRASES: tuple[str, ...] = (
    # combat.py: the attack step (K5)
    gettext_noop("End the turn without attacking"),
    gettext_noop("Attack the opponent's monsters"),
    gettext_noop("No direct attack"),
    gettext_noop("%(card)s attacks the opponent directly"),
    gettext_noop("%(card)s fights"),
    gettext_noop("Play no (more) items: let the fight happen"),
    gettext_noop("P%(seat)s finds no opposing monster: +%(points)s"),
    gettext_noop("P%(seat)s attacks"),
    gettext_noop("P%(seat)s attacks directly: +%(points)s"),
    # oasis.py: the oases (K9)
    gettext_noop("Take %(card)s (top of oasis %(oasis)s) into the hand"),
    gettext_noop("Activate oasis %(oasis)s (turn its top card face up)"),
    gettext_noop("Put %(card)s under oasis %(oasis)s"),
    gettext_noop("Draw the top card of face-down oasis %(oasis)s"),
    gettext_noop("Search oasis %(oasis)s for a card (%(cost)s Datteln)"),
    gettext_noop("Take %(card)s"),
    gettext_noop("P%(seat)s takes %(card)s from oasis %(oasis)s"),
    gettext_noop("P%(seat)s activates oasis %(oasis)s: %(card)s"),
    gettext_noop("P%(seat)s puts a card under oasis %(oasis)s"),
    gettext_noop("P%(seat)s draws from oasis %(oasis)s"),
    gettext_noop("P%(seat)s searches oasis %(oasis)s"),
    # engine.py: hidden actions as the table sees them
    gettext_noop("P%(seat)s buries a card under an oasis"),
    gettext_noop("P%(seat)s takes a card from the searched oasis"),
    # play.py: monsters and items
    gettext_noop("Send %(card)s to the arena (%(cost)s Datteln)"),
    gettext_noop("Use %(card)s (%(cost)s Datteln)"),
    gettext_noop("%(item)s on %(target)s (yours)"),
    gettext_noop("%(item)s on %(target)s (opponent)"),
    gettext_noop("P%(seat)s sends %(card)s to the arena"),
    gettext_noop("P%(seat)s uses %(card)s"),
    gettext_noop("P%(seat)s takes over %(card)s"),
    gettext_noop("P%(seat)s withdraws %(card)s into the hand"),
    # recipes.py: mutations, fusions, Zusammenrottungen (K8, K11); the fusion label starts with the
    # recipe's kind, title-cased ("Fusion", "Rotte")
    gettext_noop("Mutate slot %(slot)s into %(card)s (%(cost)s Datteln)"),
    gettext_noop("Fusion: %(card)s from %(count)s monsters (%(cost)s Datteln)"),
    gettext_noop("Rotte: %(card)s from %(count)s monsters (%(cost)s Datteln)"),
    gettext_noop("Add %(card)s to the Zusammenrottung (%(cost)s Datteln)"),
    gettext_noop("P%(seat)s mutates into %(card)s"),
    gettext_noop("P%(seat)s searches the deck for %(card)s"),
    gettext_noop("P%(seat)s plays %(card)s"),
    gettext_noop("P%(seat)s adds %(card)s to the group"),
    # state.py: the return match and the reshuffle
    gettext_noop("Return match: P%(seat)s begins the second leg"),
    gettext_noop("P%(seat)s shows and shuffles back %(count)s cards"),
    # turns.py: Datteln, the buy-out and the end (K6, K7); the penultimate turn names its reason's slug
    gettext_noop("Finish the game turn (unfreed hand monsters: 2 points each to the opponent)"),
    gettext_noop("Buy out %(card)s for %(cost)s Datteln"),
    gettext_noop("P%(seat)s receives %(amount)s Datteln from a savings contract"),
    gettext_noop("P%(seat)s buys out %(card)s"),
    gettext_noop("P%(seat)s keeps %(count)s monsters in hand: P%(opponent)s +%(points)s"),
    gettext_noop("P%(seat)s has played the penultimate turn (target_points)"),
    gettext_noop("P%(seat)s has played the penultimate turn (deck_exhausted)"),
    gettext_noop("P%(seat)s has played the penultimate turn (stalled)"),
    gettext_noop("P%(seat)s has played the penultimate turn (turn_limit)"),
    gettext_noop("First leg over: %(first)s:%(second)s"),
    gettext_noop("Match over: %(first)s:%(second)s"),
    gettext_noop("%(card)s of P%(owner)s is defeated: P%(by)s +%(points)s"),
)
