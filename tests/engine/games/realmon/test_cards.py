"""The bundled Realmon card sets: content minimums of issue 3 (R1-R3), the seed's counts (R21), the vocabulary.

Schema, texts and unique names of every game: tests/engine/games/test_bundled_cards.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.games.realmon import GAME
from engine.games.realmon.effects import effect_problems, render_text
from engine.games.realmon.schema import CATEGORIES, SCHEMA

CARDS = GAME.bundled_cards()
BY_SLUG = {c["slug"]: c for c in CARDS}
MONSTERS = [c for c in CARDS if c["type"] == "monster"]
COMBAT = [c for c in CARDS if c["type"] == "combat"]
ACTIONS = [c for c in CARDS if c["type"] == "action"]


def test_no_card_evolves_or_belongs_to_a_guild() -> None:
    assert all(c["evolves_from"] is None and c["guilds"] == [] for c in CARDS)


def test_r1_two_basis_piles_can_be_dealt_from_the_monsters() -> None:
    stages = Counter(c["attributes"]["stage"] for c in MONSTERS)
    assert len(MONSTERS) >= 44
    for stage, needed in zip(range(1, 7), (12, 10, 8, 6, 4, 4), strict=True):
        assert stages[stage] >= needed, stage


def test_r1_the_first_set_alone_holds_one_basis_pile() -> None:
    first = min(c["set"]["released"] for c in CARDS)
    stages = Counter(c["attributes"]["stage"] for c in MONSTERS if c["set"]["released"] == first)
    assert all(stages[s] >= n for s, n in zip(range(1, 7), (6, 5, 4, 3, 2, 2), strict=True))


def _stages(cards: list[dict[str, Any]]) -> list[int]:
    counts = Counter(c["attributes"]["stage"] for c in cards)
    return [counts[stage] for stage in range(1, 7)]


def test_r21_84_monsters_in_the_base_set_and_24_in_the_expansion_staged_about_six_five_four_three_two_two() -> None:
    """Seed: "(84 Basis, 108 mit Erweiterung)"; R1's 6:5:4:3:2:2 scaled, each stage within one card."""
    for code, total in (("RB", 84), ("RAE", 24)):
        stages = _stages([c for c in MONSTERS if c["set"]["code"] == code])
        assert sum(stages) == total, code
        for count, share in zip(stages, (6, 5, 4, 3, 2, 2), strict=True):
            assert abs(count - total * share / 22) <= 1, (code, stages)


def test_r21_the_bundled_monsters_deal_a_lang_match_one_copy_of_each_card() -> None:
    """Two lang piles of 44 (12/10/8/6/4/4 each) without a card twice, and the base set alone
    holds one of 66 (the seed's "anpassbar für längere Runden")."""
    assert all(have >= 2 * need for have, need in zip(_stages(MONSTERS), (12, 10, 8, 6, 4, 4), strict=True))
    base = _stages([c for c in MONSTERS if c["set"]["code"] == "RB"])
    assert all(have >= need for have, need in zip(base, (18, 15, 12, 9, 6, 6), strict=True))


def test_r2_every_monster_has_a_realm_and_the_six_category_values() -> None:
    for card in MONSTERS:
        assert {"realm", *CATEGORIES} <= set(card["attributes"]), card["slug"]


def test_action_cards_cover_the_four_kinds() -> None:
    assert len(ACTIONS) >= 12
    assert {c["attributes"]["kind"] for c in ACTIONS} == {"vorteil", "meta", "risiko", "gefahr"}


def test_r17_two_cards_take_a_monster_back_from_the_abyss_and_two_play_one_against_two() -> None:
    """At the seed's cost: a Fighter or a Predator at most, the Realm gone from the score."""
    revive = [c for c in ACTIONS if any("revive" in e for e in c["effects"])]
    help_ = [c for c in ACTIONS if any("help" in e for e in c["effects"])]
    assert len(revive) >= 2 and len(help_) >= 2
    assert {e["revive"] for c in revive for e in c["effects"]} <= {3, 4}
    assert all("Realm zählt nicht mehr" in c["text"] for c in revive)


def test_r17_the_schema_keeps_taking_back_to_a_predator_and_on_action_cards() -> None:
    card = BY_SLUG["zurueck-aus-dem-abyss"]
    assert [e.field for e in SCHEMA.validate({**card, "effects": [{"revive": 6}]})] == ["effects"]
    combat = {**BY_SLUG["krallenhieb"], "effects": [{"help": True}]}
    assert [str(e) for e in SCHEMA.validate(combat)] == ["effects: help belongs on an action card (R17)"]


def test_r3_combat_cards_cover_every_stage_and_cost_ten_per_stage_or_sixty_when_unique() -> None:
    assert len(COMBAT) >= 12
    assert {c["attributes"]["stage"] for c in COMBAT if not c["unique"]} == set(range(1, 7))
    assert any(c["unique"] for c in COMBAT)
    for card in COMBAT:
        expected = 60 if card["unique"] else 10 * card["attributes"]["stage"]
        assert card["cost"] == expected, card["slug"]


def test_broken_kaijus_are_kaijus_with_the_seeds_special_rules() -> None:
    broken = [c for c in MONSTERS if c["attributes"].get("broken")]
    assert len(broken) >= 2
    for card in broken:
        assert card["attributes"]["stage"] == 6
        verbs = {k for e in card["effects"] for k in e}
        assert {"sacrifice", "immune", "exile_defeated", "monster_draw"} <= verbs


def test_r3_the_schema_refuses_a_combat_card_at_the_wrong_cost() -> None:
    card = {**BY_SLUG["wuchtschlag"], "cost": 20}
    assert [e.field for e in SCHEMA.validate(card)] == ["cost"]
    assert SCHEMA.validate({**card, "cost": 60, "unique": True}) == []


def test_r3_without_the_unique_flag_the_schema_takes_either_cost() -> None:
    card = {k: v for k, v in BY_SLUG["wuchtschlag"].items() if k != "unique"}
    assert SCHEMA.validate({**card, "cost": 60}) == [] == SCHEMA.validate({**card, "cost": 30})


def test_the_schema_refuses_a_broken_monster_below_stage_six() -> None:
    monster = next(c for c in MONSTERS if c["attributes"]["stage"] == 5)
    card = {**monster, "attributes": {**monster["attributes"], "broken": True}}
    assert [e.field for e in SCHEMA.validate(card)] == ["attributes.broken"]


@pytest.mark.parametrize(
    ("effects", "problem"),
    [
        ([{"boost": 0}], "not a valid value"),
        ([{"die_as": 7}], "not a valid value"),
        ([{"set_category": "feuer"}], "not a valid value"),
        ([{"gamble": 4}], "at_least"),
        ([{"boost": 1, "at_least": 3}], "gamble"),
        ([{"boost": 1, "side": "all"}], "side"),
        ([{"reroll": 1, "side": "both"}], "only qualify"),
        ([{"boost": 1, "category": "luck"}], "category"),
        ([{"boost": 1, "reroll": 1}], "exactly one verb"),
        ([{"immune": 1}], "not a valid value"),
        ({"boost": 1}, "list"),
    ],
)
def test_effect_problems_name_what_is_wrong(effects: Any, problem: str) -> None:
    assert problem in " ".join(effect_problems(effects))


def test_render_text_in_both_languages() -> None:
    effects = [{"boost": 3, "category": "chaos", "side": "both"}, {"gamble": 5, "at_least": 4, "penalty": 3}]
    assert render_text(effects, "de") == (
        "Bei Chaos: Beide Spieler: Kampfwert +3. Wirf einen W6: ab 4 Kampfwert +5, sonst -3."
    )
    assert render_text(effects, "en") == (
        "In Chaos: Both players: Fight value +3. Roll a d6: on 4 or more fight value +5, else -3."
    )
    assert render_text([{"set_category": "stability"}], "de") == "Gekämpft wird in Stability."


# -- R8: the Realm scale (issue 14) ---------------------------------------------------------------
# Realm' = Realm + (10 x stage - the smallest Realm of the stage before the rescale): each stage
# starts at 10 x stage and keeps its monsters' differences. See the engine's module docstring.

PILE = dict(zip(range(1, 7), (6, 5, 4, 3, 2, 2), strict=True))  # R1


def _bonus(card: dict[str, Any]) -> int:
    return int(card["attributes"]["realm"]) // 4  # R3


def test_r8_every_monster_affords_a_stage_one_card_and_a_combat_card_of_its_own_stage() -> None:
    costs = {c["attributes"]["stage"]: c["cost"] for c in COMBAT if not c["unique"]}
    for card in MONSTERS:
        stage, realm = card["attributes"]["stage"], card["attributes"]["realm"]
        assert realm >= costs[1] and realm >= costs[stage], card["slug"]


def test_r8_every_bundled_combat_card_can_be_used_by_some_monster() -> None:
    richest = max(c["attributes"]["realm"] for c in MONSTERS)
    assert all(card["cost"] <= richest for card in COMBAT)


def test_r8_a_higher_stage_always_holds_more_realm() -> None:
    for stage in range(1, 6):
        below = max(c["attributes"]["realm"] for c in MONSTERS if c["attributes"]["stage"] == stage)
        above = min(c["attributes"]["realm"] for c in MONSTERS if c["attributes"]["stage"] == stage + 1)
        assert below < above, stage


def test_r8_the_realm_bonus_never_outweighs_the_monsters_own_best_value() -> None:
    for card in MONSTERS:
        assert _bonus(card) <= max(card["attributes"][c] for c in CATEGORIES), card["slug"]


def test_r8_the_realm_bonus_is_a_swing_not_the_whole_fight() -> None:
    """Every attacker against every defender in every category, each monster weighted by how often
    a basis pile deals it: the bonus turns a lost or tied fight into a win in some fights, not most."""
    per_stage = Counter(c["attributes"]["stage"] for c in MONSTERS)
    weight = {c["slug"]: PILE[c["attributes"]["stage"]] / per_stage[c["attributes"]["stage"]] for c in MONSTERS}
    decided = total = 0.0
    for attacker in MONSTERS:
        for defender in MONSTERS:
            w = weight[attacker["slug"]] * weight[defender["slug"]]
            for category in CATEGORIES:
                mine, theirs = attacker["attributes"][category], defender["attributes"][category]
                total += w
                decided += w * (mine <= theirs < mine + _bonus(attacker))
    assert 0.1 <= decided / total <= 0.45, f"the bonus decides {decided / total:.0%} of fights"
