"""The Eredan iTCG rules engine (``EredanGame``), variants ``standard`` and ``quilingo`` (the same
rules; checking a quilingo deck against the charge list is the adapter's job, E6).

Three characters a side, 5 cards in hand, initiative by dice (E20), rounds alternating the active
player. The state is plain JSON data (``state.py``); ``phases`` runs a round (E8-E10, E14-E17),
``cards`` phase 2 (E10-E13), ``resolve`` the effects (a handler per term of the vocabulary),
``rules`` stats, permissions and chains, ``view`` the hidden information, ``ai`` the computer
players. Card text beats the rules where they clash (the seed): Ambidextrie's second weapon,
refresh against E9, a card's own chain beside E12's class chains.

Rule choices where the seed and games.md are silent (each is named by a test in
tests/engine/games/eredan/test_rule_choices.py):

1. A courtesan is a caste, not a class (the seed): ``kurtisane`` is left out when the classes
   decide chains (E12) and whether a spell replaces the attack (E14); a card that names it needs it.
2. Phase-2 cards go face down and are revealed together once all are chosen, then resolve in the
   seed's order; how many cards each player plays is seen by the table.
3. A Gemelit casting a spell of its element needs none of the spell's classes (E13); a spell with
   no element is for Magier only; a Gemelit that is no Magier keeps its attack (E14).
4. A class chain (E12) allows any second card; a card's chain the kind it names, for every fighter
   (card text: a Magier/Kämpfer gets no class chain, but Dolch's). A chain is granted when the
   first card is played; a later cancel of that card does not take the second back.
5. A chain or cancel naming ``item`` (printed "Gegenstand") means any object: item, weapon,
   armour. Potions are one-shot (E11), so they give no Kämpfer chain.
6. On an object ``self`` is its bearer; its stat changes on the bearer last while it is attached,
   its other effects happen once when it resolves. Other cards' stat changes last the round (E8).
7. Round bonuses apply when the pair is picked, the active player's fighter first: stat changes
   for the round, everything else (heals, draws, rage, runes, damage) at the start of phase 2,
   which follows at once (E8). "Activates round bonuses" gives every round's bonus the character
   has not had this round.
8. Refresh or weaken on a fighter in phase 2 decides whether it is weakened after phase 4 (the
   later card in the order wins; without either it is weakened, E9); on another character they
   act at once. A weaken also marks its target to stay weakened through its side's next refresh
   (E21; a later refresh lifts the mark), unless every living character of that side is marked:
   a side always has a fighter (E10), so then all are refreshed.
9. A character killed in phase 2 or 3 keeps its attachments, runes and rage for its strike (E17);
   in phase 4 they go (E11). On a dead fighter stat changes still count for the strike; heals,
   runes and rage do nothing.
10. A revive card names its dead character when it is played (none dead: not offered); the
    character returns fresh and bare with that health (at most printed), which counts as restored
    health (E16).
11. A fighter's rune abilities (its card's rune effects without a round) take place at the start
    of phase 3, so a rune gained in phase 2 serves the same round (E18); they are no spells (E14).
12. A character's ability with neither round nor rune applies each time it fights, after its round
    bonus; its rage (E19) and Marodeur changes hold while their condition does.
13. Any draw the deck cannot give, at the start of a round or by a card, means the player cannot
    draw and loses at the end of that round (E15).
14. The option ``max_rounds`` (default 60): after that round the points decide (``round_limit``).
15. A side without living characters ends the match after phase 4 (E17); phase 5 is not played,
    and the elimination decides before cards run out.
16. Phase 5: the active player discards first, then the passive one; ``keep`` ends a player's
    discards once the hand holds at most 5.
17. A spell replaces the attack (E14) when it is a spell card dealing damage to the opposing side
    and it resolved, even if spirit absorbed all its damage; a cancelled spell does not.
18. A cancel hits only a later card of the opponent in this round's order; the discard verb's
    cards are chosen by the match's random source.
19. A Handwerker attaching to another character needs that character to fit the object's classes
    (the seed: objects "die für sie reserviert sind"); a new weapon or armour in a full slot sends
    the oldest away.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.definition import load_card_file
from engine.core.match import JSON, Action, DeckCard, Variant, hidden_action
from engine.core.rng import SeededRandom
from engine.games.eredan import ai, cards, phases
from engine.games.eredan.present import PRESENTATION
from engine.games.eredan.schema import SCHEMA
from engine.games.eredan.setup import state_from_setup
from engine.games.eredan.state import OPTIONS, State, new_state
from engine.games.eredan.view import reshuffle_hidden, view, zones

CARD_DIR = Path(__file__).parent / "data" / "cards"
TERMINATIONS = ("defeated", "points", "out_of_cards", "round_limit")

Handler = Callable[[State, int, Action], None]


def _play(s: State, p: int, action: Action) -> None:
    cards.apply_play(s, p, action)
    phases.after_step(s)


def _pass(s: State, p: int, action: Action) -> None:
    cards.apply_pass(s, p, action)
    phases.after_step(s)


HANDLERS: dict[str, Handler] = {
    "pick": phases.apply_pick,
    "play": _play,
    "pass": _pass,
    "discard": phases.apply_discard,
    "keep": phases.apply_keep,
}
LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "choose": phases.pick_actions,
    "cards": cards.card_actions,
    "discard": phases.discard_actions,
}


@cache
def _bundled() -> tuple[dict[str, Any], ...]:
    return tuple(card for path in sorted(CARD_DIR.glob("*.json")) for card in load_card_file(path)["cards"])


class EredanMatch(BaseMatch):
    """One Eredan match on the core's base (apply, legal cache, JSON, RNG); all state in ``self.state``."""

    @property
    def to_act(self) -> int | None:
        s = self.state
        if s["outcome"] is not None:
            return None
        phase = s["phase"]
        if phase == "cards":
            return cards.step_player(s)[0]
        if phase == "discard":
            return int(s["discarding"])
        return int(s["active"])

    def _legal_actions(self, player: int) -> list[Action]:
        return LEGAL[self.state["phase"]](self.state, player)

    def _apply(self, player: int, action: Action) -> None:
        s = self.state
        HANDLERS[action.id.split(":", 1)[0]](s, player, action)
        if "finish" in s:
            winners, termination = s.pop("finish")
            self.finish(winners, [int(p["points"]) for p in s["players"]], termination)

    def _view(self, player: int | None) -> JSON:
        return view(self.state, player, self.to_act)

    def public_action(self, player: int, action: Action) -> JSON:
        """A phase-2 card goes face down (what it is and whom it chose stay hidden until the
        reveal); picks, passes and discards are seen by all."""
        if action.id.startswith("play:"):
            return hidden_action(f"P{player + 1} plays a card face down", "play")
        return action.to_json()

    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids (conformance harness)."""
        return zones(self.state)

    def reshuffle_hidden(self, viewer: int, seed: int) -> EredanMatch:
        """A copy with what ``viewer`` cannot see permuted (conformance harness, search players)."""
        return EredanMatch(reshuffle_hidden(self.state, viewer, seed))


class EredanGame(BaseGame[EredanMatch]):
    """Eredan iTCG (engine.core.base.BaseGame): deals matches, restores them, runs the AI."""

    slug = "eredan"
    rules_version = 2  # 2: E21 (a weakened target stays weakened through its side's next refresh)
    variants = (
        Variant("standard", "eredan/standard", 2, 2, "Standard", "Standard"),
        Variant("quilingo", "eredan/quilingo", 2, 2, "Quilingo", "Quilingo"),
    )
    ai_behaviours = ai.BEHAVIOURS
    terminations = TERMINATIONS
    options = OPTIONS
    match_class = EredanMatch
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
        """Characters face each other, decks are shuffled, 5 cards each, initiative dice (E20)."""
        return new_state(decks, variant, seed, options, rng)

    def after_deal(self, match: EredanMatch) -> None:
        phases.start_round(match.state)

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> EredanMatch:
        """A match at a described position (``setup.state_from_setup``), cards from the bundled sets."""
        self.variant(variant)
        extra = [dict(card) for card in setup.get("cards", [])]
        for card in extra:
            problems = SCHEMA.validate(card)
            if problems:
                raise ValueError(f"setup card {card.get('slug')!r}: " + "; ".join(map(str, problems)))
        state = state_from_setup(setup, [*_bundled(), *extra], variant=variant, seed=seed, options=options or {})
        phases.start_round(state, draws=False)
        return EredanMatch(state)

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The AI's choice (``random`` or ``greedy``) from its own view."""
        return ai.choose_action(behaviour, view, legal, seed)
