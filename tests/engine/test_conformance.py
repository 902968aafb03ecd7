"""Every game with an engine passes the conformance harness (tests/engine/conformance.py) in every
variant and with every number of seats it takes, with its bundled sample decks; its golden replays
still play out bit for bit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.definition import GameDefinition
from engine.games import all_games, get_game, package_module
from tests.engine import golden
from tests.engine.conformance import (
    check_declarations,
    check_opaque_ids,
    check_replay_across_hashseeds,
    check_restore_continues,
    random_playout,
    sample_decks_for,
    seat_counts,
)

ENGINES: list[GameDefinition] = [game for game in all_games() if game.engine is not None]
SEATED = [(g.slug, variant, seats) for g in ENGINES for variant, seats in seat_counts(g)]
VARIANTS = [(g.slug, v.slug) for g in ENGINES for v in g.engine.variants]
# per engine, its first variant that may be dealt without decks (it deals them itself: a draft)
UNDECKED = [
    (g.slug, found[0])
    for g in ENGINES
    if (found := [v.slug for v in g.engine.variants if g.engine.starts_without_decks(v.slug)])
]


def _id(case: tuple[object, ...]) -> str:
    return "-".join(str(part) for part in case)


@pytest.mark.parametrize("game", [g.slug for g in ENGINES])
def test_every_engine_declares_variants_behaviours_terminations_and_its_hooks(game: str) -> None:
    check_declarations(get_game(game))


@pytest.mark.slow
@pytest.mark.timeout(1200)  # a whole random playout (koenig, the Kraken with 3 seats) on a busy machine; only a hang
@pytest.mark.parametrize("case", SEATED, ids=[_id(c) for c in SEATED])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_conform_with_every_seat_count(case: tuple[str, str, int], seed: int) -> None:
    game, variant, seats = case
    definition = get_game(game)
    decks = sample_decks_for(definition, variant, seats)
    match, _ = random_playout(definition.engine, decks, variant=variant, seed=seed)
    assert match.outcome() is not None


@pytest.mark.slow
@pytest.mark.timeout(1200)  # a whole random playout, its draft included, on a busy machine; only a hang
@pytest.mark.parametrize("case", UNDECKED, ids=[_id(c) for c in UNDECKED])
def test_a_match_dealt_without_decks_conforms_its_draft_included(case: tuple[str, str]) -> None:
    """A variant that deals the decks itself (muhq's draft, M23): its draft hides each seat's picks
    from the others (M29) like every hidden zone, under the harness's every check."""
    game, variant = case
    declared = get_game(game).engine.variant(variant)
    seats = max(declared.min_players, min(2, declared.max_players))
    match, actions = random_playout(get_game(game).engine, [[] for _ in range(seats)], variant=variant, seed=5)
    assert match.outcome() is not None and actions


@pytest.mark.parametrize("case", VARIANTS, ids=[_id(c) for c in VARIANTS])
def test_card_ids_reveal_neither_the_card_nor_where_it_lay(case: tuple[str, str]) -> None:
    game, variant = case
    definition = get_game(game)
    seats = max(2, definition.engine.variant(variant).min_players)
    decks = sample_decks_for(definition, variant, min(seats, definition.engine.variant(variant).max_players))
    check_opaque_ids(definition.engine, decks, variant=variant, seeds=[1, 2, 3, 4])


@pytest.mark.parametrize("case", VARIANTS, ids=[_id(c) for c in VARIANTS])
def test_a_copy_restored_midway_plays_on_identically(case: tuple[str, str]) -> None:
    game, variant = case
    definition = get_game(game)
    seats = definition.engine.variant(variant).min_players
    decks = sample_decks_for(definition, variant, max(seats, min(2, definition.engine.variant(variant).max_players)))
    check_restore_continues(definition.engine, decks, variant=variant, seed=3, options={})


@pytest.mark.parametrize("case", VARIANTS, ids=[_id(c) for c in VARIANTS])
def test_replays_are_identical_under_any_hash_seed(case: tuple[str, str]) -> None:
    game, variant = case
    definition = get_game(game)
    declared = definition.engine.variant(variant)
    decks = sample_decks_for(definition, variant, max(declared.min_players, min(2, declared.max_players)))
    check_replay_across_hashseeds(f"{package_module(game)}:GAME.engine", decks, variant=variant, seed=11)


@pytest.mark.parametrize("case", VARIANTS, ids=[_id(c) for c in VARIANTS])
def test_every_variant_has_a_golden_replay(case: tuple[str, str]) -> None:
    game, variant = case
    assert golden.golden_path(game, variant).is_file(), (
        f"no golden replay for {game}/{variant}: python -m tests.engine.golden --write {game}"
    )


@pytest.mark.parametrize(
    "path", golden.golden_files(), ids=[f"{p.parent.name}/{p.stem}" for p in golden.golden_files()]
)
def test_golden_replays_play_out_bit_for_bit(path: Path) -> None:
    stored = json.loads(path.read_text(encoding="utf-8"))
    engine = get_game(stored["game"]).engine
    if stored["rules_version"] != engine.rules_version:
        pytest.fail(
            f"{stored['game']} is at rules_version {engine.rules_version}, its golden replays at "
            f"{stored['rules_version']}: record them anew (python -m tests.engine.golden --write {stored['game']})"
        )
    assert golden.replay(stored) == stored["sha256"], (
        f"{path.name}: the replay ends in another state. A rules change that alters stored replays must "
        f"bump {stored['game']}'s rules_version and record the golden replays anew."
    )
