"""The base every game's engine stands on: ``BaseGame`` (declarations, dealing) and ``BaseMatch``.

``BaseMatch`` owns what every engine would otherwise write (and get wrong) on its own:

- ``apply``: finds the legal action (``IllegalActionError`` and nothing changed otherwise), hands it
  to the engine's ``_apply``, counts it in ``state["seq"]`` and drops the legal-action cache;
- ``legal_actions``: computed once per state by the engine's ``_legal_actions`` for the seat to act,
  sorted by id, empty for every other seat;
- the JSON round trip (``to_json`` / ``from_json``): the state is one JSON-able dict;
- the random source bound to the state: ``state["rng"]`` is the live ``SeededRandom`` (``self.rng``)
  and ``to_json`` writes its position, so no engine can forget to save it;
- ``outcome`` (from ``state["outcome"]``, set with ``finish``) and the keys every view carries
  (``to_act``, ``finished``, ``result``).

An engine implements ``to_act``, ``_legal_actions``, ``_apply``, ``_view`` and the hidden-information
hooks ``public_action``, ``card_zones`` and ``reshuffle_hidden`` (abstract here: a missing hook is an
error, never a silent leak). ``BaseGame`` checks the variant, the seat count and the options, makes
the random source, and calls the engine's ``deal``.
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine.core.match import (
    JSON,
    Action,
    DeckCard,
    Outcome,
    SeatCountError,
    UnknownVariantError,
    Variant,
    find_legal,
)
from engine.core.options import Option, check_options
from engine.core.presentation import DEFAULT, Presentation
from engine.core.rng import SeededRandom

State = dict[str, Any]
SEARCH_BEHAVIOURS: tuple[str, ...] = ("mcts",)  # players the core gives every engine (engine.core.players.play)


def _encode(value: Any) -> Any:
    if isinstance(value, SeededRandom):
        return value.to_json()
    raise TypeError(f"{type(value).__name__} is not JSON-able state")


def state_to_json(state: Mapping[str, Any]) -> JSON:
    """A deep, JSON-only copy of a state (the live random source written as its position)."""
    data: JSON = json.loads(json.dumps(state, default=_encode))
    return data


def state_from_json(data: Mapping[str, Any]) -> State:
    """A live state from ``state_to_json``'s data: a deep copy with the random source revived."""
    state: State = json.loads(json.dumps(data, default=_encode))
    state["rng"] = SeededRandom.from_json(state["rng"])
    return state


AI_VIEW_OMITS = ("log",)  # what ``BaseMatch.ai_view`` may leave out of the view: no computer player reads it


def copy_state(state: Mapping[str, Any]) -> State:
    """A deep copy of a live state, its random source included: what ``state_from_json`` of
    ``state_to_json`` gives a JSON-able state, five to fifteen times faster (pickle, in C), for the
    copies search players and ``reshuffle_hidden`` make by the thousand."""
    copied: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copied


class BaseMatch(ABC):
    """One match: all of it in ``self.state`` (JSON-able but for the live ``state["rng"]``)."""

    def __init__(self, state: State) -> None:
        if not isinstance(state.get("rng"), SeededRandom):
            raise TypeError("a match state carries its live random source in state['rng']")
        state.setdefault("seq", 0)
        state.setdefault("outcome", None)
        self.state = state
        self._legal: list[Action] | None = None
        # What ``ai_view`` may reuse from call to call because it never changes in a match (card
        # views, the map): the engine's to fill; copies and determinizations share it.
        self.memo: dict[str, Any] = {}

    # -- what the base owns --------------------------------------------------------------------

    @property
    def rng(self) -> SeededRandom:
        """The match's one random source: every shuffle, die and coin flip comes from it."""
        rng: SeededRandom = self.state["rng"]
        return rng

    @property
    def seats(self) -> int:
        """How many seats play (``state["players"]`` has one entry per seat)."""
        return len(self.state["players"])

    def legal_actions(self, player: int) -> list[Action]:
        """The actions ``player`` may take now, sorted by id; empty unless ``player`` is to act."""
        if player != self.to_act:
            return []
        if self._legal is None:
            self._legal = sorted(self._legal_actions(player), key=lambda a: a.id)
        return list(self._legal)

    def apply(self, player: int, action: Action | str) -> Action:
        """Apply a legal action (or its id) and return it; IllegalActionError, nothing changed, otherwise."""
        chosen = find_legal(self.legal_actions(player), action, player)
        self._legal = None
        self._apply(player, chosen)
        self.state["seq"] += 1
        return chosen

    def outcome(self) -> Outcome | None:
        """The result once the match is over (``finish`` recorded it), else None."""
        result = self.state["outcome"]
        return None if result is None else Outcome.from_json(result)

    def finish(self, winners: Sequence[int], points: Sequence[int], termination: str) -> None:
        """End the match: the winning seats (none: a draw or a common loss), points, and why."""
        self.state["outcome"] = Outcome(tuple(winners), tuple(points), termination).to_json()
        self._legal = None

    def view(self, player: int | None) -> JSON:
        """What ``player`` (None: a spectator) may see: the engine's ``_view`` plus ``to_act``,
        ``finished`` and ``result`` (api.md)."""
        return self._with_status(self._view(player))

    def _with_status(self, shown: JSON) -> JSON:
        """A game's view with what the base adds: ``to_act``, ``finished`` and ``result``."""
        outcome = self.outcome()
        return {
            **shown,
            "to_act": self.to_act,
            "finished": outcome is not None,
            "result": outcome.to_json() if outcome is not None else None,
        }

    def ai_view(self, player: int | None) -> JSON:
        """What a computer player reads of ``view(player)``: the same data but for the keys in
        ``AI_VIEW_OMITS`` (the log, which no computer player reads), and its unchanging parts may
        be shared between calls (``memo``): read it, never change it. A search player reads one
        per decision of every playout, so an engine whose ``view`` is dear gives a cheaper one
        (``_ai_view``); the conformance harness checks that it equals the view."""
        return self._with_status(self._ai_view(player))

    def _ai_view(self, player: int | None) -> JSON:
        """The game's part of ``ai_view``: by default its whole ``_view``."""
        return self._view(player)

    def standing(self) -> list[float]:
        """Each seat's standing where a search cuts a playout off before the end (``mcts``): higher
        is better, compared between seats. By default the view's ``points``, the figure that
        decides the winner; a game whose points change rarely (a building standing, a VIP alive)
        gives a finer figure that also counts how close each seat is to them. It may read the
        whole state: a search calls it on its own determinized samples only."""
        return [float(side["points"]) for side in self.ai_view(None)["players"]]

    def to_json(self) -> JSON:
        """A deep copy of the whole state, the random source's position included."""
        return state_to_json(self.state)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a match from ``to_json``'s data."""
        return cls(state_from_json(data))

    def copy(self) -> Self:
        """An independent copy (the same position, the same random source position)."""
        clone = type(self)(copy_state(self.state))
        clone.memo = self.memo
        return clone

    def determinize(self, viewer: int, seed: int) -> Self:
        """A copy consistent with all ``viewer`` knows: the hidden cards permuted
        (``reshuffle_hidden``) and a fresh random source, since future dice and shuffles are hidden
        too. Search players (MCTS) plan on such copies, so they never read hidden information."""
        copy = self.reshuffle_hidden(viewer, seed)
        copy.state["rng"] = SeededRandom(seed ^ 0x5DEECE66D)
        copy._legal = None
        copy.memo = self.memo
        return copy

    # -- what each engine implements -----------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must act now, or None when the match is over."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """The legal actions of ``player``, the seat to act (any order; the base sorts them)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Carry out a legal action (the engine's own, with its parameters); may call ``finish``."""

    @abstractmethod
    def _view(self, player: int | None) -> JSON:
        """The game's part of the view: ``turn``, ``players`` (``hand`` or None, ``hand_count``,
        ``deck_count``, ``points``) and the game's own keys (api.md)."""

    @abstractmethod
    def public_action(self, player: int, action: Action) -> JSON:
        """What the other seats and spectators see of ``player`` taking the legal ``action`` in the
        current state (before it applies): ``action.to_json()`` when it reveals nothing hidden,
        else a ``hidden_action`` saying what the table saw."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids: each card of the match in exactly one zone."""

    @abstractmethod
    def reshuffle_hidden(self, viewer: int, seed: int) -> Self:
        """A copy in which everything ``viewer`` cannot see (other hands, deck orders, face-down
        cards) is permuted: ``viewer``'s view and legal actions must not change."""


M = TypeVar("M", bound=BaseMatch)


class BaseGame(ABC, Generic[M]):
    """A game's engine: its declarations (api.md "Matches of every game") and how it deals.

    ``rules_version`` grows whenever a rules change makes stored replays play out differently
    (the golden replay files of tests/engine/golden catch a change that forgot to bump it).
    """

    slug: ClassVar[str]
    rules_version: ClassVar[int]
    variants: ClassVar[tuple[Variant, ...]]
    ai_behaviours: ClassVar[tuple[str, ...]]
    terminations: ClassVar[tuple[str, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    match_class: ClassVar[type[BaseMatch]]
    presentation: ClassVar[Presentation] = DEFAULT

    def variant(self, slug: str) -> Variant:
        """The declared variant ``slug``; UnknownVariantError naming the variants otherwise."""
        for variant in self.variants:
            if variant.slug == slug:
                return variant
        names = ", ".join(v.slug for v in self.variants)
        raise UnknownVariantError(f"unknown {self.slug} variant {slug!r}; the variants are {names}")

    def option_specs(self, variant: str) -> tuple[Option, ...]:
        """The match options of ``variant`` (the game's ``options`` unless it overrides this)."""
        return self.options

    def starts_without_decks(self, variant: str) -> bool:
        """Whether a match of ``variant`` may be dealt with every seat's deck empty, because it
        begins by dealing the decks itself (muhq's draft, M23). False unless the game says so."""
        return False

    def check_options(self, variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; OptionError naming a bad or unknown one."""
        return check_options(self.option_specs(variant), options)

    def check_seats(self, variant: Variant, seats: int) -> None:
        """SeatCountError unless the variant is played by ``seats`` seats."""
        if not variant.min_players <= seats <= variant.max_players:
            wanted = (
                str(variant.min_players)
                if variant.min_players == variant.max_players
                else f"{variant.min_players} to {variant.max_players}"
            )
            raise SeatCountError(f"{self.slug}/{variant.slug} is played by {wanted} players, not {seats}")

    def new_match(
        self, decks: Sequence[Sequence[DeckCard]], *, variant: str, seed: int, options: Mapping[str, Any]
    ) -> M:
        """Deal a match: checks the variant, the seats (one deck each) and the options, then ``deal``."""
        declared = self.variant(variant)
        self.check_seats(declared, len(decks))
        checked = self.check_options(variant, options)
        rng = SeededRandom(seed)
        state = self.deal(decks, variant=declared.slug, seed=seed, options=checked, rng=rng)
        state["rng"] = rng
        match: M = self.match_class(state)  # type: ignore[assignment]
        self.after_deal(match)
        return match

    def after_deal(self, match: M) -> None:
        """Called once on a new match (e.g. to start the first turn); nothing by default."""

    def from_json(self, data: Mapping[str, Any]) -> M:
        """Restore a match from ``Match.to_json()``."""
        match: M = self.match_class.from_json(data)  # type: ignore[assignment]
        return match

    @abstractmethod
    def deal(
        self,
        decks: Sequence[Sequence[DeckCard]],
        *,
        variant: str,
        seed: int,
        options: Mapping[str, Any],
        rng: SeededRandom,
    ) -> State:
        """The first state of a match: every random draw from ``rng`` (the base stores it)."""

    @abstractmethod
    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The computer opponent's choice, from what its own ``view`` shows; deterministic for a seed."""

    @property
    def behaviours(self) -> tuple[str, ...]:
        """Every computer player of the game: its own (``ai_behaviours``, choosing from a view) and
        the core's search players (``SEARCH_BEHAVIOURS``: ``mcts``, engine.core.mcts), which every
        engine gets without game code."""
        return (*self.ai_behaviours, *(b for b in SEARCH_BEHAVIOURS if b not in self.ai_behaviours))

    def declaration(self) -> JSON:
        """What ``GET games/`` says of this engine: variants, AI behaviours, terminations, options."""
        return {
            "rules_version": self.rules_version,
            "variants": [
                {**v.to_json(), "options": [o.to_json() for o in self.option_specs(v.slug)]} for v in self.variants
            ],
            "ai_behaviours": list(self.behaviours),
            "terminations": list(self.terminations),
        }


def opaque_ids(rng: SeededRandom, count: int, taken: set[str] | None = None) -> list[str]:
    """``count`` new card ids for a match, drawn from its random source: unique (also against
    ``taken``, which is updated) and opaque, so an id tells neither what a hidden card is nor where
    it lay in the deck (api.md). Deal them after the shuffle or in any order: they carry nothing."""
    used = taken if taken is not None else set()
    ids: list[str] = []
    while len(ids) < count:
        cid = f"c{rng.below(1 << 24):06x}"
        if cid not in used:
            used.add(cid)
            ids.append(cid)
    return ids
