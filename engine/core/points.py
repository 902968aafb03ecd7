"""A points system: card points a game computes from tournament results, which the ``charges``
app imports, stores as dated lists, serves and checks decks against (Eredan's charges, E6/E7).

A game that has one declares a :class:`PointsSystem` (``GameDefinition.points``, its package's
``points.py``): the format whose tournaments count, the formula's constants (a frozen dataclass
whose fields the settings may override one by one, ``CHARGE_<FIELD>``), the formula, and the most
points a deck of that format may hold. The tournament data the formula reads is defined here, so
the app builds it without knowing the game. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from engine.core.labels import Label


@dataclass(frozen=True, slots=True)
class Player:
    """One player of a tournament game: name, Elo at the time, deck as card slugs (copies allowed)."""

    name: str
    elo: int
    deck: Sequence[str]


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game: two players and the index of the winner (None: a draw, a loss for both)."""

    players: tuple[Player, Player]
    winner: int | None


@dataclass(frozen=True)
class Tournament:
    """A tournament: name, date, format slug and its games."""

    name: str
    date: date
    format: str
    games: Sequence[TournamentGame]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the formula needs of a card: slug, release date, banned when the system began."""

    slug: str
    released: date | None = None
    banned_at_start: bool = False


@dataclass(frozen=True)
class ChargeResult:
    """One update's outcome: the charge per card, the unrounded scores, what was counted."""

    charges: dict[str, int]
    scores: dict[str, float]
    counted: tuple[Tournament, ...] = ()
    banned: frozenset[str] = field(default_factory=frozenset)

    @property
    def newest(self) -> date | None:
        """Date of the newest counted tournament (None when none counted)."""
        return self.counted[0].date if self.counted else None


class Constants(Protocol):
    """What the app reads of a formula's constants (the rest is the formula's own)."""

    format: str  # the format whose tournaments count
    banned_start_charge: int  # a card banned when the system began starts here
    system_start: date | None  # when the system began (None: with the first list)

    def to_json(self) -> dict[str, Any]:
        """The constants as JSON (stored with every list as the parameters used)."""


class Formula(Protocol):
    """One update: every card's points at ``as_of`` (pins win, bans are reported)."""

    def __call__(
        self,
        *,
        as_of: date,
        tournaments: Iterable[Tournament],
        cards: Iterable[CardInfo],
        pins: Mapping[str, int] | None = None,
        bans: Iterable[str] = (),
        constants: Any = None,
    ) -> ChargeResult: ...


@dataclass(frozen=True)
class PointsSystem:
    """A game's points system (see the module's docstring).

    ``constants``: the dataclass of the formula's constants (its defaults; ``from_mapping`` builds
    one from some of its fields); ``counted``: the tournaments an update at a date counts, newest
    first; ``deck_limit``: the most points a deck of ``format`` may hold (its deck rule refuses more).
    """

    name: Label
    constants: Any
    formula: Formula
    counted: Callable[[Iterable[Tournament], date, Any], list[Tournament]]
    deck_limit: int

    @property
    def format(self) -> str:
        """The format whose tournaments count (the constants' default)."""
        return str(self.constants().format)
