"""Each rule choice recorded in engine/games/realmon/engine.py's docstring, by its number."""

from __future__ import annotations

from engine.core.samples import sample_match_decks
from engine.games.realmon import GAME
from engine.games.realmon.schema import CATEGORIES
from tests.engine.games.realmon.table import ENGINE, cid, fight, ids, lay, side, slugs, table

BASIS = sample_match_decks(GAME.bundled_cards(), "realmon/basis", 2)


def test_choice_1_the_attacker_lays_first_and_the_defender_sees_only_how_many_cards() -> None:
    match = table(["eisenhauer", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm"], announcer=1)
    match.apply(1, "announce:echo")
    assert match.to_act == 1
    lay(match, 1, "panzerwolf")
    assert match.to_act == 0
    assert match.view(0)["players"][1]["laid"]["monster"] == {"card": None, "face_down": True}
    assert match.view(1)["players"][1]["laid"]["monster"]["slug"] == "panzerwolf"


def test_choice_2_no_combat_cards_while_an_action_card_blocks_them() -> None:
    match = table(["eisenhauer", "moosling", "stille-zone", "krallenhieb"], ["panzerwolf", "glimmwurm", "tarnung"])
    match.apply(0, f"field:{cid(match, 0, 'stille-zone')}")
    match.apply(0, "announce:echo")
    assert ids(match) == {f"lay:{cid(match, 0, 'eisenhauer')}", f"lay:{cid(match, 0, 'moosling')}"}
    lay(match, 0, "eisenhauer")
    assert not any("+" in a for a in ids(match))


def test_choice_3_the_field_effect_reaches_both_sides_but_not_an_immune_one() -> None:
    match = table(["eisenhauer", "moosling", "alles-oder-nichts"], ["nullmaul", "glimmwurm"], dice=[5, 1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer",), ("nullmaul",), field="alles-oder-nichts")
    assert [s["field_total"] for s in shown["sides"]] == [5, 0]


def test_choice_3_a_destroying_card_does_not_destroy_an_immune_broken_kaiju() -> None:
    match = table(["gorgantor", "moosling", "vernichtung"], ["nullmaul", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "chaos", ("gorgantor",), ("nullmaul",), field="vernichtung")
    assert shown["winner"] == 0 and shown["loser_out"] is False  # Chaos 16 against 14
    assert [c["slug"] for c in match.view(None)["players"][0]["abyss"]] == [
        "glimmwurm",
        "nullmaul",
    ]  # R14 sacrifice first
    match = table(["gorgantor", "moosling", "vernichtung"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "dominanz", ("gorgantor",), ("panzerwolf",), field="vernichtung")
    assert shown["loser_out"] is True and [c["slug"] for c in match.view(None)["out"]] == ["panzerwolf"]


def test_choice_3_round_wide_terms_reach_a_broken_kaiju_too() -> None:
    match = table(["nullmaul", "moosling", "chaosfeld"], ["gorgantor", "glimmwurm"], dice=[1] * 12)
    shown = fight(match, "chaos", ("nullmaul",), ("gorgantor",), field="chaosfeld")
    assert shown["category"] == "chaos" and [s["value"] for s in shown["sides"]] == [14, 16]


def test_choice_4_reroll_takes_up_a_missed_realm_bonus_die() -> None:
    match = table(["eisenhauer", "moosling", "zweiter-versuch"], ["nachtreisser", "glimmwurm"], dice=[2, 1, 1, 3, 5])
    shown = fight(match, None, ("eisenhauer",), ("nachtreisser",), field="zweiter-versuch")
    roll = shown["sides"][0]["bonus_roll"]
    assert roll["dice"] == [1, 1, 3] and roll["rerolled"] == [5] and roll["hit"] is True


def test_choice_4_a_die_counts_as_six_replaces_the_lowest_die() -> None:
    match = table(["eisenhauer", "moosling", "gezinkter-wuerfel"], ["gorgantor", "glimmwurm"], dice=[2, 1, 2, 3])
    shown = fight(match, None, ("eisenhauer",), ("gorgantor",), field="gezinkter-wuerfel")
    roll = shown["sides"][0]["bonus_roll"]
    assert roll["faces"] == [6, 2, 3] and roll["die_as"] == 6 and roll["hit"] is True


def test_choice_5_both_may_use_the_bonus_the_defender_rolls_mirrored() -> None:
    match = table(
        ["eisenhauer", "moosling", "realm-resonanz"], ["nachtreisser", "glimmwurm"], dice=[2, 1, 1, 4, 3, 1, 1, 1]
    )
    shown = fight(match, None, ("eisenhauer",), ("nachtreisser",), field="realm-resonanz")
    attacker, defender = shown["sides"]
    assert attacker["bonus_roll"]["target"] == 4 and attacker["bonus"] == 8
    assert defender["bonus_roll"]["dice"] == [3, 1, 1, 1] and defender["bonus_roll"]["target"] == 3
    assert defender["bonus"] == 10


def test_choice_5_by_announcement_the_attacker_rolls_the_defenders_stage_mirrored() -> None:
    match = table(
        ["eisenhauer", "moosling", "realm-resonanz"], ["nachtreisser", "glimmwurm"], dice=[1, 1, 1, 4, 3, 1, 1]
    )
    shown = fight(match, "crunch", ("eisenhauer",), ("nachtreisser",), field="realm-resonanz")
    attacker, defender = shown["sides"]
    assert defender["bonus_roll"]["dice"] == [1, 1, 1] and defender["bonus"] == 0
    assert attacker["bonus_roll"]["dice"] == [4, 3, 1, 1] and attacker["bonus_roll"]["target"] == 4


def test_choice_6_a_fixed_category_leaves_dice_or_announcement_and_the_die_still_falls() -> None:
    match = table(["eisenhauer", "moosling", "chaosfeld"], ["panzerwolf", "glimmwurm"], dice=[4, 3, 1, 1])
    match.apply(0, f"field:{cid(match, 0, 'chaosfeld')}")
    assert ids(match) == {"dice", "announce:chaos"}
    match.apply(0, "dice")
    shown = match.view(None)
    assert (shown["category"], shown["category_set_by"], shown["category_roll"], shown["mode"]) == (
        "chaos",
        "field",
        4,
        "dice",
    )


def test_choice_7_after_rollentausch_the_opponent_attacks_this_round() -> None:
    match = table(["eisenhauer", "moosling", "rollentausch"], ["gorgantor", "glimmwurm"], dice=[1] * 12)
    match.apply(0, f"field:{cid(match, 0, 'rollentausch')}")
    assert match.to_act == 1 and ids(match) == {"dice"} | {f"announce:{c}" for c in CATEGORIES}
    match.apply(1, "announce:dominanz")
    assert match.to_act == 1
    lay(match, 1, "gorgantor")
    lay(match, 0, "eisenhauer")
    shown = match.view(None)["fight"]
    assert shown["attacker"] == 1 and shown["swapped"] is True
    assert shown["sides"][0]["bonus_roll"]["dice"] == [1] * 6  # the defender (P1 here) rolls Gorgantor's stage
    assert match.to_act == 1  # the winner announces next


def test_choice_8_a_critical_hit_doubles_every_counting_boost_of_the_card() -> None:
    match = table(["schattenmarder", "moosling", "tarnung"], ["panzerwolf", "glimmwurm"], dice=[2, 1, 1, 1])
    shown = fight(match, "glitch", ("schattenmarder", "tarnung"), ("panzerwolf",))
    card = shown["sides"][0]["combat"][0]
    assert card["crit"] is True and card["amount"] == 8


def test_choice_9_realm_loss_takes_at_most_what_the_abyss_holds() -> None:
    p0 = side(["eisenhauer", "moosling", "abyss-beben"], abyss=["glimmwurm"], realm_lost=8)
    match = table(p0, side(["panzerwolf", "glimmwurm"], abyss=["moosling"]), dice=[1] * 6)
    match.apply(0, f"field:{cid(match, 0, 'abyss-beben')}")
    players = match.view(None)["players"]
    assert [p["realm_lost"] for p in players] == [10, 5]


def test_choice_9_discards_are_each_players_choice_the_announcer_first() -> None:
    p0 = side(["eisenhauer", "moosling", "leerer-sog", "krallenhieb", "chaosfeld"])
    match = table(p0, ["panzerwolf", "glimmwurm"])
    match.apply(0, f"field:{cid(match, 0, 'leerer-sog')}")
    assert match.to_act == 0 and ids(match) == {f"discard:{cid(match, 0, s)}" for s in ("krallenhieb", "chaosfeld")}
    match.apply(0, f"discard:{cid(match, 0, 'chaosfeld')}")
    assert match.to_act == 0 and "dice" in ids(match)  # P2 holds no special card: nothing to discard


def test_choice_10_discards_are_public_and_the_monster_discard_is_never_reshuffled() -> None:
    match = ENGINE.new_match(BASIS, variant="basis", seed=4, options={})
    while match.outcome() is None:
        match.apply(match.to_act, match.legal_actions(match.to_act)[0])
    shown, s = match.view(0), match.state
    for p in (0, 1):
        for pile in ("monster_discard", "action_discard", "combat_discard"):
            assert [c["slug"] for c in shown["players"][p][pile]] == slugs(match, s["players"][p][pile])
    assert shown["players"][1]["monster_discard"]
    assert all(p["piles"]["monsters"] == 0 for p in shown["players"])
    assert not any(e["event"] == "reshuffle" and "monster" in e["text"] for e in match.state["log"])


def test_choice_11_drawing_is_not_optional() -> None:
    match = table(side(["gorgantor", "moosling"], actions=["chaosfeld"]), ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    fight(match, "dominanz", ("gorgantor",), ("panzerwolf",))
    assert "chaosfeld" in slugs(match, match.state["players"][0]["hand"]) and match.to_act == 0
    assert "dice" in ids(match)


def test_choice_12_the_option_names_the_first_announcer() -> None:
    for seat in (0, 1):
        match = ENGINE.new_match(BASIS, variant="basis", seed=3, options={"first_announcer": seat})
        assert match.to_act == seat and not any(e.get("what") == "begin" for e in match.state["log"])


def test_choice_13_a_fight_value_may_fall_below_zero() -> None:
    match = table(["moosling", "glimmwurm", "giftnebel"], ["tauperle", "glimmwurm"], dice=[1, 1])
    shown = fight(match, "chaos", ("moosling",), ("tauperle",), field="giftnebel")
    assert shown["sides"][0]["total"] == 1 - 2 and shown["winner"] == 1


def test_choice_14_a_team_rolls_by_its_higher_stage_and_crits_with_either_orientation() -> None:
    # Lavaläufer (offensiv, stage 3) and Moosling (defensiv, stage 1) with Schuppenhaut (defensiv, stage 1)
    match = table(
        ["lavalaeufer", "moosling", "seite-an-seite", "schuppenhaut"], ["panzerwolf", "glimmwurm"], dice=[1] * 8
    )
    match.apply(0, f"field:{cid(match, 0, 'seite-an-seite')}")
    shown = fight(match, "echo", ("lavalaeufer", "moosling", "schuppenhaut"), ("panzerwolf",))
    assert shown["sides"][0]["combat"][0]["crit"] is True and shown["sides"][0]["combat"][0]["amount"] == 4
    assert shown["sides"][1]["bonus_roll"]["dice"] == [1, 1, 1] and shown["sides"][1]["bonus_roll"]["target"] == 3


def test_choice_15_a_monster_taken_back_and_sacrificed_by_a_broken_kaiju_leaves_the_game() -> None:
    p0 = side(["nullmaul", "moosling", "zurueck-aus-dem-abyss"], abyss=["panzerwolf"])
    match = table(p0, ["gorgantor", "glimmwurm"], dice=[1] * 12)
    wolf = cid(match, 0, "panzerwolf", "abyss")
    match.apply(0, f"field:{cid(match, 0, 'zurueck-aus-dem-abyss')}+{wolf}")
    match.state["players"][0]["hand"].sort(key=lambda c: c != wolf)  # the wolf is the one sacrificed
    shown = fight(match, "dominanz", ("nullmaul",), ("gorgantor",))
    assert [x["card"]["slug"] for x in shown["sacrificed"]] == ["panzerwolf"]
    assert wolf in [c["id"] for c in match.view(None)["out"]]
    assert wolf not in [c["id"] for c in match.view(None)["players"][1]["abyss"]]
