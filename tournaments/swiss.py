"""Swiss pairings and standings (api.md "Tournaments and ratings"), pure Python over player ids.

Standings follow the Magic Tournament Rules' Appendix C: match points (win 3, draw 1, loss 0; a bye
is a match won 2-0); match-win % = match points / (3 x rounds played); game points 3 per game won,
1 per game drawn; game-win % = game points / (3 x games played); each at least 0.33; OMW% and OGW%
are the averages of the opponents' figures, byes not counting as an opponent. They sort by match
points, OMW%, GW%, OGW%, then by the tournament's seeded draw (so no two players ever share a rank).

Pairings are a maximum-weight matching over the pairs that have not met yet (networkx's
``max_weight_matching`` with maximum cardinality), as serious Swiss programs do, so that no greedy
pass strands the last two players in a rematch. A pair's weight falls with the square of its
match-point difference (equal points first, long floats last) and, far below that, with the
square of the distance of the two players' ranks (within a score group the neighbours meet: 1-2,
3-4, ...; a float goes to the nearest rank). An
odd player out gets the bye: the lowest-ranked player without one whose absence leaves the others
pairable.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

WIN, DRAW = 3, 1
FLOOR = Fraction(33, 100)  # MTR Appendix C: no percentage below 0.33
BYE_GAMES = (2, 0, 0)


class NoPairing(ValueError):
    """The players cannot all be paired without a rematch (too many rounds for the field)."""


@dataclass(frozen=True)
class Result:
    """One finished pairing: players ``a`` and ``b`` (None: a bye) and its games (a's wins, b's
    wins, draws)."""

    a: int
    b: int | None
    games: tuple[int, int, int]

    def points(self, player: int) -> int:
        """The match points ``player`` earned in it."""
        mine, theirs = self._sides(player)
        return WIN if mine > theirs else DRAW if mine == theirs else 0

    def game_points(self, player: int) -> int:
        """The game points ``player`` earned in it (3 per game won, 1 per game drawn)."""
        mine, _ = self._sides(player)
        return WIN * mine + DRAW * self.games[2]

    @property
    def played(self) -> int:
        """How many games it took."""
        return sum(self.games)

    def opponent(self, player: int) -> int | None:
        return self.b if player == self.a else self.a

    def _sides(self, player: int) -> tuple[int, int]:
        return (self.games[0], self.games[1]) if player == self.a else (self.games[1], self.games[0])


@dataclass
class Record:
    """What one player did so far: points, rounds, game points, games, opponents, byes."""

    points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)
    byes: int = 0

    def add(self, result: Result, player: int) -> None:
        self.points += result.points(player)
        self.rounds += 1
        self.game_points += result.game_points(player)
        self.games += result.played
        opponent = result.opponent(player)
        if opponent is None:
            self.byes += 1
        else:
            self.opponents.append(opponent)

    @property
    def mwp(self) -> Fraction:
        """Match-win %, at least 0.33 (0 before the first round)."""
        return max(FLOOR, Fraction(self.points, WIN * self.rounds)) if self.rounds else Fraction(0)

    @property
    def gwp(self) -> Fraction:
        """Game-win %, at least 0.33 (0 before the first game)."""
        return max(FLOOR, Fraction(self.game_points, WIN * self.games)) if self.games else Fraction(0)


@dataclass(frozen=True)
class Standing:
    """One line of the standings; the percentages are exact fractions."""

    rank: int
    player: int
    points: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    rounds: int
    byes: int


def draw_order(players: Iterable[int], seed: int) -> list[int]:
    """The tournament's seeded draw of its players: round 1's pairing order, every later tie's order.
    The shuffle permutes positions in id order (registration order), so the draw depends on the
    seed and that order only, never on the ids' values."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return order


def records(players: Iterable[int], results: Iterable[Result]) -> dict[int, Record]:
    """Every player's record from the finished results."""
    table = {player: Record() for player in players}
    for result in results:
        for player in (result.a, result.b):
            if player is not None and player in table:
                table[player].add(result, player)
    return table


def _average(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def standings(order: Sequence[int], results: Iterable[Result]) -> list[Standing]:
    """The standings of the players in ``order`` (the seeded draw, which breaks the last ties)."""
    table = records(order, results)
    position = {player: i for i, player in enumerate(order)}

    def line(player: int) -> tuple[int, Fraction, Fraction, Fraction]:
        record = table[player]
        omw = _average([table[o].mwp for o in record.opponents if o in table])
        ogw = _average([table[o].gwp for o in record.opponents if o in table])
        return record.points, omw, record.gwp, ogw

    lines = {player: line(player) for player in order}
    ranked = sorted(order, key=lambda p: (-lines[p][0], -lines[p][1], -lines[p][2], -lines[p][3], position[p]))
    return [
        Standing(rank, p, *lines[p], rounds=table[p].rounds, byes=table[p].byes)
        for rank, p in enumerate(ranked, start=1)
    ]


def pair(
    ranked: Sequence[int], points: dict[int, int], met: set[frozenset[int]], had_bye: set[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair the active players ``ranked`` best first: (pairs, the bye or None). Raises NoPairing
    when no pairing without a rematch exists."""
    if len(ranked) % 2 == 0:
        pairs = _matching(ranked, points, met)
        if pairs is None:
            raise NoPairing("every pairing of these players repeats a pair that has met already")
        return pairs, None
    lowest_first = list(reversed(ranked))
    candidates = [p for p in lowest_first if p not in had_bye] + [p for p in lowest_first if p in had_bye]
    for bye in candidates:
        pairs = _matching([p for p in ranked if p != bye], points, met)
        if pairs is not None:
            return pairs, bye
    raise NoPairing("every pairing of these players repeats a pair that has met already")


def _matching(ranked: Sequence[int], points: dict[int, int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """The best perfect matching of ``ranked`` without rematches, pairs in rank order; None if none."""
    n = len(ranked)
    if n == 0:
        return []
    rank = {player: i for i, player in enumerate(ranked)}
    spread = max(points.get(p, 0) for p in ranked) - min(points.get(p, 0) for p in ranked)
    scale = n**3 + 1  # one point of squared difference outweighs every rank distance together
    top = spread * spread * scale + n * n + 1  # every allowed pair weighs at least 1
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for i, a in enumerate(ranked):
        for b in ranked[i + 1 :]:
            if frozenset((a, b)) in met:
                continue
            difference = points.get(a, 0) - points.get(b, 0)
            graph.add_edge(a, b, weight=top - difference * difference * scale - (rank[a] - rank[b]) ** 2)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) != n:
        return None
    pairs = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in matched]
    return sorted(pairs, key=lambda pair: rank[pair[0]])


def rounds_for(players: int) -> int:
    """Rounds when the organiser gave none: ceil(log2(players)), at least 1."""
    return max(1, (players - 1).bit_length())


def best_of_problem(games: Sequence[int], best_of: int) -> str | None:
    """Why ``games`` (a's wins, b's wins, draws) cannot be a match of best of ``best_of``; None when
    it can. A match ends when one player has won the majority (or time was called: fewer games)."""
    if len(games) != 3 or any(not isinstance(g, int) or isinstance(g, bool) or g < 0 for g in games):
        return "games must be three whole numbers of 0 or more: [a's wins, b's wins, draws]"
    a, b, draws = games
    needed = best_of // 2 + 1
    if a + b + draws == 0:
        return "a result needs at least one game"
    if a + b + draws > best_of:
        return f"a match of best of {best_of} has at most {best_of} games, not {a + b + draws}"
    if a > needed or b > needed or a == b == needed:
        return f"in a match of best of {best_of} a player wins at most {needed} games, and only one player does"
    return None
