"""The duel match through the Game interface: bad requests, and the conformance harness over decks
that hold every bundled card (the sample decks alone leave some out)."""

from __future__ import annotations

import pytest

from engine.core.match import DeckCard, OptionError, SeatCountError, UnknownVariantError
from engine.core.rng import SeededRandom
from engine.games.duel import GAME
from tests.engine.conformance import random_playout
from tests.engine.games.duel.helpers import ENGINE, sample_decks


def every_card_decks(seed: int) -> list[list[DeckCard]]:
    """Two 40-card decks: all 71 bundled cards between them, the rest drawn at random."""
    cards = sorted(GAME.bundled_cards(), key=lambda c: c["slug"])
    rng = SeededRandom(seed)
    pool = [*cards, *(rng.choice(cards) for _ in range(80 - len(cards)))]
    rng.shuffle(pool)
    return [[DeckCard(card) for card in pool[:40]], [DeckCard(card) for card in pool[40:]]]


def test_random_playouts_with_every_bundled_card_conform() -> None:
    for seed in (0, 1):
        decks = every_card_decks(seed)
        match, _ = random_playout(ENGINE, decks, variant="standard", seed=seed, apply_all_every=4, ai_every=3)
        assert match.outcome() is not None


def test_an_unknown_variant_option_or_seat_count_is_refused() -> None:
    with pytest.raises(UnknownVariantError, match="standard"):
        ENGINE.new_match(sample_decks(), variant="blitz", seed=1, options={})
    with pytest.raises(OptionError, match="max_turns"):
        ENGINE.new_match(sample_decks(), variant="standard", seed=1, options={"max_turns": 0})
    with pytest.raises(OptionError, match="speed"):
        ENGINE.new_match(sample_decks(), variant="standard", seed=1, options={"speed": 2})
    with pytest.raises(SeatCountError):
        ENGINE.new_match(sample_decks()[:1], variant="standard", seed=1, options={})


def test_a_setup_naming_an_unknown_card_is_refused() -> None:
    with pytest.raises(ValueError, match="drache"):
        ENGINE.from_setup({"players": [{"hand": ["drache"]}, {}]}, variant="standard")


def test_the_sideboard_is_not_dealt() -> None:
    side = [DeckCard(GAME.bundled_cards()[0], 3, "side")]
    m = ENGINE.new_match([sample_decks()[0] + side, sample_decks()[1]], variant="standard", seed=1, options={})
    assert sum(len(ids) for zone, ids in m.card_zones().items() if zone.startswith("p0.")) == 40
