"""The Ka-Mel-Oh! rules engine (``KameloGame``) for the variants dufo, wimu and koenig (K1).

The state is plain JSON data (``state.py``); each module owns one part of a turn: ``play`` (yellow
monsters, green items), ``recipes`` (mutation, fusion, Zusammenrottung, K4), ``oasis`` (wimu/koenig
card management), ``combat`` (K5), ``turns`` (K6 Datteln, K7 ending), ``view`` (hidden information).

Rule choices where the seed and games.md are silent (each is named by a test in
tests/engine/games/kamelo/test_rule_choices.py):

1. First player: a coin flip from the match's seeded RNG unless ``options.first_player`` is set.
2. Each player's own first turn has no attack and no point for an empty arena (K5).
3. The point for an empty opposing arena needs at least one own monster in the arena (no one
   attacks with nothing; games.md K10); it is scored when the player ends the turn.
4. The attack is optional (``end`` skips it); attacking ends the turn. Defenders do not strike back.
5. A direct attack (Doppeldecker, Kamel-hame-ha!) scores 1 victory point, like an attack on an
   empty arena; the direct attacker takes no part in the fight, the others fight by K5.
6. The defender may play stat items after the attack is declared (seed's "Ablauf eines Kampfes");
   the defender always gets this decision, so it reveals nothing about their hand.
7. Dufo's order: monsters first, then items ("Danach ... ITEM-Karten"); no monster after an item.
8. Streik: every monster sent to the arena (played, or fused from hand) costs 2 more, from the
   moment it is played until the end of the next turn (the opponent's). Buy-outs pay the printed price.
9. Bausparvertrag: pays 10 Datteln at the start of the owner's second turn after it was played;
   in dufo the stock never exceeds 20 (K6).
10. Hostile items that bring a monster to LP <= 0 defeat it; the item's player scores its HK points.
11. Fusions, mutations and Zusammenrottungen do not count toward the two monsters sent per turn.
12. Dufo plays ``rotte`` recipes as fusions (every component); wimu/koenig play ``fusion`` recipes
    as Zusammenrottungen (two or more components, later joins).
13. Koenig: cards are played from the hand only, but at any time of the turn (seed's note, K9);
    an activated oasis's face-up top may be taken into the hand (K9, not in the turn it was
    activated); otherwise koenig follows wimu. The unfinished "Fusionsdeck" is not modelled.
14. The final turns (K7) are counted from the first trigger: deck/oases exhausted at the end of a
    turn, or (short game) any player at the target points at the end of a turn. Every last turn
    is a normal turn followed by the buy-out of hand monsters (yellow and violet).
15. A match also enters its final turns after ``options.max_turns`` turns (default 200), so every
    match ends; equal points at the end are a draw. Before that, a long game whose last 10 turns
    moved no card out of any deck or oasis stalls (K12): its final turns begin, termination
    ``stalled``; the view's ``stall_turns`` counts those turns.
16. Dufo's refill: a turn ending with an empty deck and fewer than 8 cards in hand is penultimate.
17. Wimu/koenig Datteln start at 0 (the seed: production "zwischen 0 (ganz zu Beginn) ...").
18. Taking over (seed: "Wichtige Ausnahme"): a monster taken over keeps its damage and items, is
    no component of the taker's mutations, fusions or Zusammenrottungen, and, leaving the arena
    in any way, goes to its owner's desert; taken back by its owner, it lies upright again.
19. Withdrawing (seed: "außer durch passende ITEMs"): only a monster that is the player's own card
    goes back into the hand; what items and damage did to it is gone (it is a hand card again).
20. K12 counts a turn as one that moved no card out of a deck or oasis when, after it, the decks
    and oases of both players hold no fewer cards than before it: a card buried under an oasis and
    another drawn in the same turn are an exchange that brings no deck nearer its end.
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
from engine.games.kamelo import ai, combat, oasis, play, recipes, turns
from engine.games.kamelo.board import PRESENTATION
from engine.games.kamelo.calc import VARIANTS
from engine.games.kamelo.setup import state_from_setup
from engine.games.kamelo.state import OPTIONS, State, new_state
from engine.games.kamelo.view import reshuffle_hidden, view, zones

# K1: the variants are named after the seed's three proposals (Regelvorschlag 1 von Dufo, 2 von WiMu,
# 3 vom Kamelkönig).
VARIANT_NAMES = {
    "dufo": ("Dufo (Vorschlag 1)", "Dufo (proposal 1)"),
    "wimu": ("WiMu (Vorschlag 2)", "WiMu (proposal 2)"),
    "koenig": ("Kamelkönig (Vorschlag 3)", "Kamelkönig (proposal 3)"),
}

CARD_DIR = Path(__file__).parent / "data" / "cards"

Handler = Callable[[State, int, Action], None]

HANDLERS: dict[str, Handler] = {
    "play": play.apply_monster,
    "item": play.apply_item,
    "target": play.apply_target,
    "mutate": recipes.apply_mutation,
    "fuse": recipes.apply_fusion,
    "join": recipes.apply_join,
    "activate": oasis.apply_oasis,
    "bury": oasis.apply_oasis,
    "draw": oasis.apply_oasis,
    "search": oasis.apply_oasis,
    "take": oasis.apply_take,
    "pick": oasis.apply_pick,
    "attack": combat.apply_attack,
    "end": combat.apply_end,
    "direct": combat.apply_direct,
    "fighter": combat.apply_fighter,
    "defend": combat.apply_defend,
    "buy": turns.apply_buyout,
    "done": turns.apply_buyout,
}

PENDING: dict[str, Callable[[State, int], list[Action]]] = {
    "target": play.target_actions,
    "direct": combat.direct_actions,
    "fighter": combat.fighter_actions,
    "defend": combat.defend_actions,
    "take": oasis.take_actions,
}


def main_actions(s: State, p: int) -> list[Action]:
    """Everything the player on turn may do in the main phase."""
    idx = recipes.index(s, p) if s["players"][p]["violets"] and play.may_play(s, p) else None
    return [
        *play.monster_actions(s, p),
        *play.item_actions(s, p),
        *recipes.mutation_actions(s, p, idx),
        *recipes.fusion_actions(s, p, idx),
        *recipes.join_actions(s, p, idx),
        *oasis.oasis_actions(s, p),
        *combat.step_actions(s, p),
    ]


@cache
def _bundled() -> tuple[dict[str, Any], ...]:
    return tuple(card for path in sorted(CARD_DIR.glob("*.json")) for card in load_card_file(path)["cards"])


def bundled_cards() -> list[dict[str, Any]]:
    """The bundled Ka-Mel-Oh! cards (read once)."""
    return list(_bundled())


class KameloMatch(BaseMatch):
    """One Ka-Mel-Oh! match on the core's base (apply, legal cache, JSON, RNG); all state in ``self.state``."""

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
        if s["phase"] == "buyout":
            return turns.buyout_actions(s, player)
        return main_actions(s, player)

    def _apply(self, player: int, action: Action) -> None:
        HANDLERS[action.id.split(":", 1)[0]](self.state, player, action)

    def _view(self, player: int | None) -> JSON:
        return view(self.state, player, self.to_act)

    def public_action(self, player: int, action: Action) -> JSON:
        """What the opponent and spectators see: a buried card (face down under an oasis) and a card
        taken from a searched oasis pile stay hidden; everything else is played in the open."""
        kind = action.id.split(":", 1)[0]
        if kind == "bury":
            return hidden_action(f"P{player + 1} buries a card under an oasis", "bury")
        if kind == "take" and self.state["pending"] and self.state["pending"].get("kind") == "take":
            return hidden_action(f"P{player + 1} takes a card from the searched oasis", "take")
        return action.to_json()

    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids (conformance harness)."""
        return zones(self.state)

    def reshuffle_hidden(self, viewer: int, seed: int) -> KameloMatch:
        """A copy with what ``viewer`` cannot see permuted (conformance harness)."""
        return KameloMatch(reshuffle_hidden(self.state, viewer, seed))


class KameloGame(BaseGame[KameloMatch]):
    """Ka-Mel-Oh! (engine.core.base.BaseGame): deals matches, restores them, runs the AI."""

    slug = "kamelo"
    rules_version = 3  # 2: K9 pick, return_match, take_over/withdraw, rule choice 7 for fusions; 3: K12 stalls
    variants = tuple(Variant(v, f"kamelo/{v}", 2, 2, *VARIANT_NAMES[v]) for v in VARIANTS)
    ai_behaviours = ai.BEHAVIOURS
    terminations = ("target_points", "deck_exhausted", "stalled", "turn_limit", "return_match")
    options = OPTIONS
    match_class = KameloMatch
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
        """Shuffle, deal opening hands and oases, flip for the first player (options: length
        short|long, target_points 20, oases 3|4, max_turns 200, first_player 0|1|null, return_match)."""
        return new_state(decks, variant, seed, options, rng)

    def after_deal(self, match: KameloMatch) -> None:
        turns.start_turn(match.state, match.state["first"])

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> KameloMatch:
        """A match at a described position (``setup.state_from_setup``), cards from the bundled set."""
        return KameloMatch(state_from_setup(setup, bundled_cards(), variant=variant, seed=seed, options=options or {}))

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The AI's choice (``random`` or ``greedy``) from its own view."""
        return ai.choose_action(behaviour, view, legal, seed)
