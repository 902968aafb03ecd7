"""Realmon's rule decisions R1-R19 in play (games.md), one or more tests each, named by decision."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.samples import sample_match_decks
from engine.games.realmon import GAME
from engine.games.realmon.engine import RealmonMatch
from engine.games.realmon.schema import CATEGORIES
from engine.games.realmon.setup import state_from_setup
from tests.engine.games.realmon.table import ENGINE, cid, fight, ids, lay, side, slugs, table

BASIS = sample_match_decks(GAME.bundled_cards(), "realmon/basis", 2)
LANG = sample_match_decks(GAME.bundled_cards(), "realmon/lang", 2)


def _stages(match: object, p: int) -> Counter[int]:
    s = match.state  # type: ignore[attr-defined]
    monsters = [c for c in s["players"][p]["monsters"] + s["players"][p]["hand"] if s["cards"][c] in s["catalog"]]
    return Counter(
        s["catalog"][s["cards"][c]]["stage"] for c in monsters if s["catalog"][s["cards"][c]]["type"] == "monster"
    )


# --- R1, R15: the piles ----------------------------------------------------------------------------


def test_r1_a_basis_match_deals_each_player_22_monsters_six_five_four_three_two_two() -> None:
    match = ENGINE.new_match(BASIS, variant="basis", seed=1, options={})
    for p in (0, 1):
        assert _stages(match, p) == Counter({1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 2})


def test_r1_a_lang_match_deals_the_44_monsters_in_the_same_proportions() -> None:
    match = ENGINE.new_match(LANG, variant="lang", seed=1, options={})
    assert _stages(match, 0) == Counter({1: 12, 2: 10, 3: 8, 4: 6, 5: 4, 6: 4})


def _pile_stages(match: object, p: int) -> list[int]:
    """The stages of player ``p``'s hand monsters (drawn first) and monster pile, top first."""
    s = match.state  # type: ignore[attr-defined]
    player = s["players"][p]
    drawn = [c for c in player["hand"] if s["catalog"][s["cards"][c]]["type"] == "monster"]
    return [s["catalog"][s["cards"][c]]["stage"] for c in drawn + player["monsters"][::-1]]


def test_r15_a_basis_pile_is_dealt_in_two_halves_stages_one_to_three_on_top() -> None:
    """The issue's count: a Kaiju among a player's first 5 monsters in 79 of 200 dealt matches."""
    openings = set()
    for seed in range(100):
        match = ENGINE.new_match(BASIS, variant="basis", seed=seed, options={})
        for p in (0, 1):
            stages = _pile_stages(match, p)
            assert max(stages[:15]) <= 3 < min(stages[15:]), (seed, p, stages)
            openings.add(tuple(stages[:5]))
    assert len(openings) > 50  # each half is still shuffled


def test_r15_a_lang_pile_is_shuffled_whole() -> None:
    big_early = 0
    for seed in range(20):
        match = ENGINE.new_match(LANG, variant="lang", seed=seed, options={})
        big_early += max(_pile_stages(match, 0)[:10]) >= 4
    assert big_early >= 15


def test_r15_action_and_combat_cards_are_dealt_into_piles_of_their_own() -> None:
    match = ENGINE.new_match(BASIS, variant="basis", seed=2, options={})
    s = match.state
    for p in (0, 1):
        for pile, kind in (("monsters", "monster"), ("actions", "action"), ("combat", "combat")):
            assert {s["catalog"][s["cards"][c]]["type"] for c in s["players"][p][pile]} <= {kind}


# --- R2-R4 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "category"), list(enumerate(CATEGORIES, start=1)))
def test_r2_the_category_die_names_dominanz_to_stability_by_face(face: int, category: str) -> None:
    match = table(["eisenhauer", "moosling"], ["panzerwolf", "glimmwurm"], dice=[face, 1, 1, 1])
    shown = fight(match, None, ("eisenhauer",), ("panzerwolf",))
    assert shown["category"] == category and shown["category_roll"] == face
    values = {"eisenhauer": [3, 8, 9, 10, 6, 9], "panzerwolf": [6, 3, 3, 7, 9, 6]}
    assert [side["value"] for side in shown["sides"]] == [
        values["eisenhauer"][face - 1],
        values["panzerwolf"][face - 1],
    ]


def test_r3_combat_cards_cost_ten_per_stage_and_the_cost_is_recorded_at_the_reveal() -> None:
    match = table(["gorgantor", "moosling", "krallenhieb", "wuchtschlag"], ["panzerwolf", "glimmwurm"], dice=[6, 6, 6])
    fight(match, "dominanz", ("gorgantor", "krallenhieb", "wuchtschlag"), ("panzerwolf",))
    assert match.view(None)["players"][0]["combat_cost_spent"] == 40


def test_r3_the_realm_bonus_is_a_quarter_of_the_realm_rounded_down() -> None:
    match = table(["eisenhauer", "moosling"], ["panzerwolf", "glimmwurm"], dice=[3, 3, 1, 1])  # Eisenhauer hits
    shown = fight(match, None, ("eisenhauer",), ("panzerwolf",))
    assert shown["sides"][0]["bonus"] == 33 // 4 == 8


def test_r3_r12_the_hand_holds_two_monsters_three_combat_cards_and_seven_cards_at_most() -> None:
    for seed in range(6):
        match = ENGINE.new_match(BASIS, variant="basis", seed=seed, options={})
        while match.outcome() is None:
            shown = match.view(None)
            if shown["phase"] == "announce" and shown["field"] is None:  # R17: one taken back joins the hand
                for player in shown["players"]:
                    assert player["monsters_in_hand"] <= 2 and player["hand_counts"]["combat"] <= 3
                    assert player["hand_count"] <= 7
            legal = match.legal_actions(match.to_act)
            match.apply(match.to_act, legal[(seed * 7 + shown["turn"]) % len(legal)])


def test_r4_the_bonus_roll_has_as_many_dice_as_the_stage_and_hits_at_the_target() -> None:
    match = table(["nachtreisser", "moosling"], ["panzerwolf", "glimmwurm"], dice=[4, 1, 2, 2, 3])
    shown = fight(match, None, ("nachtreisser",), ("panzerwolf",))
    roll = shown["sides"][0]["bonus_roll"]
    assert roll["dice"] == [1, 2, 2, 3] and roll["target"] == 3 and roll["hit"] is True


def test_r4_r18_every_die_comes_from_the_seeded_source() -> None:
    def dice(seed: int) -> list[list[int]]:
        match = ENGINE.new_match(BASIS, variant="basis", seed=seed, options={})
        while match.outcome() is None:
            match.apply(match.to_act, match.legal_actions(match.to_act)[0])
        return [e["dice"] for e in match.state["log"] if "dice" in e]

    assert dice(5) == dice(5)
    assert dice(5) != dice(6)


# --- R5: the round --------------------------------------------------------------------------------


def test_r5_the_first_announcer_is_the_higher_of_two_dice_rolled_again_while_equal() -> None:
    starters = set()
    for seed in range(12):
        match = ENGINE.new_match(BASIS, variant="basis", seed=seed, options={})
        rolls = [e["dice"] for e in match.state["log"] if e.get("what") == "begin"]
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        assert match.to_act == (0 if rolls[-1][0] > rolls[-1][1] else 1) == match.view(None)["announcer"]
        starters.add(match.to_act)
    assert starters == {0, 1}


def test_r5_the_announcer_may_reveal_an_action_card_then_sets_the_category() -> None:
    match = table(["eisenhauer", "moosling", "rueckenwind"], ["panzerwolf", "glimmwurm"])
    assert {f"field:{cid(match, 0, 'rueckenwind')}", "dice", "announce:echo"} <= ids(match)
    match.apply(0, f"field:{cid(match, 0, 'rueckenwind')}")
    assert match.view(None)["field"]["slug"] == "rueckenwind" and match.to_act == 0
    assert not any(a.startswith("field:") for a in ids(match))


def test_r5_the_defender_knows_the_category_when_laying_but_not_the_attackers_cards() -> None:
    match = table(["eisenhauer", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"])
    match.apply(0, "announce:glitch")
    lay(match, 0, "eisenhauer", "krallenhieb")
    seen = match.view(1)
    assert seen["category"] == "glitch" and seen["category_set_by"] == "announcement" and match.to_act == 1
    assert seen["players"][0]["laid"] == {
        "monster": {"card": None, "face_down": True},
        "combat": [{"card": None, "face_down": True}],
        "face_down": True,
    }


def test_r5_the_winner_announces_the_next_round() -> None:
    match = table(["moosling", "glimmwurm"], ["gorgantor", "panzerwolf"], dice=[1] * 10)
    fight(match, "dominanz", ("moosling",), ("gorgantor",))
    assert match.view(None)["fight"]["winner"] == 1
    assert match.to_act == 1 and match.view(None)["announcer"] == 1


# --- R6: the Realm-bonus dice ---------------------------------------------------------------------


def test_r6_by_dice_the_attacker_rolls_his_stage_against_the_defenders_stage() -> None:
    match = table(["eisenhauer", "moosling"], ["nachtreisser", "glimmwurm"], dice=[2, 1, 3, 4])
    shown = fight(match, None, ("eisenhauer",), ("nachtreisser",))
    attacker, defender = shown["sides"]
    assert attacker["bonus_roll"]["dice"] == [1, 3, 4] and attacker["bonus_roll"]["target"] == 4
    assert attacker["bonus"] == 8 and defender["bonus_roll"] is None and defender["bonus"] == 0


def test_r6_by_announcement_the_defender_rolls_the_attackers_stage_against_it() -> None:
    match = table(["nachtreisser", "moosling"], ["eisenhauer", "glimmwurm"], dice=[1, 2, 3, 4])
    shown = fight(match, "crunch", ("nachtreisser",), ("eisenhauer",))
    attacker, defender = shown["sides"]
    assert defender["bonus_roll"]["dice"] == [1, 2, 3, 4] and defender["bonus_roll"]["target"] == 4
    assert defender["bonus"] == 33 // 4 and attacker["bonus_roll"] is None


def test_r6_a_roll_without_a_die_at_the_target_gives_no_bonus() -> None:
    match = table(["eisenhauer", "moosling"], ["nachtreisser", "glimmwurm"], dice=[2, 1, 3, 3])
    shown = fight(match, None, ("eisenhauer",), ("nachtreisser",))
    assert shown["sides"][0]["bonus_roll"]["hit"] is False and shown["sides"][0]["bonus"] == 0


# --- R7: the fight value --------------------------------------------------------------------------


def test_r7_the_fight_value_adds_category_combat_cards_field_and_bonus() -> None:
    match = table(["eisenhauer", "moosling", "rueckenwind", "tarnung"], ["panzerwolf", "glimmwurm"], dice=[5, 6, 1, 1])
    shown = fight(match, None, ("eisenhauer", "tarnung"), ("panzerwolf",), field="rueckenwind")
    me = shown["sides"][0]
    # Glitch 6, Tarnung +2 and +2 in Glitch (no crit: defensive card, balanced monster), Rückenwind +2, bonus 8
    assert (me["value"], me["combat_total"], me["field_total"], me["bonus"], me["total"]) == (6, 4, 2, 8, 20)


def test_r7_a_category_bound_boost_counts_only_in_its_category() -> None:
    match = table(["eisenhauer", "moosling", "tarnung"], ["panzerwolf", "glimmwurm"], dice=[1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer", "tarnung"), ("panzerwolf",))
    assert shown["sides"][0]["combat_total"] == 2


def test_r7_a_tie_is_decided_by_a_d6_each_rolled_again_while_equal() -> None:
    match = table(["eisenhauer", "moosling"], ["eisenhauer", "glimmwurm"], dice=[1, 1, 1, 4, 4, 2, 5])
    shown = fight(match, "chaos", ("eisenhauer",), ("eisenhauer",))
    assert shown["ties"] == [[4, 4], [2, 5]] and shown["winner"] == 1


# --- R8, R9: budgets and critical hits ------------------------------------------------------------


def test_r8_the_combat_cards_of_a_monster_cost_at_most_its_realm() -> None:
    match = table(["moosling", "eisenhauer", "krallenhieb", "sprungangriff"], ["panzerwolf", "glimmwurm"])
    match.apply(0, "announce:echo")
    laid = {tuple(slugs(match, a.id[4:].split("+"))) for a in match.legal_actions(0)}
    assert ("moosling", "krallenhieb") in {(x[0], *sorted(x[1:])) for x in laid}
    assert not any(x[0] == "moosling" and "sprungangriff" in x for x in laid)  # 20 > Realm 10
    assert any(x[0] == "eisenhauer" and len(x) == 3 for x in laid)  # 30 <= 33


def test_r9_a_matching_orientation_tries_a_critical_hit_at_the_cards_stage() -> None:
    match = table(["lavalaeufer", "moosling", "wuchtschlag"], ["panzerwolf", "glimmwurm"], dice=[3, 1, 1, 1])
    shown = fight(match, "echo", ("lavalaeufer", "wuchtschlag"), ("panzerwolf",))
    card = shown["sides"][0]["combat"][0]
    assert card["crit"] is True and card["roll"] == 3 and card["amount"] == 8


def test_r9_a_critical_roll_below_the_stage_fails() -> None:
    match = table(["lavalaeufer", "moosling", "wuchtschlag"], ["panzerwolf", "glimmwurm"], dice=[2, 1, 1, 1])
    card = fight(match, "echo", ("lavalaeufer", "wuchtschlag"), ("panzerwolf",))["sides"][0]["combat"][0]
    assert card["crit"] is False and card["amount"] == 4


def test_r9_a_stage_one_card_always_hits_critically_without_a_die() -> None:
    match = table(["funkenlarve", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"], dice=[1])
    card = fight(match, "echo", ("funkenlarve", "krallenhieb"), ("panzerwolf",))["sides"][0]["combat"][0]
    assert card["crit"] is True and card["roll"] is None and card["amount"] == 4


def test_r9_another_orientation_tries_no_critical_hit() -> None:
    match = table(["moosling", "glimmwurm", "krallenhieb"], ["panzerwolf", "funkenlarve"], dice=[1, 1, 1])
    card = fight(match, "echo", ("moosling", "krallenhieb"), ("panzerwolf",))["sides"][0]["combat"][0]
    assert card["crit"] is None and card["amount"] == 2


# --- R10-R12: where cards go, drawing -------------------------------------------------------------


def test_r10_the_winners_monster_goes_to_its_discard_the_losers_to_the_winners_abyss() -> None:
    match = table(["gorgantor", "moosling"], ["panzerwolf", "glimmwurm"], dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    shown = match.view(None)
    assert [c["slug"] for c in shown["players"][0]["monster_discard"]] == ["gorgantor"]
    assert [c["slug"] for c in shown["players"][0]["abyss"]] == ["panzerwolf"]
    assert shown["players"][0]["points"] == 31 and shown["players"][1]["points"] == 0
    assert [p["monsters_in_hand"] for p in shown["players"]] == [2, 2]


def test_r11_an_empty_combat_pile_is_reshuffled_from_the_spent_cards() -> None:
    p0 = side(["gorgantor", "moosling", "krallenhieb"], combat=[], combat_discard=["steinhaut"])
    match = table(p0, ["panzerwolf", "glimmwurm"], dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    hand = slugs(match, match.state["players"][0]["hand"])
    assert "steinhaut" in hand and any(e["event"] == "reshuffle" for e in match.state["log"])


def test_r11_each_player_draws_from_their_own_piles() -> None:
    p0 = side(["gorgantor", "moosling"], actions=["chaosfeld"], combat=["steinhaut"])
    p1 = side(["panzerwolf", "glimmwurm"], actions=["rollentausch"], combat=["tarnung"])
    match = table(p0, p1, dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    assert {"chaosfeld", "steinhaut"} <= set(slugs(match, match.state["players"][0]["hand"]))
    assert {"rollentausch", "tarnung"} <= set(slugs(match, match.state["players"][1]["hand"]))


def test_r12_the_winner_draws_first_a_monster_an_action_and_a_combat_card() -> None:
    p0 = side(["gorgantor", "moosling"], actions=["chaosfeld"], combat=["steinhaut"])
    match = table(p0, side(["panzerwolf", "glimmwurm"], actions=["rollentausch"]), dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    draws = [(e["player"], e["kind"]) for e in match.state["log"] if e["event"] == "draw"]
    assert draws == [(0, "monster"), (0, "action"), (0, "combat"), (1, "monster"), (1, "action"), (1, "combat")]


def test_r12_holding_three_combat_cards_the_player_discards_one_before_drawing() -> None:
    hand = ["gorgantor", "moosling", "krallenhieb", "schuppenhaut", "tarnung"]
    match = table(side(hand, combat=["steinhaut"]), ["panzerwolf", "glimmwurm"], dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    shown = match.view(0)
    assert shown["pending"] == {"kind": "discard", "player": 0, "reason": "combat_limit", "count": 1}
    assert ids(match) == {f"discard:{cid(match, 0, s)}" for s in ("krallenhieb", "schuppenhaut", "tarnung")}
    match.apply(0, f"discard:{cid(match, 0, 'tarnung')}")
    hand = ["moosling", "nebelmaus", "krallenhieb", "schuppenhaut", "steinhaut"]
    assert sorted(slugs(match, match.state["players"][0]["hand"])) == sorted(hand)
    assert [c["slug"] for c in match.view(None)["players"][0]["combat_discard"]] == ["tarnung"]


def test_r12_above_seven_cards_a_special_card_is_discarded() -> None:
    hand = ["gorgantor", "moosling", "krallenhieb", "schuppenhaut", "chaosfeld", "rollentausch"]
    match = table(side(hand, actions=["giftnebel"], combat=["steinhaut"]), ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    assert match.view(0)["pending"]["reason"] == "hand_limit" and len(match.state["players"][0]["hand"]) == 8
    assert ids(match) == {
        f"discard:{c}"
        for c in match.state["players"][0]["hand"]
        if match.state["cards"][c] not in ("moosling", "nebelmaus")
    }
    match.apply(0, f"discard:{cid(match, 0, 'chaosfeld')}")
    assert len(match.state["players"][0]["hand"]) == 7 and match.to_act == 0


# --- R13, R14, R16, R17 ---------------------------------------------------------------------------


def test_r13_only_the_announcer_plays_an_action_card_and_only_one_a_round() -> None:
    match = table(["eisenhauer", "moosling", "rueckenwind", "giftnebel"], ["panzerwolf", "glimmwurm", "chaosfeld"])
    match.apply(0, f"field:{cid(match, 0, 'rueckenwind')}")
    assert not any(a.startswith("field:") for a in ids(match))
    match.apply(0, "announce:echo")
    assert not any(a.startswith("field:") for a in ids(match))
    lay(match, 0, "eisenhauer")
    assert all(a.startswith("lay:") for a in ids(match))


def test_r14_a_broken_kaiju_sacrifices_the_second_monster_to_the_opponents_abyss() -> None:
    match = table(["nullmaul", "moosling"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "dominanz", ("nullmaul",), ("panzerwolf",))
    assert [x["card"]["slug"] for x in shown["sacrificed"]] == ["moosling"]
    assert "moosling" in [c["slug"] for c in match.view(None)["players"][1]["abyss"]]


def test_r14_a_monster_a_broken_kaiju_defeats_leaves_the_game_and_the_kaiju_draws_two() -> None:
    match = table(["nullmaul", "moosling"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    fight(match, "dominanz", ("nullmaul",), ("panzerwolf",))
    shown = match.view(None)
    assert [c["slug"] for c in shown["out"]] == ["panzerwolf"] and shown["players"][0]["abyss"] == []
    assert shown["players"][0]["monsters_in_hand"] == 2


def test_r14_action_and_combat_cards_have_no_effect_on_a_broken_kaiju_but_its_bonus_counts() -> None:
    match = table(["nullmaul", "moosling", "giftnebel"], ["gorgantor", "glimmwurm"], dice=[1, 6, 1, 1, 1, 1, 1])
    shown = fight(match, None, ("nullmaul",), ("gorgantor",), field="giftnebel")
    kaiju, other = shown["sides"]
    assert kaiju["immune"] and kaiju["field_total"] == 0 and other["field_total"] == -2
    assert kaiju["bonus"] == 69 // 4


def test_r14_no_combat_card_can_be_laid_with_a_broken_kaiju() -> None:
    match = table(["nullmaul", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"])
    match.apply(0, "announce:echo")
    kaiju = cid(match, 0, "nullmaul")
    assert {a for a in ids(match) if kaiju in a} == {f"lay:{kaiju}"}
    assert f"lay:{cid(match, 0, 'moosling')}+{cid(match, 0, 'krallenhieb')}" in ids(match)


def test_r16_the_match_ends_when_a_player_has_no_monster_to_lay_and_the_abyss_realm_scores() -> None:
    p0 = side(["gorgantor", "krallenhieb"], monsters=[])
    match = table(p0, side(["panzerwolf"], monsters=[]), dice=[1, 1, 1])
    fight(match, "dominanz", ("gorgantor", "krallenhieb"), ("panzerwolf",))
    result = match.outcome()
    assert result is not None and result.termination == "monsters_exhausted"
    assert result.points == (31 - 10, 0) and result.winners == (0,)


def test_r16_equal_scores_are_a_draw() -> None:
    p0 = side(["moosling"], monsters=[], abyss=["glimmwurm", "moosling"])
    match = table(p0, side(["moosling"], monsters=[], abyss=["glimmwurm"]))
    shown = fight(match, "dominanz", ("moosling",), ("moosling",))  # the defender's bonus always hits
    result = match.outcome()
    assert shown["winner"] == 1 and result is not None
    assert result.points == (20, 20) and result.winners == () and result.winner is None


# --- R17: back from the Abyss, "1 gegen 2" ----------------------------------------------------------

BACK = "zurueck-aus-dem-abyss"  # stage 4 at most
HELP = "seite-an-seite"


def test_r17_back_from_the_abyss_offers_each_monster_up_to_its_stage_never_a_kaiju() -> None:
    p0 = side(
        ["moosling", "glimmwurm", BACK, "seelenruf"], abyss=["panzerwolf", "nachtreisser", "waldriese", "gorgantor"]
    )
    match = table(p0, ["eisenhauer", "tauperle"])
    card, soul = cid(match, 0, BACK), cid(match, 0, "seelenruf")
    taken = {a.params["target"]: a.params["card"] for a in match.legal_actions(0) if "target" in a.params}
    offered = {(c, match.state["cards"][t]) for t, c in taken.items()} | {
        (a.params["card"], match.state["cards"][a.params["target"]])
        for a in match.legal_actions(0)
        if "target" in a.params
    }
    assert offered == {(card, "panzerwolf"), (card, "nachtreisser"), (soul, "panzerwolf")}


def test_r17_nothing_to_take_back_means_the_card_is_not_offered() -> None:
    match = table(side(["moosling", "glimmwurm", BACK], abyss=["gorgantor"]), ["eisenhauer", "tauperle"])
    assert not any(a.startswith("field:") for a in ids(match))


def test_r17_the_monster_taken_back_goes_to_the_hand_and_its_realm_leaves_the_score_at_once() -> None:
    match = table(side(["moosling", "glimmwurm", BACK], abyss=["panzerwolf", "eisenhauer"]), ["gorgantor", "tauperle"])
    assert match.view(None)["players"][0]["points"] == 31 + 33
    wolf = cid(match, 0, "panzerwolf", "abyss")
    match.apply(0, f"field:{cid(match, 0, BACK)}+{wolf}")
    shown = match.view(None)["players"][0]
    assert shown["points"] == 33 and shown["monsters_in_hand"] == 3 and [c["id"] for c in shown["revived"]] == [wolf]
    assert wolf in match.state["players"][0]["hand"]


@pytest.mark.parametrize("wins", [True, False])
def test_r17_after_its_next_fight_it_leaves_the_game_won_or_lost(wins: bool) -> None:
    p0 = side(["moosling", "glimmwurm", BACK], abyss=["panzerwolf"])
    match = table(p0, ["tauperle" if wins else "gorgantor", "nebelmaus"], dice=[1] * 12)
    wolf = cid(match, 0, "panzerwolf", "abyss")
    match.apply(0, f"field:{cid(match, 0, BACK)}+{wolf}")
    fought = fight(match, "crunch", ("panzerwolf",), ("tauperle" if wins else "gorgantor",))
    assert (fought["winner"] == 0) is wins
    shown = match.view(None)
    assert wolf in [c["id"] for c in shown["out"]] and shown["players"][0]["revived"] == []
    assert wolf not in [c["id"] for p in shown["players"] for c in p["abyss"] + p["monster_discard"]]
    assert shown["players"][0]["monsters_in_hand"] == 2  # the two it kept: no draw


def test_r17_one_against_two_lays_both_monsters_whose_values_and_realm_add_up() -> None:
    p0 = side(["eisenhauer", "panzerwolf", HELP, "wuchtschlag", "sprungangriff"])
    match = table(p0, ["gorgantor", "tauperle"], dice=[3, 1, 1])
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    match.apply(0, "announce:crunch")
    laid = [a for a in match.legal_actions(0)]
    team = sorted([cid(match, 0, "eisenhauer"), cid(match, 0, "panzerwolf")])
    assert all(a.params["monster"] == team[0] and a.params["helper"] == team[1] for a in laid)
    assert any(len(a.params["combat"]) == 2 for a in laid)  # 30 + 20: within 33 + 31, above either
    match.apply(0, next(a for a in laid if a.params["combat"] == []))
    assert match.view(1)["players"][0]["laid"]["helper"] == {"card": None, "face_down": True}
    lay(match, 1, "gorgantor")
    shown = match.view(None)["fight"]
    assert shown["sides"][0]["value"] == 10 + 7 and shown["sides"][0]["helper"]["slug"] in ("eisenhauer", "panzerwolf")
    assert shown["sides"][1]["bonus_roll"]["dice"] == [3, 1, 1] and shown["sides"][1]["bonus_roll"]["target"] == 3


def test_r17_a_team_shares_its_realm_for_the_bonus() -> None:
    match = table(side(["eisenhauer", "panzerwolf", HELP]), ["gorgantor", "tauperle"], dice=[2, 3, 1, 1])
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    shown = fight(match, None, ("eisenhauer", "panzerwolf"), ("gorgantor",))
    assert shown["sides"][0]["bonus_roll"]["target"] == 6 and shown["sides"][0]["bonus_roll"]["dice"] == [3, 1, 1]
    match = table(side(["eisenhauer", "panzerwolf", HELP]), ["tauperle", "nebelmaus"], dice=[2, 3, 1, 1])
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    shown = fight(match, None, ("eisenhauer", "panzerwolf"), ("tauperle",))
    assert shown["sides"][0]["bonus"] == (33 + 31) // 4


def test_r17_a_team_that_loses_goes_to_the_opponents_abyss_one_that_wins_to_the_discard() -> None:
    match = table(side(["moosling", "glimmwurm", HELP]), ["gorgantor", "tauperle"], dice=[1] * 12)
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    fight(match, "dominanz", ("moosling", "glimmwurm"), ("gorgantor",))
    shown = match.view(None)["players"]
    assert sorted(c["slug"] for c in shown[1]["abyss"]) == ["glimmwurm", "moosling"]
    assert shown[0]["monsters_in_hand"] == 2  # drew two
    match = table(side(["gorgantor", "eisenhauer", HELP]), ["moosling", "tauperle"], dice=[1] * 12)
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    fight(match, "dominanz", ("eisenhauer", "gorgantor"), ("moosling",))
    shown = match.view(None)["players"]
    assert sorted(c["slug"] for c in shown[0]["monster_discard"]) == ["eisenhauer", "gorgantor"]
    assert [c["slug"] for c in shown[0]["abyss"]] == ["moosling"] and shown[0]["monsters_in_hand"] == 2


def test_r17_a_broken_kaiju_never_helps_nor_is_helped() -> None:
    match = table(side(["nullmaul", "eisenhauer", HELP]), ["gorgantor", "tauperle"])
    assert not any(a.startswith("field:") for a in ids(match))


def test_r17_the_table_sees_two_monsters_laid_face_down() -> None:
    match = table(side(["eisenhauer", "panzerwolf", HELP, "krallenhieb"]), ["gorgantor", "tauperle"])
    match.apply(0, f"field:{cid(match, 0, HELP)}")
    match.apply(0, "announce:crunch")
    action = next(a for a in match.legal_actions(0) if len(a.params["combat"]) == 1)
    assert match.public_action(0, action)["label"] == "P1 lays two monsters and 1 combat cards face down"


# --- R19: a field effect works for both players ---------------------------------------------------


def test_r19_a_field_gamble_is_rolled_for_each_side() -> None:
    match = table(["eisenhauer", "moosling", "alles-oder-nichts"], ["panzerwolf", "glimmwurm"], dice=[5, 2, 1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="alles-oder-nichts")
    assert [(s["field"][0]["roll"], s["field_total"]) for s in shown["sides"]] == [(5, 5), (2, -3)]


def test_r19_a_side_less_field_boost_reaches_both_sides_whoever_announces() -> None:
    """A card that names no side (as an uploaded card may) is still a field effect for both."""
    own_only = {
        "slug": "eigenlob",
        "name": "Eigenlob",
        "type": "action",
        "attributes": {"kind": "vorteil"},
        "effects": [{"boost": 4}],
    }
    players = [side(["eisenhauer", "moosling", "eigenlob"]), side(["panzerwolf", "glimmwurm"])]
    state = state_from_setup(
        {"announcer": 0, "dice": [1] * 6, "players": players},
        [*GAME.bundled_cards(), own_only],
        variant="basis",
        seed=0,
        options={},
    )
    shown = fight(RealmonMatch(state), "echo", ("eisenhauer",), ("panzerwolf",), field="eigenlob")
    assert [s["field_total"] for s in shown["sides"]] == [4, 4]


def test_r19_every_bundled_field_gamble_and_boost_says_both_players_on_the_card() -> None:
    for card in GAME.bundled_cards():
        if card["type"] == "action":
            for term in card["effects"]:
                if "boost" in term or "gamble" in term:
                    assert term.get("side") == "both" and "Beide Spieler" in card["text"], card["slug"]
