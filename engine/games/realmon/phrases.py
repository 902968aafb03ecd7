"""Every English text the Realmon engine writes, as msgids (``Presentation.phrases``): the
action labels, the log texts and what the table sees of a face-down commitment. A ``%(name)s``
placeholder stands for the part an f-string fills in (a seat, a card's name, a die, a category);
the German is in ``locale/de``. A singular ("draws 1 monster") is its own msgid where German
needs its own form. A new label or log text in the engine belongs here too
(``tests/engine/test_phrases.py`` fails without it)."""

from __future__ import annotations

from engine.core.presentation import gettext_noop

PHRASES: tuple[str, ...] = (
    # rounds.py: the announcement (R5), the draws, the laying and discarding
    gettext_noop("Who begins: P1 rolls %(first)s, P2 rolls %(second)s"),
    gettext_noop("The match ends: %(first)s to %(second)s"),
    gettext_noop("Round %(turn)s: P%(player)s announces"),
    gettext_noop("P%(player)s draws 1 monster"),
    gettext_noop("P%(player)s draws %(count)s monsters"),
    gettext_noop("P%(player)s draws 1 action card"),
    gettext_noop("P%(player)s draws %(count)s action cards"),
    gettext_noop("P%(player)s draws 1 combat card"),
    gettext_noop("P%(player)s draws %(count)s combat cards"),
    gettext_noop("Reveal %(card)s as the field effect"),
    gettext_noop("Roll a d6 for the category"),
    gettext_noop("Announce %(category)s"),
    gettext_noop("Lay %(monster)s"),
    gettext_noop("Lay %(monster)s with %(cards)s (cost %(cost)s)"),
    gettext_noop("Discard %(card)s"),
    gettext_noop("P%(player)s reveals %(card)s as the field effect"),
    gettext_noop("P%(player)s rolls %(face)s for the category: %(category)s"),
    gettext_noop("P%(player)s announces %(category)s"),
    gettext_noop("The field effect makes it %(category)s"),
    gettext_noop("P%(player)s lays a monster and 1 combat cards face down"),
    gettext_noop("P%(player)s lays a monster and %(count)s combat cards face down"),
    gettext_noop("P%(player)s discards %(card)s"),
    # the category the engine writes as its name (R2); the others read the same in German
    gettext_noop("Stability"),
    # state.py: an empty pile is reshuffled (R11; the monster pile never is)
    gettext_noop("P%(player)s shuffles the action discard pile into a new pile"),
    gettext_noop("P%(player)s shuffles the combat discard pile into a new pile"),
    # fight.py: the reveal, the sacrifice (R14), critical hits (R9), the Realm bonus (R6), ties and the result (R7, R10)
    gettext_noop("P%(player)s reveals %(monster)s"),
    gettext_noop("P%(player)s reveals %(monster)s with %(cards)s (cost %(cost)s)"),
    gettext_noop("P%(player)s sacrifices %(card)s to P%(owner)s's Abyss"),
    gettext_noop("P%(player)s's %(card)s hits critically (stage 1)"),
    gettext_noop("P%(player)s rolls %(face)s for %(card)s (needs %(stage)s): a critical hit"),
    gettext_noop("P%(player)s rolls %(face)s for %(card)s (needs %(stage)s): no critical hit"),
    gettext_noop("P%(player)s rolls %(dice)s for the Realm bonus (needs %(target)s): the Realm bonus +%(bonus)s"),
    gettext_noop("P%(player)s rolls %(dice)s for the Realm bonus (needs %(target)s): no Realm bonus"),
    gettext_noop("%(dice)s (one counts as %(face)s)"),
    gettext_noop("%(dice)s, rerolled %(again)s"),
    gettext_noop("Tie at %(total)s: P1 rolls %(first)s, P2 rolls %(second)s"),
    gettext_noop("P%(winner)s wins %(won)s to %(lost)s: %(monster)s leaves the game"),
    gettext_noop("P%(winner)s wins %(won)s to %(lost)s: %(monster)s goes to P%(owner)s's Abyss"),
    # terms.py: the card effects that write to the log
    gettext_noop("P%(player)s gambles: rolls %(face)s, wins (%(amount)s)"),
    gettext_noop("P%(player)s gambles: rolls %(face)s, loses (%(amount)s)"),
    gettext_noop("The fight uses %(category)s"),
    gettext_noop("Roles swap: P%(player)s attacks this round"),
    gettext_noop("P%(player)s loses %(amount)s Realm from the Abyss"),
    # R17: taking a monster back from the Abyss, "1 gegen 2"
    gettext_noop("Reveal %(card)s as the field effect, taking back %(monster)s"),
    gettext_noop("Lay %(monster)s and %(helper)s"),
    gettext_noop("Lay %(monster)s and %(helper)s with %(cards)s (cost %(cost)s)"),
    gettext_noop("P%(player)s lays two monsters and 1 combat cards face down"),
    gettext_noop("P%(player)s lays two monsters and %(count)s combat cards face down"),
    gettext_noop("P%(player)s reveals %(monster)s and %(helper)s"),
    gettext_noop("P%(player)s reveals %(monster)s and %(helper)s with %(cards)s (cost %(cost)s)"),
    gettext_noop("P%(player)s takes %(card)s back from the Abyss"),
    gettext_noop("%(card)s leaves the game (taken back from the Abyss)"),
    gettext_noop("P%(winner)s wins %(won)s to %(lost)s: %(monster)s and %(helper)s leave the game"),
    gettext_noop("P%(winner)s wins %(won)s to %(lost)s: %(monster)s and %(helper)s go to P%(owner)s's Abyss"),
    # R20: the monster draft
    gettext_noop("Pick %(card)s (stage %(stage)s)"),
    gettext_noop("P%(player)s picks a monster"),
    gettext_noop("The draft is over: the picks are the monster piles"),
)
