"""The duel decisions A1-A15 of ../shared/spec/games.md, each by the test named after it."""

from __future__ import annotations

import pytest

from engine.core.match import IllegalActionError
from engine.games.duel.state import check_end
from tests.engine.games.duel.helpers import (
    ENGINE,
    act,
    cid,
    creature,
    creature_slugs,
    ids,
    match,
    play_out,
    sample_decks,
    side,
    slugs,
)


def new(seed: int = 1, **options: object) -> object:
    return ENGINE.new_match(sample_decks(), variant="standard", seed=seed, options=options)


# --- A1 zones, life, hand --------------------------------------------------------------------------------


def test_a1_twenty_life_five_cards_and_the_first_player_draws_on_turn_one() -> None:
    m = ENGINE.new_match(sample_decks(), variant="standard", seed=5, options={})
    first = m.to_act
    shown = m.view(None)["players"]
    assert [p["life"] for p in shown] == [20, 20]
    assert shown[first]["hand_count"] == 6 and shown[1 - first]["hand_count"] == 5
    assert shown[first]["deck_count"] == 34 and shown[1 - first]["deck_count"] == 35


def test_a1_a_new_reinforcement_sends_the_old_one_to_the_graveyard() -> None:
    m = match(side(["festungsmauer"], reinforcement="banner-des-heeres"), side())
    act(m, "reinforce:p0c0")
    me = m.view(None)["players"][0]
    assert me["reinforcement"]["slug"] == "festungsmauer"
    assert slugs(me["graveyard"]) == ["banner-des-heeres"]


def test_a1_at_most_seven_cards_in_hand_at_the_end_of_the_turn() -> None:
    m = match(side(["wachhund"] * 9), side())
    act(m, "end")
    assert m.state["phase"] == "discard" and m.to_act == 0
    assert ids(m) == {f"discard:p0c{i}" for i in range(9)}
    act(m, "discard:p0c3", "discard:p0c4")
    shown = m.view(None)["players"][0]
    assert shown["hand_count"] == 7 and slugs(shown["discard"]) == ["wachhund", "wachhund"]
    assert m.to_act == 1


# --- A2 combat --------------------------------------------------------------------------------------------


def test_a2_against_defence_higher_damage_kills_without_player_damage() -> None:
    m = match(side([], ["feldwebel"]), side([], [{"slug": "dornenkriecher", "position": "defense"}]))
    act(m, "attack:p0c10:p1c10")
    assert creature_slugs(m, 1) == [] and m.view(None)["players"][1]["life"] == 20


def test_a2_against_defence_equal_or_lower_damage_does_nothing() -> None:
    m = match(side([], ["wachhund"]), side([], [{"slug": "wachhund", "position": "defense"}]))
    act(m, "attack:p0c10:p1c10")
    assert creature_slugs(m, 0) == ["wachhund"] and creature_slugs(m, 1) == ["wachhund"]
    assert [p["life"] for p in m.view(None)["players"]] == [20, 20]


def test_a2_the_lower_attack_dies_and_its_owner_takes_the_difference() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"]))
    act(m, "attack:p0c10:p1c10")
    assert creature_slugs(m, 1) == [] and m.view(None)["players"][1]["life"] == 17


def test_a2_a_weaker_attacker_dies_and_its_own_player_takes_the_difference() -> None:
    m = match(side([], ["wachhund"]), side([], ["bergtroll"]))
    act(m, "attack:p0c10:p1c10")
    assert creature_slugs(m, 0) == [] and creature_slugs(m, 1) == ["bergtroll"]
    assert [p["life"] for p in m.view(None)["players"]] == [17, 20]


def test_a2_equal_attacks_both_die_and_nobody_takes_damage() -> None:
    m = match(side([], ["feldwebel"]), side([], ["lanzentraeger"]))
    act(m, "attack:p0c10:p1c10")
    assert creature_slugs(m, 0) == [] == creature_slugs(m, 1)
    assert [p["life"] for p in m.view(None)["players"]] == [20, 20]


def test_a2_a_player_without_creatures_takes_the_full_attack() -> None:
    m = match(side([], ["bergtroll"]), side())
    act(m, "attack:p0c10:player")
    assert m.view(None)["players"][1]["life"] == 15


def test_a2_one_summon_per_turn() -> None:
    m = match(side(["wachhund", "feldwebel"]), side())
    act(m, "summon:p0c0:attack")
    assert not any(a.startswith("summon:") for a in ids(m))


def test_a2_creatures_summoned_on_the_games_first_turn_cannot_attack_it() -> None:
    m = match(side(["bergtroll"]), side(), turn=1)
    act(m, "summon:p0c0:attack")
    assert not any(a.startswith("attack:") for a in ids(m))
    later = match(side(["bergtroll"]), side(), turn=2)
    act(later, "summon:p0c0:attack")
    assert "attack:p0c0:player" in ids(later)


# --- A3 the deck ----------------------------------------------------------------------------------------------


def test_a3_a_match_deals_every_card_of_the_40_card_decks() -> None:
    m = new()
    zones = m.card_zones()
    for p in (0, 1):
        assert sum(len(cards) for name, cards in zones.items() if name.startswith(f"p{p}.")) == 40


# --- A4 the turn ----------------------------------------------------------------------------------------------


def test_a4_a_turn_draws_then_positions_then_main_then_the_opponent() -> None:
    m = match(side([], ["wachhund"], deck=["feldwebel"] * 3), side([], ["wachhund"], deck=["bergtroll"] * 3))
    act(m, "end")
    assert m.to_act == 1 and m.state["phase"] == "positions"
    assert m.view(1)["players"][1]["hand"][0]["slug"] == "bergtroll"
    assert "switch:p1c3" in ids(m) and not any(a.startswith("attack:") for a in ids(m))
    act(m, "begin")
    assert m.state["phase"] == "main" and "attack:p1c3:p0c3" in ids(m)
    assert not any(a.startswith("switch:") for a in ids(m))


def test_a4_the_first_player_is_a_seeded_coin_flip() -> None:
    firsts = {new(seed).view(None)["first_player"] for seed in range(16)}
    assert firsts == {0, 1}
    assert new(7).view(None)["first_player"] == new(7).view(None)["first_player"]


def test_a4_discards_down_to_seven_go_to_the_discard_zone() -> None:
    m = match(side(["feuerball"] * 8), side())
    act(m, "end", "discard:p0c0")
    assert slugs(m.view(None)["players"][0]["discard"]) == ["feuerball"]
    assert m.view(None)["players"][0]["graveyard"] == []


# --- A5 positions ------------------------------------------------------------------------------------------------


def test_a5_a_creature_enters_in_the_position_its_owner_chooses() -> None:
    m = match(side(["turmwache"]), side())
    assert {"summon:p0c0:attack", "summon:p0c0:defense"} <= ids(m)
    act(m, "summon:p0c0:defense")
    assert creature(m, 0, "turmwache")["position"] == "defense"


def test_a5_a_creature_switches_once_at_the_start_of_its_owners_turn() -> None:
    m = match(side([], ["wachhund", "feldwebel"]), side(), phase="start", turn=2)
    assert m.state["phase"] == "positions" and {"switch:p0c10", "switch:p0c11", "begin"} == ids(m)
    act(m, "switch:p0c10")
    assert creature(m, 0, "wachhund")["position"] == "defense"
    assert "switch:p0c10" not in ids(m)


def test_a5_no_switch_after_the_positions_step_so_none_after_attacking() -> None:
    m = match(side([], ["wachhund"]), side(), phase="start", turn=2)
    act(m, "begin", "attack:p0c10:player")
    assert not any(a.startswith("switch:") for a in ids(m))


# --- A6 attacks ---------------------------------------------------------------------------------------------------


def test_a6_only_attack_position_creatures_attack_each_once() -> None:
    m = match(side([], ["bergtroll", {"slug": "turmwache", "position": "defense"}]), side())
    assert {a for a in ids(m) if a.startswith("attack:")} == {"attack:p0c10:player"}
    act(m, "attack:p0c10:player")
    assert not any(a.startswith("attack:") for a in ids(m))


def test_a6_any_opposing_creature_may_be_attacked_even_a_stronger_one() -> None:
    m = match(side([], ["wachhund"]), side([], ["bergtroll", {"slug": "turmwache", "position": "defense"}]))
    attacks = {a for a in ids(m) if a.startswith("attack:")}
    assert attacks == {"attack:p0c10:p1c10", "attack:p0c10:p1c11"}


def test_a6_the_player_is_attacked_directly_only_without_creatures_or_by_direct_attack() -> None:
    m = match(side([], ["feldwebel", "nachtfalke"]), side([], ["wachhund"]))
    attacks = {a for a in ids(m) if a.startswith("attack:")}
    assert "attack:p0c10:player" not in attacks and "attack:p0c11:player" in attacks
    act(m, "attack:p0c11:player")
    assert m.view(None)["players"][1]["life"] == 18


# --- A7 the end ------------------------------------------------------------------------------------------------------


def test_a7_life_at_zero_loses_at_once_in_the_middle_of_the_turn() -> None:
    m = match(side(["feuerball"], ["bergtroll"]), side(life=3))
    act(m, "cast:p0c0")
    result = m.view(None)["result"]
    assert result == {"winner": 0, "winners": [0], "points": [20, 0], "termination": "life"}
    assert m.to_act is None


def test_a7_drawing_from_an_empty_deck_loses_at_once() -> None:
    m = match(side(), side(deck=[]))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "deck_out" and m.view(None)["result"]["winner"] == 0


def test_a7_both_players_losing_at_once_is_a_draw() -> None:
    m = match(side(), side())
    m.state["players"][0]["life"] = 0
    m.state["players"][1]["decked"] = True
    assert check_end(m.state)
    assert m.view(None)["result"]["winners"] == [] and m.view(None)["result"]["termination"] == "both_lost"


# --- A8 Gleichstand and the turn cap ----------------------------------------------------------------------------------


def test_a8_one_creature_of_equal_attack_each_is_gleichstand() -> None:
    m = match(side([], ["wachhund"], deck=[]), side(["dornenkriecher"], deck=[]))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "gleichstand" and m.view(None)["result"]["winners"] == []


def test_a8_one_creature_each_of_different_attack_plays_on() -> None:
    m = match(side([], ["wachhund"], deck=[]), side(["feldwebel"], deck=["feldwebel"]))
    act(m, "end")
    assert m.view(None)["finished"] is False


def test_a8_only_unusable_spells_and_weapons_on_both_sides_is_gleichstand() -> None:
    m = match(side(["blitzschlag", "kurzschwert"], deck=[]), side(["streitaxt"], deck=["sturmwind"]))
    assert not any(a.startswith(("cast:", "equip:")) for a in ids(m))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "gleichstand"


def test_a8_the_match_is_a_draw_after_the_turn_cap() -> None:
    m = match(side(), side(), turn=200)
    act(m, "end")
    assert m.view(None)["result"] == {"winner": None, "winners": [], "points": [20, 20], "termination": "turn_limit"}
    short = ENGINE.new_match(sample_decks(), variant="standard", seed=3, options={"max_turns": 4})
    play_out(short, ("random", "random"), 3)
    assert short.state["turn"] <= 4


# --- A9 traps ------------------------------------------------------------------------------------------------------------


def test_a9_a_trap_is_set_face_down_and_hidden_from_the_opponent() -> None:
    m = match(side(["fallgrube"]), side())
    action = next(a for a in m.legal_actions(0) if a.id == "set:p0c0")
    assert m.public_action(0, action) == {"id": "hidden:set", "label": "P1 sets a trap face down", "params": {}}
    act(m, "set:p0c0")
    assert m.view(1)["players"][0]["support"] == [{"card": None, "face_down": True}]
    assert m.view(None)["players"][0]["support"] == [{"card": None, "face_down": True}]
    assert m.view(0)["players"][0]["support"][0]["card"]["slug"] == "fallgrube"
    assert "Fallgrube" not in str(m.view(1)) and "fallgrube" not in str(m.view(None))


def test_a9_the_owner_springs_the_trap_before_the_attack_then_it_goes_to_the_graveyard() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(m, "attack:p0c10:p1c10")
    assert m.to_act == 1 and ids(m) == {"pass", "spring:p1c11"}
    act(m, "spring:p1c11")
    shown = m.view(None)["players"]
    assert creature_slugs(m, 0) == [] and creature_slugs(m, 1) == ["wachhund"]
    assert slugs(shown[1]["graveyard"]) == ["fallgrube"] and shown[1]["support"] == []
    assert shown[1]["life"] == 20 and m.to_act == 0


def test_a9_passing_lets_the_attack_resolve() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(m, "attack:p0c10:p1c10", "pass")
    assert creature_slugs(m, 1) == [] and m.view(None)["players"][1]["life"] == 17
    assert m.view(None)["players"][1]["support"] == [{"card": None, "face_down": True}]


def test_a9_a_summon_trap_waits_for_the_opponents_summon() -> None:
    m = match(side(["bergtroll"]), side([], support=[{"slug": "seelenfalle"}]))
    act(m, "summon:p0c0:attack")
    assert ids(m) == {"pass", "spring:p1c10"}
    act(m, "spring:p1c10")
    assert creature_slugs(m, 0) == [] and slugs(m.view(None)["players"][0]["graveyard"]) == ["bergtroll"]


def test_a9_no_trap_can_be_sprung_on_its_owners_own_turn() -> None:
    m = match(side(["wachhund"], ["bergtroll"], support=[{"slug": "seelenfalle"}]), side([], ["wachhund"]))
    act(m, "summon:p0c0:attack", "attack:p0c11:p1c10")
    assert m.to_act == 0 and not any(a.startswith("spring:") for a in ids(m))


# --- A10 spells ---------------------------------------------------------------------------------------------------------


def test_a10_a_spell_needs_a_free_support_slot_resolves_at_once_and_goes_to_the_graveyard() -> None:
    full = match(side(["feuerball"], support=[{"slug": "fallgrube"}] * 3), side())
    assert "cast:p0c0" not in ids(full)
    m = match(side(["feuerball"]), side())
    act(m, "cast:p0c0")
    shown = m.view(None)["players"]
    assert shown[1]["life"] == 17 and slugs(shown[0]["graveyard"]) == ["feuerball"] and shown[0]["support"] == []


def test_a10_a_one_turn_boost_ends_with_the_turn() -> None:
    m = match(side(["schlachtruf"], ["wachhund"]), side())
    act(m, "cast:p0c0")
    assert creature(m, 0, "wachhund")["attack"] == 5
    act(m, "end")
    assert creature(m, 0, "wachhund")["attack"] == 2


def test_a10_spells_are_cast_only_on_the_owners_turn() -> None:
    m = match(side([], ["bergtroll"]), side(["feuerball"], ["wachhund"], support=[{"slug": "fallgrube"}]))
    act(m, "attack:p0c10:p1c11")
    assert m.to_act == 1 and not any(a.startswith("cast:") for a in ids(m))


# --- A11 weapons ----------------------------------------------------------------------------------------------------------


def test_a11_a_weapon_takes_a_slot_and_equips_the_chosen_creature() -> None:
    m = match(side(["streitaxt"], ["wachhund", "feldwebel"]), side())
    assert {"equip:p0c0:p0c11", "equip:p0c0:p0c12"} <= ids(m)
    act(m, "equip:p0c0:p0c12")
    assert creature(m, 0, "feldwebel")["attack"] == 5 and creature(m, 0, "wachhund")["attack"] == 2
    assert m.view(None)["players"][0]["support"][0]["equips"] == "p0c12"


def test_a11_the_weapon_goes_to_the_graveyard_when_its_creature_leaves_play() -> None:
    m = match(
        side([], [{"slug": "wachhund", "position": "attack", "weapons": ["kurzschwert"]}]), side([], ["bergtroll"])
    )
    act(m, "attack:p0c10:p1c10")
    shown = m.view(None)["players"][0]
    assert shown["support"] == [] and sorted(slugs(shown["graveyard"])) == ["kurzschwert", "wachhund"]


# --- A12 elites -------------------------------------------------------------------------------------------------------------


def test_a12_an_elite_sacrifices_to_the_graveyard_and_uses_the_turns_summon() -> None:
    m = match(side(["drachenfuerst", "wachhund"], ["grubenratte", "sumpfkroete", "feldwebel"]), side())
    act(m, "summon:p0c0:attack:p0c12+p0c13")
    assert creature_slugs(m, 0) == ["feldwebel", "drachenfuerst"]
    assert slugs(m.view(None)["players"][0]["graveyard"]) == ["grubenratte", "sumpfkroete"]
    assert not any(a.startswith("summon:") for a in ids(m))


def test_a12_baal_needs_three_creatures_in_the_graveyard() -> None:
    two = match(side(["baal"], graveyard=["wachhund", "feldwebel", "feuerball"]), side())
    assert not any(a.startswith("summon:p0c0") for a in ids(two))
    three = match(side(["baal"], graveyard=["wachhund", "feldwebel", "bergtroll"]), side())
    act(three, "summon:p0c0:attack")
    assert creature(three, 0, "baal")["attack"] == 4 + 3


# --- A13 full zones ------------------------------------------------------------------------------------------------------------


def test_a13_three_creatures_allow_no_summon_unless_a_sacrifice_frees_a_slot() -> None:
    m = match(side(["wachhund", "eisenkoloss"], ["grubenratte", "sumpfkroete", "feldwebel"]), side())
    summons = {a for a in ids(m) if a.startswith("summon:")}
    assert not any(a.startswith("summon:p0c0") for a in summons)
    assert "summon:p0c1:defense:p0c12" in summons


def test_a13_three_support_cards_allow_no_trap_weapon_or_spell() -> None:
    full = [{"slug": "fallgrube"}] * 3
    m = match(
        side(["spiegelschild", "kurzschwert", "feuerball", "banner-des-heeres"], ["wachhund"], support=full), side()
    )
    plays = {a.split(":")[0] for a in ids(m)}
    assert not plays & {"set", "equip", "cast"} and "reinforce" in plays


# --- A14 where cards go -----------------------------------------------------------------------------------------------------------


def test_a14_revive_takes_from_the_discard_zone_and_graveyard_to_hand_from_the_graveyard() -> None:
    m = match(
        side(["totenbeschwoerung", "grabesruf"], discard=["bergtroll"], graveyard=["wachhund", "feldwebel"]), side()
    )
    act(m, "cast:p0c0", "target:p0c14.attack")
    assert creature_slugs(m, 0) == ["bergtroll"] and m.view(None)["players"][0]["discard"] == []
    act(m, "cast:p0c1")
    assert ids(m) == {"target:p0c12", "target:p0c13"}
    act(m, "target:p0c12")
    hand = slugs(m.view(0)["players"][0]["hand"])
    assert sorted(hand) == ["feldwebel", "wachhund"]
    assert slugs(m.view(None)["players"][0]["graveyard"]) == ["totenbeschwoerung", "grabesruf"]


def test_a14_dead_creatures_used_traps_and_spells_go_to_the_graveyard_discards_to_the_discard_zone() -> None:
    m = match(side(["blitzschlag"] + ["wachhund"] * 8), side([], ["feldwebel"]))
    act(m, "cast:p0c0", "end", "discard:p0c1")
    shown = m.view(None)["players"]
    assert slugs(shown[1]["graveyard"]) == ["feldwebel"] and slugs(shown[0]["graveyard"]) == ["blitzschlag"]
    assert slugs(shown[0]["discard"]) == ["wachhund"]


# --- A15 computer players and the one random source ------------------------------------------------------------------------------


def test_a15_random_and_greedy_are_declared_and_choose_legal_actions() -> None:
    assert set(ENGINE.ai_behaviours) == {"random", "greedy"}
    m = new(4)
    legal = m.legal_actions(m.to_act)
    for behaviour in ("random", "greedy"):
        chosen = ENGINE.choose_action(behaviour, m.view(m.to_act), legal, 9)
        assert chosen in legal and chosen == ENGINE.choose_action(behaviour, m.view(m.to_act), legal, 9)
    with pytest.raises(ValueError, match="behaviour"):
        ENGINE.choose_action("clever", m.view(m.to_act), legal, 9)


def test_a15_every_random_draw_comes_from_the_seeded_source() -> None:
    a = play_out(new(21), ("random", "random"), 21)
    b = play_out(new(21), ("random", "random"), 21)
    assert a.to_json() == b.to_json()
    assert new(21).view(0) != new(22).view(0)


def test_a15_the_opponents_discard_is_random_from_the_seeded_source() -> None:
    def discarded(seed: int) -> str:
        m = match(side(["wegelagerer"]), side(["wachhund", "feldwebel", "bergtroll", "turmwache"]), seed=seed)
        act(m, "summon:p0c0:attack")
        return str(m.view(None)["players"][1]["discard"][0]["slug"])

    assert discarded(1) == discarded(1)
    assert len({discarded(seed) for seed in range(12)}) > 1


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    m = new(4)
    before = m.to_json()
    with pytest.raises(IllegalActionError):
        m.apply(m.to_act, "attack:nothing:player")
    with pytest.raises(IllegalActionError):
        m.apply(1 - m.to_act, "end")
    assert m.to_json() == before
    assert cid  # the helpers are shared
