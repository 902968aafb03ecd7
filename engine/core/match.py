"""The match interface every game's rules engine implements, in python-chess's vocabulary.

A ``Game`` (one per game package, stateless) starts matches; a ``Match`` holds one match's whole
state, including its seeded random source, and round-trips through JSON::

    match = game.new_match(decks, variant="dufo", seed=42, options={})
    while match.outcome() is None:
        player = match.to_act
        action = match.legal_actions(player)[0]
        match.apply(player, action)          # or match.apply(player, action.id)
    data = match.to_json(); same = game.from_json(data)

Every decision a player takes, sub-choices included (targets, discards, which monsters fuse), is an
``Action`` from ``legal_actions``: a pending decision is answered by further actions, so the API
stays uniform. ``view(player)`` is what that player may see (``None``: a spectator): never an
opponent's hand, the order of any deck, or face-down cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = dict[str, Any]


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names the action and says why."""


class UnknownVariantError(ValueError):
    """A variant (or option) the game does not know."""


@dataclass(frozen=True)
class DeckCard:
    """One line of a deck handed to ``new_match``: a card (API shape), its count and section."""

    card: Mapping[str, Any]
    count: int = 1
    section: str = "deck"


@dataclass(frozen=True)
class Action:
    """A legal action: a stable string ``id`` (unique among the legal actions of one state), a
    readable ``label`` and its parameters (JSON-able)."""

    id: str
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"id": self.id, "label": self.label, "params": dict(self.params)}


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winner (None for a draw), the points per player, and why."""

    winner: int | None
    points: tuple[int, ...]
    termination: str

    def to_json(self) -> JSON:
        return {"winner": self.winner, "points": list(self.points), "termination": self.termination}


class Match(Protocol):
    """One match in progress; mutable, deterministic given its seed and the actions applied."""

    @property
    def to_act(self) -> int | None:
        """The player who must act now, or None when the match is over."""
        ...

    def legal_actions(self, player: int) -> list[Action]:
        """The actions ``player`` may take now, sorted by id (empty when it is not their turn)."""
        ...

    def apply(self, player: int, action: Action | str) -> None:
        """Apply a legal action (or its id); raise IllegalActionError and change nothing otherwise."""
        ...

    def view(self, player: int | None) -> JSON:
        """The state as ``player`` (or a spectator, for None) may see it. It carries at least
        ``to_act``, ``finished``, ``result`` and ``players`` (each with ``hand`` - a list of cards or
        None where hidden - ``hand_count`` and ``deck_count``)."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the match is over, else None."""
        ...

    def to_json(self) -> JSON:
        """The whole state (RNG included) as JSON-able data; ``Game.from_json`` restores it."""
        ...


class Game(Protocol):
    """A game's rules engine: starts matches and restores them from JSON."""

    slug: str
    variants: tuple[str, ...]
    ai_behaviours: tuple[str, ...]

    def new_match(
        self, decks: Sequence[Sequence[DeckCard]], *, variant: str, seed: int, options: Mapping[str, Any]
    ) -> Match:
        """Deal a new match between the given decks (one per player)."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> Match:
        """Restore a match from ``Match.to_json()``."""
        ...

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The computer opponent's choice, from what its own ``view`` shows; deterministic for a seed."""
        ...


class Inspectable(Protocol):
    """Optional hooks a match offers to the conformance harness (tests/engine/conformance.py)."""

    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids; each card of the match is in exactly one zone."""
        ...

    def reshuffle_hidden(self, viewer: int, seed: int) -> Match:
        """A copy in which everything ``viewer`` cannot see is permuted (their view must not change)."""
        ...


def find_legal(legal: Sequence[Action], action: Action | str, player: int) -> Action:
    """The legal action with the id of ``action`` (an Action or its id); IllegalActionError naming
    the action when there is none. The engine's own parameters win over any the caller sent."""
    wanted = action.id if isinstance(action, Action) else str(action)
    for candidate in legal:
        if candidate.id == wanted:
            return candidate
    if not legal:
        raise IllegalActionError(f"{wanted!r}: it is not player {player}'s turn to act")
    raise IllegalActionError(f"{wanted!r} is not a legal action for player {player} now")


class SetupGame(Protocol):
    """Optional: a game that can start a match at a described position (scenario files)."""

    def from_setup(
        self, setup: Mapping[str, Any], *, variant: str, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Match:
        """A match at the position ``setup`` describes (the format is the game's own)."""
        ...
