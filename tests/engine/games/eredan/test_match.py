"""Eredan's match decisions E8-E20 (games.md), each test named after its decision."""

from __future__ import annotations

from engine.games.eredan import GAME
from engine.games.eredan.state import cached_entry, catalog_entry
from tests.engine.conformance import random_playout, sample_decks_for
from tests.engine.games.eredan.helpers import (
    AWAY,
    ENGINE,
    act,
    char,
    character_card,
    end_round,
    legal,
    side,
    table,
    to_discards,
)

# --- E8 round bonuses -----------------------------------------------------------------------------


def test_e8_a_round_bonus_applies_while_the_character_fights_in_its_round_and_lasts_that_round() -> None:
    match = act(table(round=2), "pick:2:0")  # Iro (round 2: attack +2) against Aez (round 2: attack +1)
    assert (char(match, 0, 2)["attack"], char(match, 1, 0)["attack"]) == (7, 5)
    to_discards(match)
    assert match.view(None)["confrontation"]["sides"][1]["physical_taken"] == 7 - 2
    assert char(match, 0, 2)["attack"] == 5  # the round is over
    assert char(act(table(round=1), "pick:2:0"), 0, 2)["attack"] == 5  # not Iro's round


def test_e8_heals_and_draws_of_a_round_bonus_happen_at_the_start_of_phase_2() -> None:
    match = act(table(side([{"slug": "amaya", "health": 10}, "aku", "iro"]), round=3), "pick:0:0")
    assert char(match, 0, 0)["health"] == 13 and match.view(None)["players"][0]["points"] == 3
    tarek = table(side(["tarek-der-karawanenfuehrer", "amaya", "iro"], hand=["heiltrank"]))
    assert act(tarek, "pick:0:0").view(None)["players"][0]["hand_count"] == 3


def test_e8_several_round_bonuses_and_rounds_past_six() -> None:
    meister = side(["iro-meister-der-klinge", "amaya", "aku"])
    in_eight = act(table(meister, round=8), "pick:0:1")
    assert (char(in_eight, 0, 0)["attack"], char(in_eight, 0, 0)["defense"]) == (6, 3)
    in_two = act(table(meister, round=2), "pick:0:1")
    assert (char(in_two, 0, 0)["attack"], char(in_two, 0, 0)["defense"]) == (7, 2)


def test_e8_a_card_that_activates_round_bonuses_gives_all_of_them_once() -> None:
    meister = side(["iro-meister-der-klinge", "amaya", "aku"], hand=["heldenstunde"])
    for rnd in (1, 2):
        match = to_discards(act(table(meister, round=rnd), "pick:0:1"), "play:p0c3")
        sides = match.view(None)["confrontation"]["sides"]
        assert (sides[0]["attack"], sides[0]["defense"]) == (7, 3), rnd  # round 2's +1 only once


# --- E9 weakened ----------------------------------------------------------------------------------


def test_e9_a_character_that_fought_is_weakened_but_stays_a_target() -> None:
    match = end_round(to_discards(act(table(), "pick:2:0")))  # Iro against Aez
    assert char(match, 0, 2)["weakened"] and char(match, 1, 0)["weakened"]
    assert legal(match) == {f"pick:{i}:{j}" for i in (1, 2) for j in (0, 1)}  # P2 is active now
    hit = table(side(hand=["sternenregen"]), side(["aez", {"slug": "hares-der-brutale", "weakened": True}, "zahal"]))
    to_discards(act(hit, "pick:0:0"), "play:p0c3")
    assert char(hit, 1, 1)["health"] == 23 - 2  # a weakened character is still hit by a card


def test_e9_once_every_living_character_has_fought_all_are_refreshed_at_the_next_phase_1() -> None:
    home = side([{"slug": "aku", "weakened": True}, {"slug": "amaya", "dead": True, "health": 0}, "iro"])
    match = end_round(to_discards(act(table(home), "pick:2:0")))
    assert not char(match, 0, 0)["weakened"] and not char(match, 0, 2)["weakened"]
    assert {f"pick:1:{j}" for j in (0, 2)} <= legal(match)


# --- E10 phases 1 and 2 ---------------------------------------------------------------------------


def test_e10_phase_1_offers_living_characters_that_are_not_weakened() -> None:
    away = side([{"slug": "aez", "dead": True, "health": 0}, {"slug": "hares-der-brutale", "weakened": True}, "zahal"])
    assert legal(table(p1=away)) == {f"pick:{i}:2" for i in range(3)}


def test_e10_the_active_player_plays_first_and_second_cards_need_a_chain() -> None:
    match = act(table(side(hand=["heiltrank"]), side(AWAY, hand=["heiltrank"])), "pick:0:0")
    assert match.to_act == 0
    act(match, "play:p0c3")
    assert match.to_act == 1  # a potion grants no chain: the passive player's card, then the fight
    act(match, "play:p1c3")
    view = match.view(None)
    assert view["phase"] == "discard"
    assert [(c["player"], c["card"]["slug"]) for c in view["played"]] == [(0, "heiltrank"), (1, "heiltrank")]


def test_e10_at_most_two_cards_per_player() -> None:
    match = act(table(side(["iro", "aku", "amaya"], hand=["katana", "dolch", "heiltrank"])), "pick:0:0")
    act(match, "play:p0c3", "pass", "play:p0c4")  # Katana chains; Dolch's own chain finds no third step
    assert match.view(None)["phase"] == "discard"
    assert [c["card"]["slug"] for c in match.view(None)["played"]] == ["katana", "dolch"]


def test_e10_cards_resolve_in_the_seeds_order_a_cancel_hits_only_later_cards() -> None:
    match = act(table(side(hand=["konter"]), side(AWAY, hand=["ausweichen"])), "pick:2:0")
    to_discards(match, "play:p0c3", "play:p1c3")
    played = match.view(None)["played"]
    assert [p["cancelled"] for p in played] == [False, True]
    assert match.view(None)["confrontation"]["sides"][1]["defense"] == 2  # Ausweichen's +3 never came
    late = act(
        table(side(["iro", "aku", "amaya"], hand=["kurzschwert", "schwerer-schlag"]), side(AWAY, hand=["konter"]))
    )
    to_discards(act(late, "pick:0:0"), "play:p0c3", "play:p1c3", "play:p0c4")
    assert [p["cancelled"] for p in late.view(None)["played"]] == [False, False, True]


# --- E11 attachments ------------------------------------------------------------------------------


def test_e11_objects_attach_and_a_new_weapon_replaces_the_old_one() -> None:
    home = side([{"slug": "iro", "attached": ["kurzschwert"]}, "aku", "amaya"], hand=["katana"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3")
    assert [a["slug"] for a in char(match, 0, 0)["attachments"]] == ["katana"]
    assert [c["slug"] for c in match.view(None)["players"][0]["discard"]] == ["kurzschwert"]


def test_e11_items_are_not_limited_and_potions_and_actions_are_one_shot() -> None:
    home = side([{"slug": "iro", "attached": ["ring-der-staerke"]}, "aku", "amaya"], hand=["amulett-des-schutzes"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3")
    assert len(char(match, 0, 0)["attachments"]) == 2
    potion = to_discards(act(table(side(hand=["heiltrank"])), "pick:0:0"), "play:p0c3")
    assert potion.view(None)["players"][0]["discard_count"] == 1 and not char(potion, 0, 0)["attachments"]


def test_e11_ambidextrie_lets_a_character_carry_two_weapons() -> None:
    home = side([{"slug": "iro", "attached": ["kurzschwert"], "two_weapons": True}, "aku", "amaya"], hand=["katana"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3")
    assert [a["slug"] for a in char(match, 0, 0)["attachments"]] == ["kurzschwert", "katana"]
    ambi = to_discards(act(table(side(["iro", "aku", "amaya"], hand=["ambidextrie"])), "pick:0:0"), "play:p0c3")
    assert char(ambi, 0, 0)["two_weapons"]


def test_e11_a_handwerker_fighter_attaches_to_any_own_living_character() -> None:
    home = side(["ingmar", "amaya", {"slug": "iro", "dead": True, "health": 0}], hand=["lederruestung", "schildwall"])
    match = act(table(home), "pick:0:0")
    assert {"play:p0c3:0", "play:p0c3:1", "play:p0c4:0"} <= legal(match)
    assert not {"play:p0c3:2", "play:p0c4:1"} & legal(match)  # not the dead; Schildwall fits no Priester
    to_discards(match, "play:p0c3:1")
    assert [a["slug"] for a in char(match, 0, 1)["attachments"]] == ["lederruestung"]


def test_e11_a_dead_bearers_attachments_go_to_the_discard_pile() -> None:
    home = side([{"slug": "aku", "health": 3, "attached": ["amulett-des-schutzes"]}, "amaya", "iro"])
    match = to_discards(act(table(home), "pick:0:0"))
    assert char(match, 0, 0)["dead"] and not char(match, 0, 0)["attachments"]
    assert [c["slug"] for c in match.view(None)["players"][0]["discard"]] == ["amulett-des-schutzes"]


# --- E12 chains -----------------------------------------------------------------------------------


def second_card(
    fighter: str, first: str, *, hand: tuple[str, ...] = ("heiltrank",), cards: list[dict] | None = None
) -> set[str]:
    """What the fighter's player may play second after ``first`` (empty: no chain)."""
    match = table(side([fighter, "amaya", "iro"], hand=[first, *hand], spare=False), cards=cards or [])
    act(match, "pick:0:0", "play:p0c3", "pass")
    return legal(match) if match.to_act == 0 and match.state["phase"] == "cards" else set()


def test_e12_a_cards_chain_allows_one_more_card_of_the_kind_it_names() -> None:
    assert second_card("amaya", "katana", hand=("wakizashi", "heiltrank")) == {"pass", "play:p0c4"}


def test_e12_kaempfer_chain_after_a_first_object_not_after_an_action_or_potion() -> None:
    for fighter in ("iro", "balthus", "shiro-der-stille"):  # Kämpfer, Kämpfer/Priester, Marodeur/Kämpfer
        assert second_card(fighter, "kurzschwert") == {"pass", "play:p0c4"}, fighter
    assert second_card("iro", "schlachtruf") == set()
    assert second_card("iro", "krafttrank") == set()


def test_e12_a_pure_magier_chains_after_a_no_zone_spell_only() -> None:
    assert second_card("aku", "gluehender-pfeil") == {"pass", "play:p0c4"}
    assert second_card("aku", "sternenregen") == set()  # a zone spell


def test_e12_magier_hybrids_and_gemelits_never_get_the_spell_chain_magier_kaempfer_no_chain() -> None:
    assert second_card("lirael", "feuerball") == set()  # Magier/Priester
    assert second_card("samira", "feuerball") == set()  # a Gemelit
    mage_fighter = [character_card("kampfmagier", ["magier", "kaempfer"])]
    assert second_card("kampfmagier", "feuerball", cards=mage_fighter) == set()
    assert second_card("kampfmagier", "kurzschwert", cards=mage_fighter) == set()


# --- E13 permissions ------------------------------------------------------------------------------


def offered(fighter: str, card: str) -> bool:
    match = act(table(side([fighter, "amaya", "iro"], hand=[card])), "pick:0:0")
    return any(a.startswith("play:p0c3") for a in legal(match))


def test_e13_class_cards_theurgy_and_spells_need_their_fighter() -> None:
    assert offered("iro", "schwerer-schlag") and not offered("aku", "schwerer-schlag")
    assert offered("amaya", "gebet") and not offered("aku", "gebet")
    assert offered("aku", "feuerball") and not offered("iro", "feuerball")


def test_e13_a_gemelit_casts_the_spells_of_its_element() -> None:
    assert offered("qadir-der-quellhueter", "eislanze")  # a water Gemelit, no Magier
    assert not offered("qadir-der-quellhueter", "feuerball") and not offered("qadir-der-quellhueter", "arkaner-schild")
    assert offered("samira", "feuerball")


def test_e13_a_golem_carries_any_object_and_takes_the_bonus_of_its_class_or_the_standard_one() -> None:
    assert offered("ingmar", "schildwall") and not offered("amaya", "schildwall")
    for fighter, attack in (("moosbart", 4 + 3), ("ingmar", 3 + 1)):  # Kämpfer bonus, standard bonus
        play = "play:p0c3:0" if fighter == "ingmar" else "play:p0c3"  # a Handwerker names the bearer (E11)
        match = to_discards(act(table(side([fighter, "amaya", "iro"], hand=["runenhammer"])), "pick:0:0"), play)
        assert match.view(None)["confrontation"]["sides"][0]["attack"] == attack, fighter


def test_e13_a_card_that_cannot_be_played_now_is_not_offered() -> None:
    assert not offered("amaya", "wiedererweckung")  # nobody to revive
    home = side(["amaya", {"slug": "aku", "dead": True, "health": 0}, "iro"], hand=["wiedererweckung"])
    assert "play:p0c3:r1" in legal(act(table(home), "pick:0:0"))


# --- E14 spells and the attack --------------------------------------------------------------------


def confrontation(fighter: str, card: str, cards: list[dict] | None = None) -> list[dict]:
    match = table(side([fighter, "amaya", "iro"], hand=[card]), cards=cards or [])
    return list(to_discards(act(match, "pick:0:0"), "play:p0c3").view(None)["confrontation"]["sides"])


def test_e14_seed_aku_gluehender_pfeil_against_aez_deals_4_and_replaces_akus_attack() -> None:
    sides = confrontation("aku", "gluehender-pfeil")
    assert sides[1]["spell_taken"] == 5 - 1
    assert (sides[0]["replaced"], sides[0]["strike"]) == (True, 0)


def test_e14_a_magier_priester_spell_replaces_the_attack_hybrids_with_a_fighting_class_keep_it() -> None:
    assert confrontation("lirael", "feuerball")[0]["replaced"]
    mage_fighter = [character_card("kampfmagier", ["magier", "kaempfer"])]
    kept = confrontation("kampfmagier", "feuerball", mage_fighter)[0]
    assert (kept["replaced"], kept["strike"]) == (False, 4 - 2)
    assert not confrontation("qadir-der-quellhueter", "eislanze")[0]["replaced"]


def test_e14_theurgy_never_replaces_the_attack() -> None:
    sides = confrontation("amaya", "goettlicher-zorn")
    assert (sides[0]["replaced"], sides[0]["strike"], sides[1]["spell_taken"]) == (False, 3 - 2, 4 - 1)


# --- E15 drawing and losing by cards --------------------------------------------------------------


def test_e15_from_round_2_both_draw_up_to_five_the_active_player_first() -> None:
    match = end_round(to_discards(act(table(side(hand=["heiltrank"]), side(AWAY, hand=["heiltrank"] * 2)), "pick:0:0")))
    view = match.view(None)
    assert [p["hand_count"] for p in view["players"]] == [5, 5]
    draws = [e["player"] for e in view["log"] if e["event"] == "draw"]
    assert draws == [1, 0]  # round 2: P2 is active and draws first


def test_e15_a_player_who_cannot_draw_loses_at_the_end_of_that_round() -> None:
    match = end_round(to_discards(act(table(p1=side(AWAY, hand=["heiltrank"], deck=[])), "pick:0:0")))
    assert match.view(None)["players"][1]["cannot_draw"] and match.outcome() is None
    end_round(to_discards(act(match, "pick:1:1")))  # round 2: P2 picks
    outcome = match.outcome()
    assert outcome is not None and (outcome.winner, outcome.termination) == (0, "out_of_cards")


def test_e15_a_player_without_cards_after_phase_5_loses_both_at_once_the_points_decide() -> None:
    match = to_discards(act(table(side(hand=["heiltrank"], spare=False), side(AWAY)), "pick:0:0"))
    end_round(act(match, "discard:p0c3"))
    assert match.outcome() is not None and (match.outcome().winner, match.outcome().termination) == (1, "out_of_cards")
    both = to_discards(
        act(table(side(spare=False, hand=["heiltrank"]), side(AWAY, spare=False, hand=["heiltrank"])), "pick:2:0")
    )
    end_round(act(both, "discard:p0c3", "keep", "discard:p1c3"))
    assert both.outcome() is not None and both.outcome().termination == "points"
    assert both.outcome().winners == ((0,) if both.outcome().points[0] > both.outcome().points[1] else (1,))


# --- E16 points -----------------------------------------------------------------------------------


def test_e16_points_count_health_really_removed_and_really_restored() -> None:
    home = side([{"slug": "amaya", "health": 17}, "aku", "iro"], hand=["gebet"])
    match = table(home, side([{"slug": "aez", "health": 1}, "hares-der-brutale", "zahal"]))
    to_discards(act(match, "pick:0:0"), "play:p0c3")
    assert match.view(None)["players"][0]["points"] == 1 + 1  # 1 of Gebet's 5 restored, 1 of Amaya's 1 removed


def test_e16_when_both_sides_fall_more_points_win_and_equal_points_draw() -> None:
    dead = {"dead": True, "health": 0}
    for points, winners in (((10, 5), (0,)), ((5, 5), ())):
        home = side(
            [{"slug": "iro", "health": 1}, {"slug": "aku", **dead}, {"slug": "amaya", **dead}], points=points[0]
        )
        away = side([{"slug": "aez", "health": 1}, {"slug": "zahal", **dead}, {"slug": "hares-der-brutale", **dead}])
        away["points"] = points[1]
        match = to_discards(act(table(home, away), "pick:0:0"))
        outcome = match.outcome()
        assert outcome is not None and (outcome.winners, outcome.termination) == (winners, "points")
        assert outcome.points == (points[0] + 1, points[1] + 1)


# --- E17 timing -----------------------------------------------------------------------------------


def test_e17_a_fighter_killed_in_phase_2_still_strikes_in_phase_3() -> None:
    away = side([{"slug": "aez", "health": 3}, "hares-der-brutale", "zahal"])
    match = to_discards(act(table(side(hand=["gluehender-pfeil"]), away), "pick:0:0"), "play:p0c3")
    assert char(match, 1, 0)["dead"]
    assert char(match, 0, 0)["health"] == 16 - (4 + 2 - 1)  # Aez strikes with its bonus against a Magier


def test_e17_the_match_ends_at_the_end_of_the_round_in_which_a_side_has_no_living_character() -> None:
    dead = {"dead": True, "health": 0}
    away = side([{"slug": "aez", "health": 3}, {"slug": "zahal", **dead}, {"slug": "hares-der-brutale", **dead}])
    match = to_discards(act(table(side(["iro", "aku", "amaya"]), away), "pick:0:0"))
    outcome = match.outcome()
    assert outcome is not None and (outcome.winner, outcome.termination) == (0, "defeated")


# --- E18 runes ------------------------------------------------------------------------------------


def test_e18_three_rune_slots_where_the_card_says_nothing_a_fourth_rune_replaces_the_oldest() -> None:
    home = side([{"slug": "amaya", "runes": ["cor", "nox", "yr"]}, "aku", "iro"], hand=["cor-runenstein"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3")
    assert char(match, 0, 0)["runes"] == ["nox", "yr", "cor"]


def test_e18_a_character_carries_the_rune_slots_its_card_gives_thorvald_two() -> None:
    base = side([{"slug": "thorvald", "runes": ["cor", "nox"]}, "aku", "iro"], hand=["yr-runenstein"])
    match = to_discards(act(table(base), "pick:0:0"), "play:p0c3")
    assert char(match, 0, 0)["rune_slots"] == 2  # Thorvald's card says 2; E18 said 3 for all before
    assert char(match, 0, 0)["runes"] == ["nox", "yr"]  # a third rune replaced the oldest, the Cor rune


def test_e18_a_rune_ability_needs_its_rune_and_spends_it() -> None:
    with_rune = to_discards(act(table(side([{"slug": "thorvald", "runes": ["cor"]}, "aku", "iro"])), "pick:0:0"))
    assert with_rune.view(None)["confrontation"]["sides"][0]["strike"] == 5 + 3 - 2
    assert char(with_rune, 0, 0)["runes"] == []
    without = to_discards(act(table(side(["thorvald", "aku", "iro"])), "pick:0:0"))
    assert without.view(None)["confrontation"]["sides"][0]["strike"] == 5 - 2


# --- E19 rage -------------------------------------------------------------------------------------


def test_e19_rage_comes_only_from_card_effects_and_does_what_while_raging_says() -> None:
    assert not char(to_discards(act(table(side(["hares-der-brutale", "aku", "iro"])), "pick:0:0")), 0, 0)["raging"]
    match = to_discards(
        act(table(side(["hares-der-brutale", "aku", "iro"], hand=["blutrausch"])), "pick:0:0"), "play:p0c3"
    )
    assert char(match, 0, 0)["raging"]
    assert match.view(None)["confrontation"]["sides"][0]["attack"] == 6 + 3 + 2


def test_e19_rage_is_not_activated_twice_and_lasts_until_the_character_dies() -> None:
    home = side([{"slug": "varna-die-wilde", "raging": True}, "aku", "iro"], hand=["wutausbruch"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3")
    assert match.view(None)["confrontation"]["sides"][0]["attack"] == 6 + 3 + 3  # rage once, Wutausbruch's +3
    assert char(end_round(match), 0, 0)["raging"]
    doomed = side([{"slug": "varna-die-wilde", "raging": True, "health": 1}, "aku", "iro"])
    assert not char(to_discards(act(table(doomed), "pick:0:0")), 0, 0)["raging"]


def test_e19_rage_on_a_non_berserker_does_nothing() -> None:
    match = to_discards(act(table(side(["iro", "aku", "amaya"], hand=["blutrausch"])), "pick:0:0"), "play:p0c3")
    assert not char(match, 0, 0)["raging"] and match.view(None)["confrontation"]["sides"][0]["attack"] == 5 + 2


# --- E20 initiative -------------------------------------------------------------------------------


def test_e20_initiative_dice_the_higher_begins_and_ties_are_rolled_again() -> None:
    decks = sample_decks_for(GAME, "standard", 2)
    seen_tie = False
    for seed in range(40):
        match = ENGINE.new_match(decks, variant="standard", seed=seed, options={})
        dice = match.view(None)["initiative"]
        assert all(a == b for a, b in dice[:-1]) and dice[-1][0] != dice[-1][1]
        assert match.to_act == (0 if dice[-1][0] > dice[-1][1] else 1) == match.view(None)["active"]
        seen_tie = seen_tie or len(dice) > 1
    assert seen_tie


def test_e20_every_die_comes_from_the_matchs_seeded_random_source() -> None:
    decks = sample_decks_for(GAME, "standard", 2)
    views = [ENGINE.new_match(decks, variant="standard", seed=7, options={}).view(0) for _ in range(2)]
    assert views[0] == views[1]
    others = {
        str(ENGINE.new_match(decks, variant="standard", seed=s, options={}).view(0)["initiative"]) for s in range(8)
    }
    assert len(others) > 1


# --- the Marodeur bonus ---------------------------------------------------------------------------


def test_marodeurs_get_their_bonus_against_their_class() -> None:
    against_magier = to_discards(act(table(), "pick:0:0")).view(None)["confrontation"]["sides"][1]
    against_kaempfer = to_discards(act(table(), "pick:2:0")).view(None)["confrontation"]["sides"][1]
    assert (against_magier["attack"], against_kaempfer["attack"]) == (4 + 2, 4)


def test_matches_share_read_only_catalog_entries_that_no_match_changes() -> None:
    decks = sample_decks_for(GAME, "standard", 2)
    for seed in range(12):
        match, _ = random_playout(ENGINE, decks, variant="standard", seed=seed, check=False)
    cards = {c.card["slug"]: c.card for deck in decks for c in deck}
    assert match.state["catalog"] == {slug: catalog_entry(card) for slug, card in cards.items()}
    changed = {**cards["iro"], "name": "Iro der Zweite"}
    assert cached_entry(changed)["name"] == "Iro der Zweite"  # an edited card is read anew
