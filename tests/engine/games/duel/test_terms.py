"""The effect vocabulary as the engine runs it: a handler for every term, every trigger dispatched,
every value of ``destroy`` and every boost target carried out (with made-up cards where no bundled
card has them), and cards the engine cannot run refused when the match is dealt."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.match import DeckCard
from engine.games.duel import GAME
from engine.games.duel.cards import MOMENTS, runnable_problems
from engine.games.duel.effects import BOOST_TARGETS, DESTROY, STATIC_TERMS, TRIGGERS, VOCABULARY
from engine.games.duel.engine import DuelMatch
from engine.games.duel.setup import state_from_setup
from engine.games.duel.state import UnrunnableCardError
from engine.games.duel.terms import HANDLERS, STATIC
from tests.engine.games.duel.helpers import ENGINE, act, creature, creature_slugs, ids, sample_decks, side


def made(slug: str, kind: str, effects: list[dict[str, Any]], attack: int = 2, defense: int = 2) -> dict[str, Any]:
    """A card that is not bundled (API shape)."""
    attributes = {"attack": attack, "defense": defense} if kind in ("creature", "elite") else {}
    return {"slug": slug, "name": slug.title(), "type": kind, "attributes": attributes, "effects": effects}


def custom(cards: list[dict[str, Any]], p0: dict[str, Any], p1: dict[str, Any], **setup: Any) -> DuelMatch:
    """A match at a described position with extra made-up cards."""
    every = [*GAME.bundled_cards(), *cards]
    state = state_from_setup(
        {"turn": 3, "current": 0, "players": [p0, p1], **setup}, every, variant="standard", seed=1, options={}
    )
    return DuelMatch(state)


def test_every_term_of_the_vocabulary_has_a_handler_or_a_static_rule() -> None:
    assert set(HANDLERS) | set(STATIC) == set(VOCABULARY.verbs)
    assert set(STATIC) == STATIC_TERMS and not set(HANDLERS) & STATIC_TERMS
    for term, handler in HANDLERS.items():
        assert handler.run is not None or (handler.options and handler.choose), term


def test_every_trigger_is_a_moment_the_engine_dispatches() -> None:
    assert set(TRIGGERS) <= set(MOMENTS)


@pytest.mark.parametrize(
    ("card", "problem"),
    [
        (made("a", "spell", [{"damage": 1, "when": "dies"}]), "no later trigger"),
        (made("b", "trap", [{"damage": 1, "when": "attacked"}, {"draw": 1}]), "sprung"),
        (made("c", "weapon", [{"draw": 1, "when": "summoned"}]), "only a creature"),
        (made("d", "spell", [{"negate_attack": True}]), "needs an attack"),
        (made("e", "spell", [{"destroy": "attacker"}]), "needs an attack"),
        (made("f", "creature", [{"extra_summon": 1, "when": "attacked"}]), "own turn"),
        (made("g", "reinforcement", [{"boost": {"attack": 1}, "target": "one_turn"}]), "one_turn"),
        (made("h", "reinforcement", [{"boost": {"attack": 1}, "target": "equipped"}]), "equipped"),
        (made("i", "spell", [{"direct_attack": True}]), "creature or elite"),
        (made("j", "spell", [{"fly": True}]), "effects"),
    ],
)
def test_a_card_the_engine_cannot_run_is_named_and_refused(card: dict[str, Any], problem: str) -> None:
    assert any(problem in p for p in runnable_problems(card))
    decks = [[*sample_decks()[0][:-1], DeckCard(card)], sample_decks()[1]]
    with pytest.raises(UnrunnableCardError, match=card["slug"]):
        ENGINE.new_match(decks, variant="standard", seed=1, options={})


def test_every_bundled_card_is_runnable() -> None:
    assert {c["slug"]: runnable_problems(c) for c in GAME.bundled_cards() if runnable_problems(c)} == {}


# --- destroy: every value -------------------------------------------------------------------------------------


def test_destroy_every_value_has_its_target() -> None:
    assert set(DESTROY) == {"creature", "attacker", "support", "reinforcement"}


def test_destroy_reinforcement_sends_the_opposing_reinforcement_to_the_graveyard() -> None:
    spell = made("abriss", "spell", [{"destroy": "reinforcement"}])
    m = custom([spell], side(["abriss"]), side(reinforcement="banner-des-heeres"))
    act(m, "cast:p0c0")
    foe = m.view(None)["players"][1]
    assert foe["reinforcement"] is None and [c["slug"] for c in foe["graveyard"]] == ["banner-des-heeres"]


def test_destroy_support_can_hit_a_face_down_trap_which_is_then_shown() -> None:
    m = custom([], side(["sturmwind"]), side(support=[{"slug": "fallgrube"}, {"slug": "spiegelschild"}]))
    act(m, "cast:p0c0")
    assert ids(m) == {"target:support.0", "target:support.1"}
    assert [a.label for a in m.legal_actions(0)] == ["Sturmwind: a face-down card"] * 2
    act(m, "target:support.1")
    foe = m.view(None)["players"][1]
    assert [c["slug"] for c in foe["graveyard"]] == ["spiegelschild"] and len(foe["support"]) == 1


def test_destroy_support_removes_a_weapon_and_its_boost() -> None:
    m = custom([], side(["sturmwind"]), side([], [{"slug": "wachhund", "weapons": ["streitaxt"]}]))
    assert creature(m, 1, "wachhund")["attack"] == 4
    act(m, "cast:p0c0")
    assert creature(m, 1, "wachhund")["attack"] == 2


# --- boosts: every target, lasting and for the turn ----------------------------------------------------------------


def test_boost_every_target_is_known() -> None:
    assert set(BOOST_TARGETS) == {"equipped", "own_all", "enemy_all", "one_turn"}


def test_a_triggered_equipped_boost_raises_the_creature_itself_for_the_turn() -> None:
    card = made("wutbaer", "creature", [{"boost": {"attack": 2}, "target": "equipped", "when": "summoned"}])
    m = custom([card], side(["wutbaer"]), side())
    act(m, "summon:p0c0:attack")
    assert creature(m, 0, "wutbaer")["attack"] == 4
    act(m, "end")
    assert creature(m, 0, "wutbaer")["attack"] == 2


def test_a_spell_boosting_all_enemies_lowers_them_for_the_turn() -> None:
    spell = made("laehmung", "spell", [{"boost": {"attack": -2}, "target": "enemy_all"}])
    m = custom([spell], side(["laehmung"]), side([], ["bergtroll", "wachhund"]))
    act(m, "cast:p0c0")
    assert [creature(m, 1, s)["attack"] for s in ("bergtroll", "wachhund")] == [3, 0]


def test_a_creature_with_a_lasting_own_all_boost_raises_its_side() -> None:
    card = made("bannertraeger", "creature", [{"boost": {"defense": 1}, "target": "own_all"}])
    m = custom([card], side(["bannertraeger"], ["wachhund"]), side())
    act(m, "summon:p0c0:defense")
    assert creature(m, 0, "wachhund")["defense"] == 3 and creature(m, 0, "bannertraeger")["defense"] == 3


# --- triggers on cards that are not traps act by themselves -----------------------------------------------------------


def test_a_creature_acting_on_attacked_does_so_without_being_asked() -> None:
    card = made("waechterin", "creature", [{"damage": 1, "when": "attacked"}], attack=1, defense=6)
    m = custom([card], side([], ["bergtroll"]), side([], [{"slug": "waechterin", "position": "defense"}]))
    act(m, "attack:p0c10:p1c10")
    assert m.to_act == 0 and m.view(None)["players"][0]["life"] == 19


def test_a_reinforcement_acting_on_opponent_summons_does_so_without_being_asked() -> None:
    card = made("wachturm", "reinforcement", [{"damage": 1, "when": "opponent_summons"}])
    m = custom([card], side(["wachhund"]), side(reinforcement="wachturm"))
    act(m, "summon:p0c0:attack")
    assert m.to_act == 0 and m.view(None)["players"][0]["life"] == 19


def test_a_weapon_with_an_effect_on_play_acts_when_equipped() -> None:
    card = made("kundschafterdolch", "weapon", [{"boost": {"attack": 1}, "target": "equipped"}, {"draw": 1}])
    m = custom([card], side(["kundschafterdolch"], ["wachhund"], deck=["feldwebel"]), side())
    act(m, "equip:p0c0:p0c2")
    assert [c["slug"] for c in m.view(0)["players"][0]["hand"]] == ["feldwebel"]
    assert creature(m, 0, "wachhund")["attack"] == 3


def test_revive_n_brings_back_n_creatures_choosing_each() -> None:
    spell = made("massengrab", "spell", [{"revive": 2}])
    m = custom([spell], side(["massengrab"], discard=["wachhund", "bergtroll"]), side())
    act(m, "cast:p0c0", "target:p0c12.attack")
    assert ids(m) == {"target:p0c11.attack", "target:p0c11.defense"}
    act(m, "target:p0c11.defense")
    assert creature_slugs(m, 0) == ["bergtroll", "wachhund"]


def test_revive_with_three_creatures_finds_no_slot() -> None:
    m = custom([], side(["totengraeber"], ["wachhund", "feldwebel"], discard=["bergtroll"]), side())
    act(m, "summon:p0c0:attack")
    assert (
        creature_slugs(m, 0) == ["wachhund", "feldwebel", "totengraeber"] and m.state["log"][-1]["event"] == "no_target"
    )
