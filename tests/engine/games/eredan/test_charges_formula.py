"""E7: the charge formula's properties, with hypothesis (pure: no database)."""

from __future__ import annotations

import doctest
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.eredan import charges as formula
from engine.games.eredan.charges import CardInfo, Constants, Player, Tournament, TournamentGame, compute_charges

C = Constants()
POOL = [f"card-{i}" for i in range(12)]
CARDS = [CardInfo(slug) for slug in [*POOL, "target"]]
D = date(2026, 12, 31)

elos = st.integers(min_value=800, max_value=2600)
strong_elos = st.integers(min_value=1550, max_value=2500)
decks = st.lists(st.sampled_from(POOL), min_size=1, max_size=8)
players = st.builds(Player, name=st.just("p"), elo=elos, deck=decks)
games = st.builds(TournamentGame, players=st.tuples(players, players), winner=st.sampled_from([0, 1, None]))
game_lists = st.lists(games, min_size=0, max_size=12)


def tournaments(game_lists_: list[list[TournamentGame]], fmt: str = C.format) -> list[Tournament]:
    """One tournament per list of games, a week apart, the first the newest."""
    return [Tournament(f"T{i}", D - timedelta(days=7 * (i + 1)), fmt, gs) for i, gs in enumerate(game_lists_)]


def scores(ts: list[Tournament], **kwargs: object) -> dict[str, float]:
    return compute_charges(as_of=D, tournaments=ts, cards=CARDS, **kwargs).scores  # type: ignore[arg-type]


def target_game(elo: int, won: bool) -> TournamentGame:
    """A game whose player 0 alone plays the card `target` (its only use)."""
    return TournamentGame((Player("t", elo, ("target", "card-0")), Player("o", 1500, ("card-1",))), 0 if won else 1)


def test_e7_worked_example_of_the_docstring_holds() -> None:
    assert doctest.testmod(formula).failed == 0


@settings(max_examples=60)
@given(st.lists(game_lists, min_size=1, max_size=4), st.data())
def test_e7_players_under_1550_add_nothing(lists: list[list[TournamentGame]], data: st.DataObject) -> None:
    """Replacing the deck of every player under 1550 by any other deck changes no charge."""
    changed = [
        [
            TournamentGame(
                tuple(  # type: ignore[arg-type]
                    Player(p.name, p.elo, data.draw(decks)) if p.elo < 1550 else p for p in g.players
                ),
                g.winner,
            )
            for g in gs
        ]
        for gs in lists
    ]
    assert scores(tournaments(lists)) == scores(tournaments(changed))


@given(st.lists(st.tuples(st.integers(800, 1549), st.integers(800, 1549), decks, decks), max_size=10))
def test_e7_a_tournament_of_players_under_1550_charges_nothing(
    rows: list[tuple[int, int, list[str], list[str]]],
) -> None:
    games_ = [TournamentGame((Player("a", a, da), Player("b", b, db)), 0) for a, b, da, db in rows]
    assert set(compute_charges(as_of=D, tournaments=tournaments([games_]), cards=CARDS).charges.values()) == {0}


@given(game_lists, strong_elos, st.integers(min_value=1, max_value=500), st.booleans())
def test_e7_a_higher_elo_charges_strictly_more(filler: list[TournamentGame], elo: int, more: int, won: bool) -> None:
    low = scores(tournaments([[*filler, target_game(elo, won)]]))
    high = scores(tournaments([[*filler, target_game(elo + more, won)]]))
    assert high["target"] > low["target"] > 0


@given(game_lists, strong_elos)
def test_e7_a_win_charges_strictly_more_than_a_loss(filler: list[TournamentGame], elo: int) -> None:
    lost = scores(tournaments([[*filler, target_game(elo, False)]]))
    won = scores(tournaments([[*filler, target_game(elo, True)]]))
    assert won["target"] > lost["target"] > 0


@given(game_lists, strong_elos, st.booleans(), st.integers(2, 8), st.data())
def test_e7_an_older_tournament_weighs_strictly_less(
    filler: list[TournamentGame], elo: int, won: bool, count: int, data: st.DataObject
) -> None:
    newer = data.draw(st.integers(0, count - 2))
    older = data.draw(st.integers(newer + 1, count - 1))

    def with_target_in(age: int) -> float:
        lists = [
            [*filler, target_game(elo, won)] if i == age else [*filler, target_game(1000, won)] for i in range(count)
        ]
        return scores(tournaments(lists))["target"]

    assert with_target_in(newer) > with_target_in(older) > 0


@given(st.lists(game_lists, min_size=8, max_size=8), game_lists, game_lists)
def test_e7_nothing_from_the_ninth_tournament_back(
    window: list[list[TournamentGame]], ninth: list[TournamentGame], other: list[TournamentGame]
) -> None:
    first = compute_charges(as_of=D, tournaments=tournaments([*window, ninth]), cards=CARDS)
    second = compute_charges(as_of=D, tournaments=tournaments([*window, other, ninth]), cards=CARDS)
    assert first.charges == second.charges
    assert len(first.counted) == 8


@given(st.lists(game_lists, min_size=1, max_size=3), st.integers(1, 400), st.booleans())
def test_e7_a_card_released_after_the_newest_counted_tournament_has_20(
    lists: list[list[TournamentGame]], days: int, banned: bool
) -> None:
    newest = D - timedelta(days=7)
    cards = [*CARDS, CardInfo("fresh", newest + timedelta(days=days), banned), CardInfo("old", newest)]
    lists = [[*gs, target_game(1800, True)] for gs in lists]
    result = compute_charges(as_of=D, tournaments=tournaments(lists), cards=cards)
    assert result.charges["fresh"] == 20
    assert result.charges["old"] == 0  # released on the day of the newest tournament: not new


def test_e7_a_card_banned_when_the_system_began_starts_from_200() -> None:
    cards = [CardInfo("banned", None, True), CardInfo("other")]
    assert compute_charges(as_of=D, tournaments=[], cards=cards).charges == {"banned": 200, "other": 0}


@given(st.lists(game_lists, min_size=1, max_size=8))
def test_e7_a_banned_card_holds_200_in_tournaments_before_the_system_began(lists: list[list[TournamentGame]]) -> None:
    cards = [*CARDS, CardInfo("banned", None, True)]
    constants = Constants(system_start=D)  # every tournament predates the system
    assert (
        compute_charges(as_of=D, tournaments=tournaments(lists), cards=cards, constants=constants).charges["banned"]
        == 200
    )


@given(strong_elos, st.integers(1, 7))
def test_e7_a_banned_card_moves_with_its_use_after_the_start(elo: int, before_start: int) -> None:
    """The 200 of the tournaments before the start blends with the card's use after it, like any card's."""
    constants = Constants(system_start=D - timedelta(days=7 * (8 - before_start)))
    cards = [CardInfo("target", None, True), CardInfo("card-0"), CardInfo("card-1")]
    unused = [[target_game(1000, True)] for _ in range(8)]
    used = [[target_game(elo, True)] for _ in range(8)]
    idle = compute_charges(as_of=D, tournaments=tournaments(unused), cards=cards, constants=constants).scores
    busy = compute_charges(as_of=D, tournaments=tournaments(used), cards=cards, constants=constants).scores
    assert 0 < idle["target"] < 200
    assert busy["target"] > idle["target"]
    # In the tournaments after the start it gains exactly what an unbanned card with the same use gains.
    weights = [formula.tournament_weight(age, constants) for age in range(8)]
    after_start = sum(weights[: 8 - before_start]) / sum(weights)
    assert busy["target"] - idle["target"] == pytest.approx((busy["card-0"] - idle["card-0"]) * after_start)


@given(st.lists(game_lists, min_size=1, max_size=4), st.lists(game_lists, min_size=1, max_size=4), st.integers(0, 999))
def test_e7_a_pin_survives_an_update(
    first: list[list[TournamentGame]], second: list[list[TournamentGame]], pin: int
) -> None:
    for lists in (first, second):
        result = compute_charges(as_of=D, tournaments=tournaments(lists), cards=CARDS, pins={"card-3": pin})
        assert result.charges["card-3"] == pin


@given(strong_elos, st.booleans())
def test_e7_copies_of_a_card_count_once(elo: int, won: bool) -> None:
    one = TournamentGame((Player("a", elo, ("card-0",)), Player("b", 1500, ("card-1",))), 0 if won else 1)
    two = TournamentGame((Player("a", elo, ("card-0", "card-0")), Player("b", 1500, ("card-1",))), 0 if won else 1)
    assert scores(tournaments([[one]])) == scores(tournaments([[two]]))


def test_e7_only_quilingo_tournaments_before_the_date_count() -> None:
    game = target_game(1800, True)
    standard = tournaments([[game]], fmt="eredan/standard")
    same_day = [Tournament("today", D, C.format, [game])]
    for ts in (standard, same_day):
        assert compute_charges(as_of=D, tournaments=ts, cards=CARDS).counted == ()


def test_e7_tournament_weights_strictly_decrease() -> None:
    weights = [formula.tournament_weight(age, C) for age in range(8)]
    assert all(a > b > 0 for a, b in zip(weights, weights[1:], strict=False))


@pytest.mark.parametrize(
    "bad", [{"decay": 1.0}, {"decay": 0.0}, {"win_factor": 1.0}, {"elo_slope": 0.0}, {"window": 0}]
)
def test_e7_constants_that_would_break_the_properties_are_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Constants(**bad)  # type: ignore[arg-type]


def test_e7_constants_round_trip_through_json() -> None:
    constants = Constants(system_start=date(2026, 11, 12), decay=0.7)
    assert Constants.from_mapping(constants.to_json()) == constants
    with pytest.raises(ValueError, match="unknown"):
        Constants.from_mapping({"nonsense": 1})
