"""The rules engine of muhq's game (``MuhqGame``): a deckbuilding tabletop game on a map (M1-M31).

Variants are the maps (``data/maps/*.json``): ``zwei-doerfer`` (resources, 2), ``hafenbucht``
(VIP, 2-4), ``drei-gebiete`` (capture points, 2-4), ``burgen`` (buildings, 2), ``stecken``
(Stecken des Sieges, 2) and ``the-kraken`` (1-4 players together against the engine-run Kraken,
which takes no seat, M21). The state is plain JSON (``state.py``); ``flow`` says who acts and what
an action does, with ``legal`` (the legal actions), ``stack`` (the action stack), ``activation``,
``dropping`` (what waits to be set down), ``turns`` and ``kraken``; ``rules`` runs combat, effects
and permanents leaving the map, ``placing`` and ``outcome`` the map's places and victories,
``geometry`` ranges and movement, ``behaviours`` the AI keywords of ki.md, ``ai`` the computer
players, ``view`` the hidden information, ``setup`` the deal and described positions, ``draft`` M23.

The action vocabulary (ids; the kind before the first ``:`` groups them; params in brackets):

- ``play:<card>:<x>,<y>`` / ``play:<unit>+<equipment>:<x>,<y>`` - a permanent from the hand onto a
  field (M25, M17) [card, x, y, equipment]
- ``spell:<card>`` / ``spell:<card>:<target>`` - cast a spell (fast) [card, target]
- ``free:<permanent>:<effect index>[:<target>]`` - a free action, paying its cost (fast)
- ``exchange:<card>:<card>`` - two hand cards onto the discard pile for 1 resource [cards]
- ``activate:<unit>`` - choose an untapped unit; then ``move:<unit>:<x>,<y>``,
  ``road:<unit>:<x>,<y>`` (the road's extra move), ``crew:<unit>:<base>``, ``attack:<unit>:<target>``,
  ``full:<unit>:<effect index>[:<target>]``, ``equip:<unit>:<equipment>``, ``swap:<unit>:<artifact>``,
  ``carry:<unit>:<artifact>:<x>,<y>``, ``recover:<unit>`` (spend an action on a paralysis marker),
  ``done:<unit>`` (tap it) [card, x, y, target, base, effect]
- ``setdown:<permanent>:<x>,<y>`` - set a carried artifact or a dropped permanent down (M16, M31)
- ``end:actions`` - to the buy phase; ``buy:<card>`` [card, cost], ``discard:<card>``, ``end:turn``
- ``pay`` - upkeep: pay every unit's upkeep [amount]; ``release:<unit>`` - let a unit go unpaid
  (it is defeated) [unit]
- ``pass`` - answer the action stack with nothing (the top resolves when all pass)
- ``draft:<card>`` - pick a card of the pile in hand (the draft phase, M23) [card, cost]

Rule choices where the seed and games.md are silent (each named by a test in
tests/engine/games/muhq/test_rule_choices.py):

1. Playing a card costs nothing: the buy cost is paid once, in the store (rules.md "Kauf").
2. Upkeep (M9, M30): a seat that controls a unit decides at each upkeep: ``pay`` every unit's
   upkeep at once (once the resources cover it), after letting any go (``release``); a seat
   without units is not asked.
3. The action stack (M15, M30): after an action the seats that hold a fast action they can use,
   or two cards to exchange, are asked in turn order; after each item resolves, every such seat
   is asked again, the seat whose turn it is first. Unit actions run by an AI keyword, panic and
   the Kraken's turn resolve at once (the engine runs them).
4. Spells and effects deal damage that armour does not reduce (armour reduces hits, M13);
   spells aim at units on their own field (crew cannot be targeted apart, M18).
5. A Haus also keeps its unit from striking back beyond range 1 (what cannot be attacked at range
   cannot be answered there either is not said; a unit *on* a Haus counter-strikes only at range 1).
6. Buildings and the Stecken des Sieges are map pieces: they leave the game when destroyed.
   Capture points (M27) are counted at the end of each turn for every seat whose opponent's turn
   it was (the seed: "am Ende des gegnerischen Zugs"), so a region must be held through the other
   seats' turns: a seat holding more regions than every other seat (and the map's ``hold``) then
   wins. Counting the seat whose own turn ends too would let the first unit to walk into a
   region win at once, before anyone could contest it (greedy mirrors on drei-gebiete then ended
   after 1.2 turns on average, the first seat winning 34 of 40).
7. A dropped stack is set down by the seat that controlled its base (M31); where no seat does
   (the Kraken, a neutral piece, a seat out of the match) and in everything the engine runs (the
   Kraken's turn, AI keywords, panic), the match's seeded random source places at once, as it
   aims a destroyed-trigger (the same as for the AI's ambiguities, M4).
8. The Kraken's upkeep: when only der Kraken is left and it cannot pay, it pays what it has.
   Its spells aim at a random player's unit (healing: at its own); a turn cap is a draw.
9. A unit may end its move on an own unit with free Crew capacity only if it carries no crew
   itself; AI behaviours move without the road's extra move and without crewing.
10. A seat out of the match (M26): its permanents go to their owners' discard piles without
    their ``destroyed`` effects (they leave, they are not destroyed); what it has on the stack
    fizzles.
11. A match plays the cards it is given (the database's, when the service deals it); what the map
    names (start cards, pieces, the Kraken's cards), the draft's pool and a setup's slugs are the
    bundled cards unless a deck or the setup's ``cards`` bring them. A state keeps its catalog,
    so a stored match plays on with the cards it was dealt.
12. A spell takes its target by its first targeted effect. A spell that needs none, one without
    effects included (the card schema allows it), is cast without a target like any other: it
    goes on the stack, resolves (doing nothing, without effects) and goes to the discard pile. A
    player holding a spell expects to cast it; one that cannot be cast is a dead card in the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.base import BaseGame, BaseMatch
from engine.core.match import JSON, Action, DeckCard, Variant, hidden_action
from engine.core.options import Option
from engine.core.rng import SeededRandom
from engine.core.samples import sample_match_decks
from engine.games.muhq import ai, flow
from engine.games.muhq.board import PRESENTATION
from engine.games.muhq.legal import legal
from engine.games.muhq.maps import load_map, maps
from engine.games.muhq.schema import SCHEMA
from engine.games.muhq.setup import new_state, state_from_setup
from engine.games.muhq.state import OPTIONS, State, bundled, in_arrival_order, options_for, upgraded
from engine.games.muhq.turns import start_match
from engine.games.muhq.view import ai_view, reshuffle_hidden, view, zones

TERMINATIONS = (
    "vip",
    "resources",
    "capture_points",
    "buildings",
    "staff_of_victory",
    "kraken_defeated",
    "kraken_won",
    "turn_limit",
)


class MuhqMatch(BaseMatch):
    """One muhq match on the core's base; all state in ``self.state``."""

    def __init__(self, state: State) -> None:
        super().__init__(in_arrival_order(upgraded(state)))

    @property
    def to_act(self) -> int | None:
        return flow.actor(self.state)

    def _legal_actions(self, player: int) -> list[Action]:
        return legal(self.state, player)

    def _apply(self, player: int, action: Action) -> None:
        flow.apply(self.state, player, action)

    def _view(self, player: int | None) -> JSON:
        return view(self.state, player)

    def _ai_view(self, player: int | None) -> JSON:
        return ai_view(self.state, player, self.memo)

    def standing(self) -> list[float]:
        return ai.standing(self.state)

    def public_action(self, player: int, action: Action) -> JSON:
        """What the table sees: discards and exchanges show their cards (open piles); a draft pick
        is hidden; everything else happens in the open."""
        if action.id.startswith("draft:"):
            return hidden_action(f"P{player + 1} picks a card", "draft")
        return action.to_json()

    def card_zones(self) -> dict[str, list[str]]:
        return zones(self.state)

    def reshuffle_hidden(self, viewer: int, seed: int) -> MuhqMatch:
        return MuhqMatch(reshuffle_hidden(self.state, viewer, seed))


class MuhqGame(BaseGame[MuhqMatch]):
    """muhq's game (engine.core.base.BaseGame): one variant per bundled map."""

    slug = "muhq"
    rules_version = 5  # 4 counted the active seat's regions too (M27), undone
    variants = tuple(
        Variant(m.slug, "muhq/draft", m.min_players, m.max_players, m.name, m.names.get("en", m.name)) for m in maps()
    )
    ai_behaviours = ai.BEHAVIOURS
    terminations = TERMINATIONS
    options = OPTIONS
    match_class = MuhqMatch
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
        """Stores from the drafted lists, start decks from the map (M12), the first seat (M22)."""
        return new_state(decks, variant, seed, options, rng)

    def option_specs(self, variant: str) -> tuple[Option, ...]:
        """The options, with the map's own turn cap as the default of ``max_rounds`` (burgen)."""
        return options_for(load_map(self.variant(variant).slug))

    def starts_without_decks(self, variant: str) -> bool:
        """Every map: a match dealt without stores begins with the draft (M23, api.md)."""
        self.variant(variant)
        return True

    def after_deal(self, match: MuhqMatch) -> None:
        if match.state["draft"] is None:
            start_match(match.state)

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> MuhqMatch:
        """A match at a described position (``setup.state_from_setup``); ``{"deal": "samples" or
        "draft", "seats": n}`` deals a new match between the sample stores, or without stores."""
        declared = self.variant(variant)
        if setup.get("deal") in ("samples", "draft"):
            seats = int(setup.get("seats", max(2, declared.min_players)))
            decks = (
                sample_match_decks(list(bundled()), declared.format, seats)
                if setup["deal"] == "samples"
                else [[]] * seats
            )
            return self.new_match(decks, variant=variant, seed=seed, options=options or {})
        for card in setup.get("cards", []):
            problems = SCHEMA.validate(card)
            if problems:
                raise ValueError(f"setup card {card.get('slug')!r}: " + "; ".join(map(str, problems)))
        return MuhqMatch(state_from_setup(setup, variant=variant, seed=seed, options=options or {}))

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The AI's choice (``random`` or ``greedy``) from its own view."""
        return ai.choose_action(behaviour, view, legal, seed)
