"""Every English text the Eredan engine writes, as msgids for ``Presentation.phrases``: the action
labels, the log texts, the hidden play, and the round bonuses (``bonuses[].text``, the effect
rendered in English by ``effects.render_effect``), so the play page shows them in its language
(``engine.phrases``).

A bonus is composed: its prefixes ("Round 3: ", "Against Mage: ", "Cor rune: ", "While raging: ",
"For a Fighter: ", a target) each take the rest of the sentence as a placeholder, translated in
turn, down to one verb's sentence; class and card-type names are phrases of their own. The
German is the German ``render_effect`` writes. The reveal lists up to four cards (two per player,
E12), each spelled out, so a seat inside the list is translated too."""

from __future__ import annotations

from engine.core.presentation import gettext_noop as _

PHRASES: tuple[str, ...] = (
    # state.py
    _("Initiative %(first)s:%(second)s: P%(seat)s begins"),
    _("P%(seat)s cannot draw: the deck is empty"),
    # phases.py
    _("P%(seat)s draws 1"),
    _("P%(seat)s draws %(n)s"),
    _("P%(seat)s's characters are refreshed (E9)"),
    _("%(mine)s against %(theirs)s"),
    _("P%(seat)s picks %(mine)s against %(theirs)s"),
    _("%(first)s takes %(first_damage)s, %(second)s takes %(second_damage)s"),
    _("Discard %(card)s"),
    _("Keep the hand"),
    _("Keep the empty hand (and lose)"),
    _("P%(seat)s discards %(card)s"),
    # cards.py
    _("Pass"),
    _("Play no second card"),
    _("Play %(card)s on %(character)s"),
    _("Play %(card)s"),
    _("Play %(card)s, reviving %(character)s"),
    _("Revealed: %(card)s (P%(seat)s)"),
    _("Revealed: %(card1)s (P%(seat1)s), %(card2)s (P%(seat2)s)"),
    _("Revealed: %(card1)s (P%(seat1)s), %(card2)s (P%(seat2)s), %(card3)s (P%(seat3)s)"),
    _("Revealed: %(card1)s (P%(seat1)s), %(card2)s (P%(seat2)s), %(card3)s (P%(seat3)s), %(card4)s (P%(seat4)s)"),
    _("%(card)s (P%(seat)s) is cancelled"),
    _("%(old)s is replaced by %(card)s"),
    # engine.py: the hidden play
    _("P%(seat)s plays a card face down"),
    # resolve.py
    _("%(card)s (P%(seat)s) dies"),
    _("%(card)s (P%(seat)s) returns with %(health)s health"),
    _("%(card)s (P%(seat)s) rages"),
    # resolve.py: round bonuses, effects.render_effect(effect, "en")
    _("Round %(round)s: %(effect)s"),
    _("Against %(class)s: %(effect)s"),
    _("%(rune)s rune: %(effect)s"),
    _("While raging: %(effect)s"),
    _("For a %(class)s: %(effect)s"),
    _("Own character: %(effect)s"),
    _("Opposing character: %(effect)s"),
    _("Bearer: %(effect)s"),
    _("All own characters: %(effect)s"),
    _("All opposing characters: %(effect)s"),
    _("Attack %(n)s."),
    _("Defence %(n)s."),
    _("Spirit %(n)s."),
    _("Heals %(n)s health."),
    _("%(n)s spell damage."),
    _("Chain: %(kind)s."),
    _("Draw 1 card."),
    _("Draw %(n)s cards."),
    _("The opponent discards 1 card."),
    _("The opponent discards %(n)s cards."),
    _("Gains a %(rune)s rune."),
    _("A dead own character returns with %(n)s health."),
    _("May carry two weapons."),
    _("Rage is activated."),
    _("Cancels the opponent's next card (%(kind)s) this round."),
    _("Is no longer weakened."),
    _("Is weakened."),
    _("Your character is weakened."),
    _("Gains all round bonuses."),
    _("Mage"),
    _("Fighter"),
    _("Priest"),
    _("Marauder"),
    _("Artisan"),
    _("Courtesan"),
    _("Thief"),
    _("Summoner"),
    _("Hunter"),
    _("Bard"),
    _("Warden"),
    _("any card"),
    _("item"),
    _("weapon"),
    _("armour"),
    _("spell"),
    _("theurgy"),
    _("action"),
    _("potion"),
)
