"""Eredan's charge formula (the Quilingo "Ladung", E7): tournaments in, one charge per card out.

This docstring is the one place where the formula and its constants are defined; the Django app
``charges`` reads the constants from settings (``CHARGE_*``, defaults in ``charges/conf.py``) and
passes them in as :class:`Constants`. Pure Python: no Django, no I/O.

The formula, for an update at date D
------------------------------------

1. **Window.** Only tournaments of the format ``eredan/quilingo`` dated strictly before D count,
   and only the newest ``window`` (8) of them (ties on a date are broken by name). The newest has
   age k = 0, the oldest counted one age 7; a 9th tournament back plays no part at all.
2. **Points of a player in a game.** A player whose Elo ``e`` is under ``elo_threshold`` (1550)
   earns nothing. Otherwise::

       points(e, won) = (base_points + elo_slope * (e - elo_threshold)) * (win_factor if won else 1)

   strictly growing with ``e`` (``elo_slope`` > 0) and strictly larger for a win
   (``win_factor`` > 1). A game with ``winner`` null (a draw) is a loss for both.
3. **Use of a card in one tournament.** ``N`` is the number of qualifying appearances (players at
   or above the threshold, two per game at most) in that tournament. Every qualifying player adds
   ``points`` once to each *distinct* card of their deck (copies do not multiply)::

       use(t, card) = scale * sum(points of the qualifying players whose deck holds card) / N

   so ``use`` is the card's share of the strong decks, weighted by the points: a card in every
   strong deck of a tournament of strong players near 1600 lands around 150-200; the many cards
   almost nobody strong plays stay under 5, the neutral charge the seed speaks of.
4. **Weighted average over the window.** Tournament weights ``w_k = decay ** k`` (0 < decay < 1:
   an older tournament weighs strictly less)::

       score(card) = sum_k w_k * v(k, card) / sum_k w_k

   where ``v(k, card) = use(t_k, card)``, except for a card flagged ``banned_at_start``: in a
   tournament dated before ``system_start`` (when it could not be played) its value is
   ``banned_start_charge`` (200). So such a card starts from 200 and then moves with its use like
   any other card as tournaments after the start fill the window.
5. **Charge.** ``charge = round(score)`` (half up), then, in this order of precedence:

   - a card with an administrator's pin has the pinned value (pins survive every update);
   - a card released after the newest counted tournament has ``new_card_charge`` (20);
   - with no counted tournament at all every card has its start value: ``banned_start_charge``
     (200) for a card banned at start, 0 for any other.

   An administrator's ban (``bans``) does not change the charge; it is returned in
   :attr:`ChargeResult.banned` and the format refuses the card (``banned_card``).

The constants (defaults)
------------------------

============================ ============== =================================================
constant (setting)           default        meaning
============================ ============== =================================================
``window``                   8              tournaments counted (``CHARGE_WINDOW``)
``format``                   eredan/quilingo format of the counted tournaments
``elo_threshold``            1550           minimum Elo that charges (``CHARGE_ELO_THRESHOLD``)
``base_points``              1.0            points of a loss at exactly the threshold
``elo_slope``                0.01           extra points per Elo point above the threshold
``win_factor``               1.5            a win multiplies the points
``decay``                    0.8            weight ratio between a tournament and the next newer
``scale``                    100.0          charge of a card in every strong deck at 1 point
``new_card_charge``          20             a card released after the newest counted tournament
``banned_start_charge``      200            start of a card banned when the system began
``system_start``             None           date the system began (None: before any tournament)
============================ ============== =================================================

Worked example (defaults; docs/charges.md has it step by step)
--------------------------------------------------------------

Update at D = 2026-11-20 with two Quilingo tournaments, T0 on 2026-11-12 (age 0, w = 1) and T1 on
2026-11-05 (age 1, w = 0.8), one game each:

- T0: Ada (1650, won, deck iro, katana, katana) vs Bo (1500, deck aez, katana). Bo is under 1550:
  N = 1, Ada's points = (1 + 0.01 * 100) * 1.5 = 3.0; use: iro 300, katana 300 (one copy counts).
- T1: Cy (1600, lost, deck aez) vs Di (1550, won, deck iro). N = 2; Cy 1.5 points, Di 1.5 points;
  use: aez = 100 * 1.5 / 2 = 75, iro = 75.
- score(iro) = (1 * 300 + 0.8 * 75) / 1.8 = 200; katana = 300 / 1.8 = 166.67 -> 167;
  aez = 0.8 * 75 / 1.8 = 33.33 -> 33; any unused card 0.

>>> c = Constants()
>>> games0 = [TournamentGame((Player("Ada", 1650, ("iro", "katana", "katana")),
...                           Player("Bo", 1500, ("aez", "katana"))), winner=0)]
>>> games1 = [TournamentGame((Player("Cy", 1600, ("aez",)), Player("Di", 1550, ("iro",))), winner=1)]
>>> ts = [Tournament("T0", date(2026, 11, 12), c.format, games0),
...       Tournament("T1", date(2026, 11, 5), c.format, games1)]
>>> cards = [CardInfo(s) for s in ("aez", "iro", "katana", "zahal")]
>>> compute_charges(as_of=date(2026, 11, 20), tournaments=ts, cards=cards, constants=c).charges
{'aez': 33, 'iro': 200, 'katana': 167, 'zahal': 0}
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import date
from typing import Any

from engine.core.points import CardInfo, ChargeResult, Player, Tournament, TournamentGame

__all__ = ["CardInfo", "ChargeResult", "Constants", "Player", "Tournament", "TournamentGame", "compute_charges"]

QUILINGO = "eredan/quilingo"


@dataclass(frozen=True)
class Constants:
    """The formula's constants (the module docstring defines each; settings ``CHARGE_*``)."""

    window: int = 8
    format: str = QUILINGO
    elo_threshold: int = 1550
    base_points: float = 1.0
    elo_slope: float = 0.01
    win_factor: float = 1.5
    decay: float = 0.8
    scale: float = 100.0
    new_card_charge: int = 20
    banned_start_charge: int = 200
    system_start: date | None = None

    def __post_init__(self) -> None:
        # E7's strict properties hold only inside these bounds: refuse constants that break them.
        if self.window < 1:
            raise ValueError(f"window must be at least 1, not {self.window}")
        if not 0 < self.decay < 1:
            raise ValueError(f"decay must lie strictly between 0 and 1, not {self.decay}")
        if self.base_points <= 0 or self.elo_slope <= 0 or self.scale <= 0:
            raise ValueError("base_points, elo_slope and scale must be positive")
        if self.win_factor <= 1:
            raise ValueError(f"win_factor must exceed 1, not {self.win_factor}")

    def to_json(self) -> dict[str, Any]:
        """The constants as JSON (stored with every charge list as the parameters used)."""
        data = asdict(self)
        data["system_start"] = self.system_start.isoformat() if self.system_start else None
        return data

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Constants:
        """Constants from a mapping of some of the field names (the rest keep their defaults)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"unknown charge constants: {', '.join(unknown)}")
        kwargs = dict(values)
        start = kwargs.get("system_start")
        if isinstance(start, str):
            kwargs["system_start"] = date.fromisoformat(start)
        return cls(**kwargs)


def counted_tournaments(tournaments: Iterable[Tournament], as_of: date, constants: Constants) -> list[Tournament]:
    """The tournaments an update at ``as_of`` counts, newest first (E7: the last 8 before D)."""
    eligible = [t for t in tournaments if t.format == constants.format and t.date < as_of]
    eligible.sort(key=lambda t: (t.date, t.name), reverse=True)
    return eligible[: constants.window]


def tournament_weight(age: int, constants: Constants) -> float:
    """Weight of the tournament ``age`` places back (0 = newest); strictly decreasing (E7)."""
    return float(constants.decay**age)


def game_points(elo: int, won: bool, constants: Constants) -> float:
    """Points one player earns in one game (E7): 0 under the threshold, else growing with Elo and a win."""
    if elo < constants.elo_threshold:
        return 0.0
    points = constants.base_points + constants.elo_slope * (elo - constants.elo_threshold)
    return points * constants.win_factor if won else points


def tournament_use(tournament: Tournament, constants: Constants) -> dict[str, float]:
    """``use(t, card)`` for every card a qualifying player played: one pass over the games."""
    totals: defaultdict[str, float] = defaultdict(float)
    appearances = 0
    for game in tournament.games:
        for index, player in enumerate(game.players):
            points = game_points(player.elo, game.winner == index, constants)
            if points == 0.0:
                continue
            appearances += 1
            for slug in set(player.deck):  # each distinct card once (E7)
                totals[slug] += points
    if appearances == 0:
        return {}
    factor = constants.scale / appearances
    return {slug: total * factor for slug, total in totals.items()}


def round_half_up(value: float) -> int:
    """Round to the nearest integer, halves up (Python's round() rounds halves to even)."""
    return math.floor(value + 0.5)


def compute_scores(counted: Sequence[Tournament], cards: Sequence[CardInfo], constants: Constants) -> dict[str, float]:
    """``score(card)``: the weighted average of the card's use over the counted tournaments (E7)."""
    if not counted:
        return {c.slug: float(start_charge(c, constants)) for c in cards}
    banned = [c.slug for c in cards if c.banned_at_start]
    sums: defaultdict[str, float] = defaultdict(float)
    total_weight = 0.0
    for age, tournament in enumerate(counted):
        weight = tournament_weight(age, constants)
        total_weight += weight
        use = tournament_use(tournament, constants)
        if constants.system_start and tournament.date < constants.system_start:
            # Banned before the system began, the card could not be played: it counts its start value.
            use.update(dict.fromkeys(banned, float(constants.banned_start_charge)))
        for slug, value in use.items():
            sums[slug] += weight * value
    return {c.slug: sums.get(c.slug, 0.0) / total_weight for c in cards}


def start_charge(card: CardInfo, constants: Constants) -> int:
    """A card's charge before any counted tournament: 200 if banned when the system began, else 0."""
    return constants.banned_start_charge if card.banned_at_start else 0


def compute_charges(
    *,
    as_of: date,
    tournaments: Iterable[Tournament],
    cards: Iterable[CardInfo],
    pins: Mapping[str, int] | None = None,
    bans: Iterable[str] = (),
    constants: Constants | None = None,
) -> ChargeResult:
    """One charge update at ``as_of`` (E7): one charge per card of ``cards``, as the docstring defines."""
    constants = constants or Constants()
    card_list = list(cards)
    counted = counted_tournaments(tournaments, as_of, constants)
    scores = compute_scores(counted, card_list, constants)
    newest = counted[0].date if counted else None
    pins = pins or {}
    charges: dict[str, int] = {}
    for card in card_list:
        if card.slug in pins:
            charges[card.slug] = int(pins[card.slug])
        elif newest is not None and card.released is not None and card.released > newest:
            charges[card.slug] = constants.new_card_charge
        else:
            charges[card.slug] = round_half_up(scores[card.slug])
    return ChargeResult(charges=charges, scores=scores, counted=tuple(counted), banned=frozenset(bans))
