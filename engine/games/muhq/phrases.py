"""Every English text muhq's engine writes, as msgids (``Presentation.phrases``, ``engine.phrases``).

Each f-string of the engine becomes a msgid with ``%(name)s`` where it fills something in: the
action labels of ``flow.py`` and ``draft.py``, the log texts of ``flow.py``, ``rules.py``,
``behaviours.py``, ``draft.py`` and ``state.py``, the hidden draft pick of ``engine.py``, and the
labels of the action stack's entries (``flow._item_label``). Where the engine fills in an English
word of its own (an effect term, a termination code, why a permanent left, a seat's label), each
word has its own msgid, so the German sentence is whole; ``seat_label``'s "the Kraken" and
"nobody" are phrases of their own, translated where they stand in a sentence. Card names are
German already and stay as they are. The German is in ``locale/de/LC_MESSAGES/django.po`` here.
"""

from __future__ import annotations

from engine.core.presentation import gettext_noop

SEATS = (
    gettext_noop("the Kraken"),  # state.seat_label
    gettext_noop("nobody"),
)

# --- action labels (flow.legal, draft.draft_actions) --------------------------------------------
ACTIONS = (
    gettext_noop("Pass (let the stack resolve)"),
    gettext_noop("End the action phase"),
    gettext_noop("End the turn"),
    gettext_noop("Let %(unit)s go unpaid (it is defeated)"),
    gettext_noop("Pay the upkeep of your units (%(n)s)"),
    gettext_noop("Set %(card)s down on (%(x)s, %(y)s)"),
    gettext_noop("Buy %(card)s for %(cost)s"),
    gettext_noop("Discard %(card)s"),
    gettext_noop("Discard %(first)s and %(second)s for 1 resource"),
    gettext_noop("Cast %(card)s"),
    gettext_noop("Cast %(card)s on %(target)s"),
    gettext_noop("Free action of %(card)s"),
    gettext_noop("Free action of %(card)s on %(target)s"),
    gettext_noop("Play %(card)s on (%(x)s, %(y)s)"),
    gettext_noop("Play %(card)s with %(equipment)s on (%(x)s, %(y)s)"),
    gettext_noop("Activate %(card)s"),
    gettext_noop("%(unit)s: end the activation (tap)"),
    gettext_noop("%(unit)s: spend an action on a paralysis marker"),
    gettext_noop("%(unit)s: move to (%(x)s, %(y)s)"),
    gettext_noop("%(unit)s: move along the road to (%(x)s, %(y)s)"),
    gettext_noop("%(unit)s: crew %(base)s"),
    gettext_noop("%(unit)s: attack %(target)s"),
    gettext_noop("%(unit)s: full action"),  # a label, and the log line of a resolving full action
    gettext_noop("%(unit)s: full action on %(target)s"),
    gettext_noop("%(unit)s: equip %(card)s"),
    gettext_noop("%(unit)s: swap fields with %(card)s"),
    gettext_noop("%(unit)s: carry %(card)s to (%(x)s, %(y)s)"),
    gettext_noop("Pick %(card)s"),
    gettext_noop("P%(seat)s picks a card"),  # engine.public_action: a draft pick, hidden
)

# --- the action stack's entries (flow._item_label), alone and as the log puts them -------------
STACK = (
    gettext_noop("plays %(card)s"),
    gettext_noop("casts %(card)s"),
    gettext_noop("casts %(card)s on %(target)s"),
    gettext_noop("moves %(card)s"),
    gettext_noop("moves along the road %(card)s"),
    gettext_noop("attacks with %(card)s on %(target)s"),
    gettext_noop("uses %(card)s"),
    gettext_noop("uses %(card)s on %(target)s"),
    gettext_noop("P%(seat)s: plays %(card)s"),
    gettext_noop("P%(seat)s: casts %(card)s"),
    gettext_noop("P%(seat)s: casts %(card)s on %(target)s"),
    gettext_noop("P%(seat)s: moves %(card)s"),
    gettext_noop("P%(seat)s: moves along the road %(card)s"),
    gettext_noop("P%(seat)s: attacks with %(card)s on %(target)s"),
    gettext_noop("P%(seat)s: uses %(card)s"),
    gettext_noop("P%(seat)s: uses %(card)s on %(target)s"),
)

# --- the log (flow, rules, behaviours, draft, state) --------------------------------------------
TURNS = (
    gettext_noop("P%(seat)s's turn %(turn)s begins"),
    gettext_noop("The Kraken's turn begins"),
    gettext_noop("P%(seat)s shuffles the discard pile into a new deck"),
    gettext_noop("The draft is over: the picks are the stores"),
    gettext_noop("P%(seat)s discards two cards for 1 resource"),
    gettext_noop("P%(seat)s buys %(card)s"),
    gettext_noop("P%(seat)s pays %(n)s upkeep"),
    gettext_noop("P%(seat)s is out of the match"),
    gettext_noop("P%(seat)s plays %(card)s on (%(x)s, %(y)s)"),
    gettext_noop("P%(seat)s's %(card)s resolves"),
    gettext_noop("The Kraken casts %(card)s"),
    gettext_noop("The Kraken plays %(card)s on (%(x)s, %(y)s)"),
    gettext_noop("The match ends (%(termination)s)"),
    gettext_noop("The match ends (vip)"),
    gettext_noop("The match ends (resources)"),
    gettext_noop("The match ends (capture_points)"),
    gettext_noop("The match ends (buildings)"),
    gettext_noop("The match ends (staff_of_victory)"),
    gettext_noop("The match ends (kraken_defeated)"),
    gettext_noop("The match ends (kraken_won)"),
    gettext_noop("The match ends (turn_limit)"),
)
FIZZLES = (
    gettext_noop("%(card)s fizzles"),
    gettext_noop("the unit is gone: its action fizzles"),
    gettext_noop("%(unit)s cannot move there any more"),
    gettext_noop("%(unit)s's attack fizzles"),
    gettext_noop("the target is gone"),
    gettext_noop("%(term)s: no target"),
    gettext_noop("damage: no target"),
    gettext_noop("heal: no target"),
    gettext_noop("poison: no target"),
    gettext_noop("paralysis: no target"),
    gettext_noop("panic: no target"),
    gettext_noop("destroy: no target"),
    gettext_noop("buff: no target"),
)
UNITS = (
    gettext_noop("%(unit)s moves to (%(x)s, %(y)s)"),
    gettext_noop("%(unit)s wanders to (%(x)s, %(y)s)"),
    gettext_noop("%(unit)s: free action"),
    gettext_noop("%(unit)s uses its full action"),
    gettext_noop("%(unit)s shakes off a paralysis marker"),
    gettext_noop("%(unit)s crews %(base)s"),
    gettext_noop("%(unit)s equips %(card)s"),
    gettext_noop("%(unit)s swaps fields with %(card)s"),
    gettext_noop("%(unit)s carries %(card)s"),
    gettext_noop("%(card)s is set down on (%(x)s, %(y)s)"),
    gettext_noop("%(card)s is activated"),
    gettext_noop("%(attacker)s hits %(target)s for %(damage)s, takes %(counter)s"),
)
EFFECTS = (
    gettext_noop("%(unit)s takes %(n)s damage"),
    gettext_noop("%(unit)s is healed by %(n)s"),
    gettext_noop("%(unit)s gets %(n)s %(term)s marker(s)"),
    gettext_noop("%(unit)s gets %(n)s poison marker(s)"),
    gettext_noop("%(unit)s gets %(n)s paralysis marker(s)"),
    gettext_noop("%(unit)s gets %(n)s panic marker(s)"),
    gettext_noop("%(unit)s gets a bonus until the end of the turn"),
    gettext_noop("%(thief)s steals %(n)s from %(victim)s"),
    gettext_noop("%(thief)s steals %(n)s from the Kraken"),
    gettext_noop("the Kraken steals %(n)s from %(victim)s"),
)
REMOVALS = (
    gettext_noop("%(card)s (%(owner)s) is defeated"),
    gettext_noop("%(card)s (%(owner)s) is destroyed"),
    gettext_noop("%(card)s is destroyed as its stack drops"),
    gettext_noop("%(card)s drops to (%(x)s, %(y)s)"),
)

PHRASES: tuple[str, ...] = SEATS + ACTIONS + STACK + TURNS + FIZZLES + UNITS + EFFECTS + REMOVALS
