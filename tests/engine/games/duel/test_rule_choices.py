"""Each rule choice of engine/games/duel/engine.py's docstring, by its number."""

from __future__ import annotations

from engine.games.duel.presentation import PRESENTATION
from tests.engine.games.duel.helpers import (
    ENGINE,
    act,
    creature,
    creature_slugs,
    ids,
    match,
    sample_decks,
    side,
    slugs,
)


def test_choice_1_the_first_player_is_a_coin_flip_unless_set() -> None:
    starters = {ENGINE.new_match(sample_decks(), variant="standard", seed=s, options={}).to_act for s in range(12)}
    assert starters == {0, 1}
    chosen = ENGINE.new_match(sample_decks(), variant="standard", seed=3, options={"first_player": 1})
    assert chosen.to_act == 1 and chosen.view(None)["first_player"] == 1


def test_choice_2_every_players_turn_counts_and_the_cap_counts_them() -> None:
    m = ENGINE.new_match(sample_decks(), variant="standard", seed=3, options={"max_turns": 2, "first_player": 0})
    assert m.view(None)["turn"] == 1
    while m.state["phase"] != "main":
        act(m, "begin")
    act(m, "end")
    assert m.view(None)["turn"] == 2 and m.to_act == 1
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "turn_limit"


def test_choice_3_the_draw_comes_before_turn_start_effects() -> None:
    # Blutmond's damage and Heiliger Hain's healing happen after the draw: with an empty deck the
    # draw loses at once and no turn_start effect follows.
    m = match(side(), side(deck=[], reinforcement="heiliger-hain", life=5))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "deck_out"
    assert m.view(None)["players"][1]["life"] == 5
    healed = match(side(), side(reinforcement="heiliger-hain", life=5))
    act(healed, "end")
    assert healed.view(None)["players"][1]["life"] == 6 and healed.view(1)["players"][1]["hand_count"] == 1


def test_choice_4_a_face_down_card_is_always_asked_about_even_without_a_fitting_trap() -> None:
    # Fangnetz answers summons only; on an attack its owner is still asked, and may only pass.
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fangnetz"}]))
    act(m, "attack:p0c10:p1c10")
    assert m.to_act == 1 and ids(m) == {"pass"}
    assert m.view(0)["pending"] == {"kind": "trap", "player": 1, "trigger": "attacked"}
    # One trap per attack: after one is sprung the attack resolves.
    two = match(
        side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "bannkreis"}, {"slug": "spiegelschild"}])
    )
    act(two, "attack:p0c10:p1c10", "spring:p1c11")
    assert two.to_act == 0 and creature_slugs(two, 1) == []


def test_choice_5_a_spell_needs_an_effect_that_can_act() -> None:
    m = match(side(["blitzschlag", "sturmwind", "grabesruf", "totenbeschwoerung", "schlachtruf", "feuerball"]), side())
    casts = {a for a in ids(m) if a.startswith("cast:")}
    assert casts == {"cast:p0c5"}


def test_choice_6_the_owner_chooses_among_targets_and_one_target_is_taken_at_once() -> None:
    m = match(side(["blitzschlag"]), side([], ["wachhund", "bergtroll"]))
    act(m, "cast:p0c0")
    assert m.to_act == 0 and ids(m) == {"target:p1c10", "target:p1c11"}
    assert m.view(1)["pending"]["kind"] == "target"
    act(m, "target:p1c11")
    assert creature_slugs(m, 1) == ["wachhund"]
    one = match(side(["blitzschlag"]), side([], ["bergtroll"]))
    act(one, "cast:p0c0")
    assert creature_slugs(one, 1) == [] and one.view(None)["pending"] is None


def test_choice_7_life_has_no_upper_limit() -> None:
    m = match(side(["heiltrank"]), side())
    act(m, "cast:p0c0")
    assert m.view(None)["players"][0]["life"] == 24


def test_choice_8_a_summon_trap_may_hit_the_creature_being_summoned_and_stops_its_summoned_effects() -> None:
    m = match(side(["moorhexe"]), side(support=[{"slug": "seelenfalle"}]))
    act(m, "summon:p0c0:attack", "spring:p1c10")
    assert creature_slugs(m, 0) == [] and m.view(None)["players"][1]["life"] == 20
    net = match(side(["bergtroll"]), side(support=[{"slug": "fangnetz"}]))
    act(net, "summon:p0c0:attack", "spring:p1c10")
    assert creature(net, 0, "bergtroll")["position"] == "defense"


def test_choice_9_reviving_is_no_summon() -> None:
    m = match(side(["totenbeschwoerung", "wachhund"], discard=["bergtroll"]), side(support=[{"slug": "seelenfalle"}]))
    act(m, "cast:p0c0", "target:p0c12.defense")
    assert m.to_act == 0 and creature(m, 0, "bergtroll")["position"] == "defense"
    assert "summon:p0c1:attack" in ids(m)


def test_choice_9_an_elite_may_be_revived_or_taken_back_to_hand() -> None:
    m = match(side(["grabesruf"], graveyard=["drachenfuerst"]), side())
    act(m, "cast:p0c0")
    assert slugs(m.view(0)["players"][0]["hand"]) == ["drachenfuerst"]


def test_choice_10_an_attacker_switched_to_defence_by_a_trap_does_not_attack() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "hinterhalt"}]))
    act(m, "attack:p0c10:p1c10", "spring:p1c11")
    assert creature(m, 0, "bergtroll")["position"] == "defense" and creature_slugs(m, 1) == ["wachhund"]
    assert m.view(None)["players"][1]["life"] == 20


def test_choice_10_an_attack_on_a_creature_that_left_play_misses() -> None:
    attack = {"kind": "attack", "player": 0, "attacker": "p0c10", "target": "p1c10", "negated": False}
    m = match(side([], ["bergtroll"]), side())
    m.state["event"] = attack
    from engine.games.duel.combat import resolve_attack

    resolve_attack(m.state, {"t": "combat"})
    assert m.view(None)["players"][1]["life"] == 20 and m.state["log"][-1]["event"] == "missed"


def test_choice_11_sacrificed_creatures_die_with_their_dies_effects() -> None:
    m = match(side(["eisenkoloss"], ["nebelgeist"], deck=["wachhund"]), side())
    act(m, "summon:p0c0:defense:p0c2")
    assert slugs(m.view(0)["players"][0]["hand"]) == ["wachhund"]
    assert slugs(m.view(None)["players"][0]["graveyard"]) == ["nebelgeist"]


def test_choice_12_one_lone_creature_against_unusable_spells_is_no_gleichstand() -> None:
    m = match(side([], ["wachhund"], deck=[]), side(["blitzschlag"], deck=[]))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "deck_out" and m.view(None)["result"]["winner"] == 0


def test_choice_12_players_without_any_card_are_no_gleichstand() -> None:
    m = match(side(deck=[]), side(deck=[]))
    act(m, "end")
    assert m.view(None)["result"]["termination"] == "deck_out"


def test_choice_13_copies_in_hand_are_one_choice() -> None:
    m = match(side(["wachhund", "wachhund", "feuerball", "feuerball"]), side())
    assert {a for a in ids(m) if a != "end"} == {"summon:p0c0:attack", "summon:p0c0:defense", "cast:p0c2"}


def test_choice_14_two_weapons_may_equip_one_creature() -> None:
    m = match(side(["kurzschwert", "streitaxt"], ["wachhund"]), side())
    act(m, "equip:p0c0:p0c12", "equip:p0c1:p0c12")
    assert creature(m, 0, "wachhund")["attack"] == 5 and len(m.view(None)["players"][0]["support"]) == 2


def test_choice_15_lasting_boosts_stay_and_trap_boosts_end_with_the_turn() -> None:
    m = match(
        side([], ["bergtroll"]),
        side(
            [],
            [{"slug": "wachhund", "position": "defense"}],
            support=[{"slug": "bannkreis"}],
            reinforcement="festungsmauer",
        ),
    )
    assert creature(m, 1, "wachhund")["defense"] == 4
    act(m, "attack:p0c10:p1c10", "spring:p1c11")
    assert creature(m, 1, "wachhund")["defense"] == 6  # Bannkreis +2 until the end of the turn: holds
    act(m, "end")
    assert creature(m, 1, "wachhund")["defense"] == 4


def test_choice_16_points_are_the_life_total_not_below_zero() -> None:
    m = match(side([], ["bergtroll"]), side(life=2))
    act(m, "attack:p0c10:player")
    assert m.view(None)["players"][1]["life"] == -3 and m.view(None)["result"]["points"] == [20, 0]


def test_choice_17_creatures_dying_together_resolve_the_attackers_dies_effects_first() -> None:
    m = match(side([], ["aschewurm"]), side([], ["aschewurm"], life=2))
    act(m, "attack:p0c10:p1c10")
    # The attacker's Aschewurm hits player 1 first: at 0 they lose before the other one's effect.
    assert m.view(None)["result"]["winner"] == 0 and m.view(None)["players"][0]["life"] == 20


def test_choice_18_a_direct_attacker_may_choose_the_player_or_a_creature() -> None:
    m = match(side([], ["schattendieb"]), side([], ["wachhund"]))
    assert {"attack:p0c10:player", "attack:p0c10:p1c10"} <= ids(m)


def test_choice_19_a_creatures_effects_without_when_act_when_it_is_summoned() -> None:
    from engine.games.duel.cards import compile_card

    entry = compile_card(
        {"slug": "x", "type": "creature", "attributes": {"attack": 1, "defense": 1}, "effects": [{"heal": 2}]}
    )
    assert entry["on"]["summoned"] == [{"heal": 2}]


def test_the_page_says_what_each_termination_means() -> None:
    assert set(PRESENTATION.terminations) == set(ENGINE.terminations)
