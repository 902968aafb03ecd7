"""The duel game's rules engine (``DuelGame``), on the core's base, for the variant ``standard``.

The state is plain JSON data (``state.py``); each module owns one part of the game: ``turns`` (A4,
A5, A7, A8), ``play`` (summons, elites, traps, spells, weapons, reinforcements: A9-A13),
``combat`` (A2, A6), ``terms`` (one handler per effect term), ``resolve`` (the queue, trap and
target decisions), ``zones`` (A14), ``view`` (hidden information), ``ai`` (A15).

Rule choices where the seed and games.md are silent (each is named by a test in
tests/engine/games/duel/test_rule_choices.py):

1. The first player is a seeded coin flip unless ``options.first_player`` is set.
2. Every player's turn counts as one turn: the game's first turn (A2) is turn 1, and the turn cap
   (A8, ``options.max_turns``) counts these turns.
3. A turn begins with its draw; ``turn_start`` effects follow (Heiliger Hain, Blutmond,
   Kriegstrommeln), then the positions step.
4. A player holding a face-down card is asked at every attack and summon of the opponent whether
   to spring a trap, even when none fits, so being asked reveals nothing; one trap per attack or
   summon (A9).
5. A spell can be cast only when at least one of its effects can act now (Blitzschlag needs an
   opposing creature, Sturmwind an opposing support card, Grabesruf a creature in the graveyard).
6. An effect's owner chooses its targets; a single possible target is taken without asking. The
   opponent's discards of ``discard`` are random (A15).
7. Life points have no upper limit (healing above 20 counts).
8. A summoned creature is in play from the moment it is summoned: a trap sprung on the summon may
   destroy it or switch its position (Seelenfalle, Fangnetz); its ``summoned`` effects follow
   only if it is still in play.
9. ``revive`` (from the discard zone) and ``graveyard_to_hand`` take creatures and elites;
   reviving is no summon: it uses no summon, opens no trap window and has no ``summoned`` effects.
   The owner chooses the revived creature's position.
10. An attacker that left play or the attack position before the blow (a trap) does not attack; if
    the attacked creature left play, the attack misses (it does not turn on the player).
11. Sacrificed creatures die: their ``dies`` effects happen and their weapons go to the graveyard.
12. Gleichstand (A8) needs both players in the same case; a player without any card is in
    neither (the next draw decides). Weapons cannot be used without a creature, spells when no
    effect of theirs could act now.
13. Copies of one card in hand are one choice (the actions name the first copy).
14. Several weapons may equip one creature, each in its own support slot.
15. Boosts without ``when`` on a weapon, reinforcement or creature last while it is in play; all
    other boosts (spells, traps, triggers) last until the end of the turn (cards.py).
16. ``points`` is the life total (not below 0).
17. Creatures that die together resolve their ``dies`` effects attacker first.
18. A creature with ``direct_attack`` chooses: the player or any opposing creature.
19. A creature's effects without ``when`` act when it is summoned.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.definition import package_cards
from engine.core.match import JSON, Action, DeckCard, Variant
from engine.core.rng import SeededRandom
from engine.games.duel import ai, combat, play, resolve, turns
from engine.games.duel.presentation import PRESENTATION
from engine.games.duel.setup import state_from_setup
from engine.games.duel.state import OPTIONS, State, new_state
from engine.games.duel.view import public_action, reshuffle_hidden, view, zones

Handler = Callable[[State, int, Action], None]

HANDLERS: dict[str, Handler] = {
    "begin": turns.apply_begin,
    "switch": turns.apply_switch,
    "summon": play.apply_summon,
    "set": play.apply_set,
    "cast": play.apply_cast,
    "equip": play.apply_equip,
    "reinforce": play.apply_reinforce,
    "attack": combat.apply_attack,
    "end": turns.apply_end,
    "discard": turns.apply_discard,
    "pass": resolve.apply_pass,
    "spring": resolve.apply_spring,
    "target": resolve.apply_target,
}

END = Action("end", "End the turn", {})


def main_actions(s: State, p: int) -> list[Action]:
    """Everything the player on turn may do in the main step (A4: cards and attacks in any order)."""
    return [*play.main_card_actions(s, p), *combat.attack_actions(s, p), END]


PHASES: dict[str, Callable[[State, int], list[Action]]] = {
    "positions": turns.position_actions,
    "main": main_actions,
    "discard": turns.discard_actions,
}
PENDING: dict[str, Callable[[State, int], list[Action]]] = {
    "trap": resolve.trap_actions,
    "target": resolve.target_actions,
}


@cache
def bundled_cards() -> tuple[dict[str, Any], ...]:
    """The bundled duel cards, read once."""
    return package_cards(Path(__file__).parent)


class DuelMatch(BaseMatch):
    """One duel match on the core's base (apply, legal cache, JSON, RNG); all state in ``self.state``."""

    @property
    def to_act(self) -> int | None:
        s = self.state
        if s["outcome"] is not None:
            return None
        if s["pending"] is not None:
            return int(s["pending"]["player"])
        return int(s["current"])

    def _legal_actions(self, player: int) -> list[Action]:
        s = self.state
        if s["pending"] is not None:
            return PENDING[s["pending"]["kind"]](s, player)
        return PHASES[s["phase"]](s, player)

    def _apply(self, player: int, action: Action) -> None:
        HANDLERS[action.id.split(":", 1)[0]](self.state, player, action)
        resolve.run(self.state)

    def _view(self, player: int | None) -> JSON:
        return view(self.state, player, self.to_act)

    def public_action(self, player: int, action: Action) -> JSON:
        """Setting a trap shows only that a card went face down; everything else is open."""
        return public_action(self.state, player, action)

    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids (conformance harness)."""
        return zones(self.state)

    def reshuffle_hidden(self, viewer: int, seed: int) -> DuelMatch:
        """A copy with what ``viewer`` cannot see permuted (conformance harness, ``determinize``)."""
        return DuelMatch(reshuffle_hidden(self.state, viewer, seed))


class DuelGame(BaseGame[DuelMatch]):
    """The duel game (engine.core.base.BaseGame): deals matches, restores them, runs the AI."""

    slug = "duel"
    rules_version = 1
    variants = (Variant("standard", "duel/standard", 2, 2, "Standard", "Standard"),)
    ai_behaviours = ai.BEHAVIOURS
    terminations = ("life", "deck_out", "both_lost", "gleichstand", "turn_limit")
    options = OPTIONS
    match_class = DuelMatch
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
        """Shuffle, deal 5 cards each, flip the coin (options: max_turns 200, first_player 0|1|null)."""
        return new_state(decks, variant, seed, options, rng)

    def after_deal(self, match: DuelMatch) -> None:
        """The first player's first turn begins with its draw (A4)."""
        turns.start_turn(match.state, match.state["first"])
        resolve.run(match.state)

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> DuelMatch:
        """A match at a described position (``setup.state_from_setup``), cards from the bundled set."""
        self.variant(variant)
        state = state_from_setup(setup, bundled_cards(), variant=variant, seed=seed, options=options or {})
        if state["phase"] == "start":
            turns.start_turn(state, state["current"])
            resolve.run(state)
        return DuelMatch(state)

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The AI's choice (``random`` or ``greedy``) from its own view."""
        return ai.choose_action(behaviour, view, legal, seed)
