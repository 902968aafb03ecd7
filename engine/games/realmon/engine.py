"""The Realmon TCG rules engine (``RealmonGame``) for the formats basis and lang (R1-R21).

The state is plain JSON data (``state.py``); ``rounds`` runs the course of a match as a queue of
tasks (R5, R11, R12, R16), ``field`` the field cards the announcer may reveal (R13, R17),
``fight`` the reveal and the fight (R6-R10, R14, R17), ``terms`` what each effect term does,
``draft`` the monster draft (R20), ``view`` the hidden information, ``ai`` the computer players
(R18).

The Realm scale (R8, issue 14): the bundled monsters' Realm was 2-32. Each stage is shifted so its
smallest Realm is 10 x stage and its differences stay (Symbiont 10-15, Raider 20-24, Fighter
30-35, Predator 40-43, Collos 50-55, Kaiju 60-63, Broken Kaiju 69): every monster affords a
stage-1 card and a card of its own stage, and a higher stage always holds more Realm. The bonus
floor(Realm / 4) decides a third of the fights (a swing; tests/engine/games/realmon/test_cards.py).

Rule choices where the seed and games.md are silent (each named by a test in
tests/engine/games/realmon/test_rule_choices.py):

1. The attacker lays first, then the defender; neither sees the other's cards before the reveal
   (the defender sees how many cards lie face down, as at a table).
2. Combat cards cannot be laid with a monster on which they have no effect (an immune Broken
   Kaiju, R14) nor while an action card blocks them.
3. The field effect reaches both sides whatever its ``side`` says (R19), its gamble rolled for
   each; its owner is the announcer (who discards first). Terms of action and combat cards do not
   reach an immune side (R14): no boost, gamble, reroll, "counts as" die, extra or denied Realm
   bonus, and a destroying card does not destroy it; round-wide terms (category, roles, blocking
   combat cards, Realm loss from the Abyss, discards) apply to everyone.
4. "Reroll" and "a die counts as" act on the Realm-bonus dice of R6 (the dice a player rolls by
   the stage); both only help, so the engine applies them: the lowest die counts as the card's
   face, and a roll without a hit rerolls up to the card's number of dice.
5. A card that lets both players use the Realm bonus gives the other side the mirrored roll: by
   dice the defender rolls his own stage against the attacker's; by announcement the attacker
   rolls the defender's stage against it.
6. A card that fixes the category (Chaosfeld) leaves the attacker the choice of dice or
   announcement (R6's bonus follows it); the die still falls, the fight uses the card's category.
7. Rollentausch (swap roles): the opponent becomes the attacker of this round: he sets the
   category, lays first, and R6 treats him as the attacker. The winner announces the next round.
8. A critical hit doubles everything the combat card adds (all its counting boosts).
9. Realm loss (Gefahr) takes at most what the Abyss holds; discards (Gefahr) are each player's
   choice, the announcer first; a player without special cards discards nothing.
10. Discard piles and spent combat cards lie face up (public); the monster discard pile is never
    reshuffled (R11 reshuffles the action and combat piles), so the piles run out and R16 ends the
    match: when a round would begin and a player holds no monster, the match ends.
11. Drawing is not optional: holding 3 combat cards the player discards one before the draw (when
    a combat card is there to draw), and above 7 cards a special card of their choice (R12).
12. The first announcer: a die each, higher begins, rolled again while equal (R5), unless the
    option ``first_announcer`` names a seat.
13. Fight values may fall below 0 (Giftnebel); the higher value still wins.
14. "1 gegen 2" (R17): the team's Realm-bonus dice go by its higher stage (and so does the
    opponent's target); a combat card tries a critical hit when it matches either monster's
    orientation; a team that wins goes to the monster discard pile, as R10's winner does, and
    its player draws two monsters after the round (two in hand, R3).
15. Taking a monster back (R17) is offered once per monster of the own Abyss the card may take,
    and not at all when there is none; the monster may fight this round or a later one. The hand
    holds three monsters for that round, and the draw after it fills up to two only (R12), so the
    monster taken back stands in for a draw. If a Broken Kaiju's sacrifice takes it (R14), it
    leaves the game too: it never scores again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.match import JSON, Action, DeckCard, Variant, hidden_action
from engine.core.rng import SeededRandom
from engine.core.samples import sample_match_decks
from engine.games.realmon import ai, draft, rounds
from engine.games.realmon.present import PRESENTATION
from engine.games.realmon.setup import state_from_setup
from engine.games.realmon.state import OPTIONS, State, bundled, new_state
from engine.games.realmon.view import reshuffle_hidden, view, zones


class RealmonMatch(BaseMatch):
    """One Realmon match on the core's base; all state in ``self.state``."""

    @property
    def drafting(self) -> bool:
        """Whether the monster draft (R20) is under way."""
        return self.state.get("draft") is not None

    @property
    def to_act(self) -> int | None:
        return draft.actor(self.state) if self.drafting else rounds.actor(self.state)

    def _legal_actions(self, player: int) -> list[Action]:
        return draft.legal(self.state, player) if self.drafting else rounds.legal(self.state, player)

    def _apply(self, player: int, action: Action) -> None:
        if self.drafting:
            draft.apply_pick(self.state, player, action)
        else:
            rounds.apply(self.state, player, action)

    def _view(self, player: int | None) -> JSON:
        return view(self.state, player)

    def public_action(self, player: int, action: Action) -> JSON:
        """What the table sees: a commitment is laid face down (R5, R18), the number of its cards
        visible; a draft pick is hidden (R20); everything else happens in the open."""
        if action.id.startswith("pick:"):
            return hidden_action(f"P{player + 1} picks a monster", "pick")
        if action.id.startswith("lay:"):
            text = rounds.laying_text(player, "helper" in action.params, len(action.params["combat"]))
            return hidden_action(text, "lay")
        return action.to_json()

    def card_zones(self) -> dict[str, list[str]]:
        return zones(self.state)

    def reshuffle_hidden(self, viewer: int, seed: int) -> RealmonMatch:
        return RealmonMatch(reshuffle_hidden(self.state, viewer, seed))


class RealmonGame(BaseGame[RealmonMatch]):
    """Realmon TCG (engine.core.base.BaseGame): deals matches, restores them, runs the AI."""

    slug = "realmon"
    rules_version = 2
    variants = (
        Variant("basis", "realmon/basis", 2, 2, "Basis", "Basic"),
        Variant("lang", "realmon/lang", 2, 2, "Lang", "Long"),
    )
    ai_behaviours = ai.BEHAVIOURS
    terminations = (rounds.TERMINATION,)
    options = OPTIONS
    match_class = RealmonMatch
    presentation = PRESENTATION

    def deal(
        self,
        decks: Sequence[Sequence[DeckCard]],
        *,
        variant: str,
        seed: int,
        options: Mapping[str, Any],
        rng: SeededRandom,
    ) -> State:
        """Shuffle each player's three piles (a basis monster pile in two halves, R15) and deal 2
        monsters and 2 combat cards; or, with ``monsters: draft``, lay out the draft (R20)."""
        return new_state(decks, variant, seed, options, rng, draft.deal_pool)

    def after_deal(self, match: RealmonMatch) -> None:
        """The draft begins (R20), or the first round."""
        if match.drafting:
            draft.begin(match.state)
        else:
            rounds.start_match(match.state)

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> RealmonMatch:
        """A match at a described position (``setup.state_from_setup``), cards from the bundled sets;
        ``{"deal": "samples"}``: a new match between the variant's sample decks."""
        declared = self.variant(variant)
        if setup.get("deal") == "samples":
            decks = sample_match_decks(list(bundled()), declared.format, 2)
            return self.new_match(decks, variant=variant, seed=seed, options=options or {})
        return RealmonMatch(state_from_setup(setup, list(bundled()), variant=variant, seed=seed, options=options or {}))

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The AI's choice (``random`` or ``greedy``) from its own view."""
        return ai.choose_action(behaviour, view, legal, seed)
