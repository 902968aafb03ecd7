"""The conformance harness itself: a well-behaved toy engine passes it, and each kind of broken
engine fails it with a message that says what is wrong (a harness that cannot fail is a defect)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.cards import CardSchema
from engine.core.definition import GameDefinition
from engine.core.match import JSON, Action
from engine.core.rng import SeededRandom
from tests.engine.conformance import (
    ConformanceError,
    check_declarations,
    check_opaque_ids,
    check_restore_continues,
    random_playout,
)
from tests.toy.engine import ToyGame, ToyMatch, toy_decks


def definition(engine: Any) -> GameDefinition:
    return GameDefinition(
        slug="toy",
        name="Toy",
        name_en="Toy",
        schema=CardSchema(game="toy", types=("card",), attributes=()),
        package_dir=Path(__file__).parent,
        formats={"toy/standard": object()},
        engine=engine,
    )


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_a_conforming_engine_passes_with_any_number_of_seats(seats: int) -> None:
    match, actions = random_playout(ToyGame(), toy_decks(seats), variant="standard", seed=seats)
    assert match.outcome() is not None and actions


def test_a_conforming_engine_passes_the_declaration_id_and_restore_checks() -> None:
    check_declarations(definition(ToyGame()))
    check_opaque_ids(ToyGame(), toy_decks(2, 12), variant="standard", seeds=[1, 2, 3, 4])
    check_restore_continues(ToyGame(), toy_decks(), variant="standard", seed=5, options={})


def test_an_engine_that_walks_a_dict_in_insertion_order_fails() -> None:
    """PostgreSQL's jsonb gives a stored match back with its keys sorted: a rule that takes "the
    first" key of a dict plays differently after a restore (muhq's full action once did)."""

    class Ordered(ToyMatch):
        def _apply(self, player: int, action: Action) -> None:
            self.state["first_named"] = next(iter(self.state["cards"]))
            super()._apply(player, action)

    class Game(ToyGame):
        match_class = Ordered

    with pytest.raises(ConformanceError, match="jsonb's key order"):
        random_playout(Game(), toy_decks(2), variant="standard", seed=3)


def test_a_match_without_the_hidden_information_hooks_fails() -> None:
    class NoHooks(ToyMatch):
        pass

    NoHooks.__abstractmethods__ = frozenset({"public_action"})  # as if ToyMatch had not written it

    class Game(ToyGame):
        match_class = NoHooks

    with pytest.raises(AssertionError, match="lacks the hooks"):
        check_declarations(definition(Game()))


def test_a_view_that_shows_another_seats_hand_fails() -> None:
    class Leaky(ToyMatch):
        def _view(self, player: int | None) -> JSON:
            shown = super()._view(player)
            for p, side in enumerate(shown["players"]):
                side["hand"] = [self._card(c) for c in self.state["players"][p]["hand"]]
            return shown

    class Game(ToyGame):
        match_class = Leaky

    with pytest.raises(ConformanceError, match="hidden cards show"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1)


def test_a_view_that_shows_another_seats_draft_picks_fails() -> None:
    """M29, R20: a running draft's picks are hidden like a hand. The engine below holds its face-down
    cards as each seat's picks (``p<seat>.picks``) but shows them to everyone and, taking them for
    public, never permutes them: the reshuffle check cannot see that, the private-zone check must."""

    class Drafting(ToyMatch):
        hidden_from_others = ("hand",)  # the picks taken for public: never permuted

        def _view(self, player: int | None) -> JSON:
            shown = super()._view(player)
            for p, side in enumerate(shown["players"]):
                side["set"] = [self._card(c) for c in self.state["players"][p]["set"]]
            return shown

        def card_zones(self) -> dict[str, list[str]]:
            zones = super().card_zones()
            if self.state["outcome"] is None:  # the picks are laid out once the match is over
                for p in range(self.seats):
                    zones[f"p{p}.picks"] = zones.pop(f"p{p}.set")
            return zones

    class Game(ToyGame):
        match_class = Drafting

    with pytest.raises(ConformanceError, match=r"sees 1 card\(s\) of p0.picks"):
        random_playout(Game(), toy_decks(2, 12), variant="standard", seed=1)


def test_a_reshuffle_that_changes_nothing_fails() -> None:
    class Lazy(ToyMatch):
        def reshuffle_hidden(self, viewer: int, seed: int) -> ToyMatch:
            return self.copy()

    class Game(ToyGame):
        match_class = Lazy

    with pytest.raises(ConformanceError, match="changes nothing"):
        random_playout(Game(), toy_decks(2, 12), variant="standard", seed=1)


def test_a_reshuffle_that_depends_on_where_hidden_cards_lie_fails() -> None:
    class Positional(ToyMatch):
        def reshuffle_hidden(self, viewer: int, seed: int) -> ToyMatch:
            copy = self.copy()
            rng = SeededRandom(seed)
            for side in copy.state["players"]:
                rng.shuffle(side["deck"])  # shuffles whatever order it finds: not canonical
            return copy

    class Game(ToyGame):
        match_class = Positional

    with pytest.raises(ConformanceError, match="depends on where the hidden cards lie"):
        random_playout(Game(), toy_decks(2, 12), variant="standard", seed=1)


def test_ids_numbered_in_deck_list_order_fail() -> None:
    class Numbered(ToyGame):
        """Numbers the cards in deck-list order before the shuffle (what Ka-Mel-Oh! once did)."""

        def deal(self, decks: Any, *, rng: Any, **kwargs: Any) -> Any:
            cards, players = {}, []
            for p, deck in enumerate(decks):
                ids = [f"p{p}c{n:02d}" for n in range(sum(line.count for line in deck))]
                slugs = [str(line.card["slug"]) for line in deck for _ in range(line.count)]
                cards.update(zip(ids, slugs, strict=True))
                rng.shuffle(ids)
                players.append({"deck": ids[3:], "hand": ids[:3], "played": [], "set": []})
            return {"turn": 1, "current": 0, "cards": cards, "players": players}

    with pytest.raises(AssertionError, match="same in every seed"):
        check_opaque_ids(Numbered(), toy_decks(2, 12), variant="standard", seeds=[1, 2, 3, 4])


def test_an_engine_that_accepts_an_unlisted_action_fails() -> None:
    class Lenient(ToyMatch):
        def apply(self, player: int, action: Action | str) -> Action:
            if isinstance(action, str) and action.startswith("no-such-action"):
                self.state["turn"] += 1
                return Action(action, action)
            return super().apply(player, action)

    class Game(ToyGame):
        match_class = Lenient

    with pytest.raises(ConformanceError, match="accepted though it is not listed"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1)


def test_a_view_without_the_fixed_keys_fails() -> None:
    class Bare(ToyMatch):
        def _view(self, player: int | None) -> JSON:
            shown = super()._view(player)
            del shown["turn"]
            return shown

    class Game(ToyGame):
        match_class = Bare

    with pytest.raises(ConformanceError, match=r"lacks \['turn'\]"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1)


def test_an_undeclared_termination_fails() -> None:
    class Game(ToyGame):
        terminations = ("something_else",)

    with pytest.raises(ConformanceError, match="is not declared"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1)


def test_a_playout_that_never_ends_fails() -> None:
    class Endless(ToyMatch):
        def _apply(self, player: int, action: Action) -> None:
            self.state["turn"] += 1

    class Game(ToyGame):
        match_class = Endless

    with pytest.raises(ConformanceError, match="no end after 50 actions"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1, max_actions=50)


def test_an_ai_that_answers_an_illegal_action_fails() -> None:
    class Game(ToyGame):
        def choose_action(self, behaviour: str, view: JSON, legal: Any, seed: int) -> Action:
            return Action("resign", "Resign")

    with pytest.raises(ConformanceError, match="not a legal action"):
        random_playout(Game(), toy_decks(), variant="standard", seed=1)
