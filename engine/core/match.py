"""The match interface every game's rules engine implements, in python-chess's vocabulary.

A ``Game`` (one per game package, stateless) declares its variants, AI behaviours, termination
codes and match options, and starts matches; a ``Match`` holds one match's whole state, including
its seeded random source, and round-trips through JSON::

    match = game.new_match(decks, variant="dufo", seed=42, options={})
    while match.outcome() is None:
        player = match.to_act
        action = match.legal_actions(player)[0]
        match.apply(player, action)          # or match.apply(player, action.id)
    data = match.to_json(); same = game.from_json(data)

Every decision a player takes, sub-choices included (targets, discards, which monsters fuse), is an
``Action`` from ``legal_actions``: a pending decision is answered by further actions, so the API
stays uniform. ``view(player)`` is what that player may see (``None``: a spectator): never an
opponent's hand, the order of any deck, or face-down cards; ``public_action(player, action)`` is
what the other seats and spectators saw of an action (the one visibility rule of the action log).

Engines build on ``engine.core.base`` (``BaseGame``, ``BaseMatch``), which owns ``apply``, the
legal-action cache, the JSON round trip and the random source bound to the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = dict[str, Any]


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names the action and says why."""


class UnknownVariantError(ValueError):
    """A variant the game does not know (or, for older callers, a bad option: see OptionError)."""


class OptionError(UnknownVariantError):
    """A match option the game does not know or a value outside its bounds; ``option`` names it."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


# How a match with a clock ends when a seat's time runs out (the adapter's clocks, engine.live.clocks):
# a termination of every game, whatever its engine declares.
CLOCK_TERMINATION = "time"


class SeatCountError(ValueError):
    """A number of seats (decks) the variant is not played with."""


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


def hidden_action(label: str, kind: str = "hidden") -> JSON:
    """What the table sees of an action that hides information: an id ``hidden:<kind>`` (never a
    legal action's id), a label saying what happened, no parameters."""
    return {"id": f"hidden:{kind}", "label": label, "params": {}}


@dataclass(frozen=True)
class Variant:
    """One way to play a game: its slug, the deck format of its seats and how many seats it takes;
    ``name`` (German, the games' language) and ``name_en`` are what pages show (default: the slug)."""

    slug: str
    format: str
    min_players: int = 2
    max_players: int = 2
    name: str = ""
    name_en: str = ""

    def title(self, language: str) -> str:
        """The variant's name in ``language`` ("de", "en", ...): German for German, else English."""
        german = self.name or self.slug
        return german if language.startswith("de") else self.name_en or german

    def to_json(self) -> JSON:
        return {
            "slug": self.slug,
            "format": self.format,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "name": self.title("de"),
            "name_en": self.title("en"),
        }


@dataclass(frozen=True)
class Outcome:
    """How a match ended: every winning seat (all of them when the players beat the Kraken
    together, none for a draw or a loss against it), the points per seat, and why (one of the
    game's ``terminations``)."""

    winners: tuple[int, ...]
    points: tuple[int, ...]
    termination: str

    @property
    def winner(self) -> int | None:
        """The single winner, or None (a draw, no winner, or several seats winning together)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> JSON:
        return {
            "winner": self.winner,
            "winners": list(self.winners),
            "points": list(self.points),
            "termination": self.termination,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Read ``to_json``'s shape (an older ``{"winner"}``-only shape too)."""
        winners = data.get("winners")
        if winners is None:
            winners = [] if data.get("winner") is None else [data["winner"]]
        return cls(tuple(int(w) for w in winners), tuple(int(p) for p in data["points"]), str(data["termination"]))


class Match(Protocol):
    """One match in progress; mutable, deterministic given its seed and the actions applied."""

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, or None when the match is over."""
        ...

    @property
    def seats(self) -> int:
        """How many seats the match has."""
        ...

    def legal_actions(self, player: int) -> list[Action]:
        """The actions ``player`` may take now, sorted by id (empty when it is not their turn)."""
        ...

    def apply(self, player: int, action: Action | str) -> Action:
        """Apply a legal action (or its id) and return it; IllegalActionError, nothing changed, otherwise."""
        ...

    def public_action(self, player: int, action: Action) -> JSON:
        """What every other seat and a spectator see of ``player`` taking the legal ``action`` now
        (``Action.to_json()`` when it hides nothing, else e.g. ``hidden_action(...)``)."""
        ...

    def view(self, player: int | None) -> JSON:
        """The state as ``player`` (or a spectator, for None) may see it. It carries at least
        ``turn``, ``to_act``, ``finished``, ``result`` and ``players`` (each with ``hand`` - a list
        of cards or None where hidden - ``hand_count``, ``deck_count`` and ``points``)."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the match is over, else None."""
        ...

    def to_json(self) -> JSON:
        """The whole state (RNG included) as JSON-able data; ``Game.from_json`` restores it."""
        ...

    def card_zones(self) -> dict[str, list[str]]:
        """Every zone's card ids; each card of the match is in exactly one zone."""
        ...

    def reshuffle_hidden(self, viewer: int, seed: int) -> Match:
        """A copy in which everything ``viewer`` cannot see is permuted (their view must not change)."""
        ...


class Game(Protocol):
    """A game's rules engine: its declarations, and it starts and restores matches."""

    slug: str
    rules_version: int
    variants: tuple[Variant, ...]
    ai_behaviours: tuple[str, ...]
    terminations: tuple[str, ...]

    def variant(self, slug: str) -> Variant:
        """The declared variant ``slug``; UnknownVariantError naming the variants otherwise."""
        ...

    def option_specs(self, variant: str) -> tuple[Any, ...]:
        """The match options of a variant (``engine.core.options.Option``)."""
        ...

    def check_options(self, variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; OptionError naming a bad one."""
        ...

    def new_match(
        self, decks: Sequence[Sequence[DeckCard]], *, variant: str, seed: int, options: Mapping[str, Any]
    ) -> Match:
        """Deal a new match between the given decks (one per seat)."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> Match:
        """Restore a match from ``Match.to_json()``."""
        ...

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        """The computer opponent's choice, from what its own ``view`` shows; deterministic for a seed."""
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
