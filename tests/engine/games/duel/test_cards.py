"""The bundled duel card sets: the minimums of issue 3, Baal, two legal decks (A3).

Schema, texts and unique names of every game: tests/engine/games/test_bundled_cards.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.deckrules.types import Deck, DeckEntry
from engine.games import get_format
from engine.games.duel import GAME

CARDS = GAME.bundled_cards()
BY_SLUG = {c["slug"]: c for c in CARDS}
TYPES = ("creature", "elite", "trap", "weapon", "spell", "reinforcement")


def test_there_are_at_least_60_cards_of_all_six_types() -> None:
    types = Counter(c["type"] for c in CARDS)
    assert len(CARDS) >= 60
    assert set(types) == set(TYPES)
    assert all(types[t] >= 4 for t in TYPES), types


def test_every_card_is_guildless_without_cost_or_evolution() -> None:
    assert all(c["guilds"] == [] and c["cost"] is None and c["evolves_from"] is None for c in CARDS)


def test_a1_creatures_and_elites_have_attack_and_defense_and_others_none() -> None:
    for card in CARDS:
        fighter = card["type"] in ("creature", "elite")
        assert ({"attack", "defense"} <= set(card["attributes"])) == fighter, card["slug"]


def test_baal_is_an_elite_whose_summoning_counts_graveyard_creatures() -> None:
    baal = BY_SLUG["baal"]
    assert baal["type"] == "elite"
    assert {"summon_condition": {"graveyard_creatures": 3}} in baal["effects"]
    assert "Friedhof" in baal["text"] and "graveyard" in baal["text_en"]


def test_every_other_elite_has_a_summon_condition() -> None:
    elites = [c for c in CARDS if c["type"] == "elite"]
    assert len(elites) >= 5
    assert all(any("summon_condition" in e for e in c["effects"]) for c in elites)


def test_every_trap_is_triggered_by_the_opponent() -> None:
    traps = [c for c in CARDS if c["type"] == "trap"]
    assert all(any(e.get("when") in ("attacked", "opponent_summons") for e in c["effects"]) for c in traps)


def _deck(cards: list[dict[str, Any]]) -> Deck:
    """40 cards from ``cards``, three copies each (the last card fills up), as A3 allows."""
    entries, left = [], 40
    for card in cards:
        count = min(3, left)
        entries.append(DeckEntry(card, count))
        left -= count
        if not left:
            break
    assert not left, "not enough distinct cards for a 40-card deck"
    return Deck(tuple(entries))


def test_a3_two_different_legal_40_card_decks_can_be_built() -> None:
    fmt = get_format("duel/standard")
    first, second = _deck(CARDS[0::2]), _deck(CARDS[1::2])
    assert {e.slug for e in first.entries}.isdisjoint(e.slug for e in second.entries)
    for deck in (first, second):
        result = fmt.validate(deck)
        assert result.legal, result.problems
        assert result.summary["count"] == 40
