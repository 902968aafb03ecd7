"""The rule choices of the Eredan engine's docstring (engine/games/eredan/engine.py), one test each."""

from __future__ import annotations

import pytest

from engine.core.match import OptionError
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


def sides(match: object) -> list[dict[str, object]]:
    return list(match.view(None)["confrontation"]["sides"])  # type: ignore[attr-defined]


def test_rule_choice_1_a_courtesan_mage_is_a_pure_magier_for_chains_and_spells() -> None:
    match = table(side(["vashti", "amaya", "iro"], hand=["gluehender-pfeil", "heiltrank"], spare=False))
    act(match, "pick:0:0", "play:p0c3", "pass")
    assert match.to_act == 0 and "play:p0c4" in legal(match)  # E12's spell chain
    to_discards(match)
    assert sides(match)[0]["replaced"]  # E14


def test_rule_choice_2_cards_go_face_down_and_are_revealed_together_in_order() -> None:
    match = act(table(side(hand=["heiltrank"]), side(AWAY, hand=["heiltrank"])), "pick:0:0", "play:p0c3")
    assert match.view(1)["played"] == [{"order": 1, "player": 0, "slot": 1, "card": None, "face_down": True}]
    assert match.view(0)["played"][0]["card"]["slug"] == "heiltrank"
    act(match, "play:p1c3")
    assert [p["card"]["slug"] for p in match.view(None)["played"]] == ["heiltrank", "heiltrank"]


def test_rule_choice_3_a_gemelit_needs_none_of_the_spells_classes_and_keeps_its_attack() -> None:
    match = act(table(side(["qadir-der-quellhueter", "amaya", "iro"], hand=["eislanze"])), "pick:0:0")
    assert "play:p0c3" in legal(match)  # Eislanze names the Magier; Qadir is a water Gemelit
    to_discards(match, "play:p0c3")
    assert (sides(match)[0]["replaced"], sides(match)[0]["strike"]) == (False, 4 - 2)


def test_rule_choice_4_a_class_chain_allows_any_card_and_a_cancel_does_not_take_it_back() -> None:
    home = side(["iro", "aku", "amaya"], hand=["lichtbann"])
    away = side(["aku", "zahal", "hares-der-brutale"], hand=["gluehender-pfeil", "schlachtruf"], spare=False)
    match = act(table(home, away), "pick:0:0", "play:p0c3", "play:p1c3")
    assert match.to_act == 1 and "play:p1c4" in legal(match)  # any card after the no-zone spell
    to_discards(match, "play:p1c4")
    assert [p["cancelled"] for p in match.view(None)["played"]] == [False, True, False]
    mage_fighter = character_card("kampfmagier", ["magier", "kaempfer"])
    dagger = table(side(["kampfmagier", "aku", "iro"], hand=["dolch", "heiltrank"], spare=False), cards=[mage_fighter])
    act(dagger, "pick:0:0", "play:p0c3", "pass")
    assert dagger.to_act == 0 and "play:p0c4" in legal(dagger)  # the card's own chain


def test_rule_choice_5_a_chain_naming_item_means_any_object_and_potions_give_no_kaempfer_chain() -> None:
    home = side(["amaya", "aku", "iro"], hand=["entermesser", "lederruestung", "heiltrank", "schlachtruf"], spare=False)
    match = act(table(home), "pick:0:0", "play:p0c3", "pass")
    assert legal(match) == {"pass", "play:p0c4"}
    potion = act(table(side(["iro", "aku", "amaya"], hand=["krafttrank"])), "pick:0:0", "play:p0c3", "pass")
    assert potion.state["phase"] == "discard"


def test_rule_choice_6_on_an_object_self_is_the_bearer_and_its_changes_last() -> None:
    home = side(["ingmar", "amaya", "iro"], hand=["cor-runenstein", "sternenstaub"])
    match = to_discards(act(table(home), "pick:0:0"), "play:p0c3:1")
    assert (char(match, 0, 1)["runes"], char(match, 0, 0)["runes"]) == (["cor"], [])
    later = end_round(to_discards(act(table(home), "pick:0:0"), "play:p0c4:1"))
    assert char(later, 0, 1)["spirit"] == 3 + 1  # still attached in round 2
    assert later.view(None)["players"][0]["hand_count"] == 5  # drew once, then up to 5


def test_rule_choice_7_round_bonuses_apply_at_the_pick_active_fighter_first() -> None:
    match = act(table(round=2, active=1), "pick:0:2")  # P2 active: Aez (round 2) against Iro (round 2)
    assert [(b["player"], b["round"]) for b in match.view(None)["bonuses"]] == [(1, 2), (0, 2)]


def test_rule_choice_8_refresh_and_weaken_on_a_fighter_decide_after_phase_4_the_later_card_wins() -> None:
    fresh = end_round(
        to_discards(act(table(side(["iro", "aku", "amaya"], hand=["zweite-luft"])), "pick:0:0"), "play:p0c3")
    )
    assert not char(fresh, 0, 0)["weakened"]
    home = side(["iro", "aku", "amaya"], hand=["zweite-luft"])
    weak = end_round(
        to_discards(
            act(table(home, side(["aku", *AWAY[1:]], hand=["wurzelgriff"])), "pick:0:0"), "play:p0c3", "play:p1c3"
        )
    )  # P2's Aku casts Wurzelgriff on Iro after Zweite Luft
    assert char(weak, 0, 0)["weakened"]
    aura = {"slug": "erfrischung", "name": "Erfrischung", "type": "action", "guilds": [], "attributes": {}}
    aura["effects"] = [{"refresh": True, "target": "allies"}]
    others = table(side(["iro", {"slug": "aku", "weakened": True}, "amaya"], hand=["erfrischung"]), cards=[aura])
    to_discards(act(others, "pick:0:0"), "play:p0c3")
    assert not char(others, 0, 1)["weakened"]  # at once on a character that does not fight


def test_rule_choice_9_a_fighter_killed_in_phase_2_strikes_with_its_attachments_which_go_in_phase_4() -> None:
    home = side(
        [{"slug": "iro", "health": 1, "attached": ["katana"]}, "aku", "amaya"], hand=["ring-der-staerke", "heiltrank"]
    )
    away = side(["aku", "zahal", "hares-der-brutale"], hand=["gluehender-pfeil"])
    match = to_discards(act(table(home, away), "pick:0:0", "play:p0c3", "play:p1c3", "play:p0c4"))
    assert sides(match)[0]["strike"] == 5 + 2 + 1 - 1  # Katana and the ring still count
    assert (char(match, 0, 0)["health"], char(match, 0, 0)["attachments"]) == (0, [])  # no heal for the dead
    assert sorted(c["slug"] for c in match.view(None)["players"][0]["discard"]) == [
        "heiltrank",
        "katana",
        "ring-der-staerke",
    ]


def test_rule_choice_10_a_revived_character_returns_fresh_and_bare_and_its_health_counts() -> None:
    dead = {"slug": "aku", "dead": True, "health": 0, "weakened": True, "attached": ["kurzschwert"]}
    match = to_discards(act(table(side(["amaya", dead, "iro"], hand=["wiedererweckung"])), "pick:0:0"), "play:p0c3:r1")
    aku = char(match, 0, 1)
    assert (aku["dead"], aku["health"], aku["weakened"], aku["attachments"]) == (False, 8, False, [])
    assert match.view(None)["players"][0]["points"] == 8 + 1  # and Amaya's strike


def test_rule_choice_11_a_rune_gained_in_phase_2_serves_in_phase_3_and_rune_abilities_are_no_spells() -> None:
    match = to_discards(
        act(table(side(["thorvald", "aku", "amaya"], hand=["cor-runenstein"])), "pick:0:0"), "play:p0c3"
    )
    assert (sides(match)[0]["strike"], char(match, 0, 0)["runes"]) == (5 + 3 - 2, [])
    runa = to_discards(act(table(side([{"slug": "runa", "runes": ["nox"]}, "aku", "amaya"])), "pick:0:0"))
    assert (sides(runa)[1]["spell_taken"], sides(runa)[0]["replaced"]) == (3 - 1, False)


def test_rule_choice_12_an_ability_without_round_or_rune_applies_whenever_the_character_fights() -> None:
    healer = character_card("quellgeist", ["priester"])
    healer["effects"] = [{"heal": 2}]
    for rnd in (1, 5):
        match = act(
            table(side([{"slug": "quellgeist", "health": 10}, "aku", "iro"]), round=rnd, cards=[healer]), "pick:0:0"
        )
        assert char(match, 0, 0)["health"] == 12


def test_rule_choice_13_a_card_draw_the_deck_cannot_give_loses_at_the_end_of_the_round() -> None:
    home = side(["aez", "iro", "amaya"], hand=["soeldnersold"], deck=["heiltrank"])
    match = end_round(to_discards(act(table(home), "pick:0:0"), "play:p0c3"))
    assert match.outcome() is not None and (match.outcome().winner, match.outcome().termination) == (1, "out_of_cards")


def test_rule_choice_14_after_max_rounds_the_points_decide() -> None:
    match = ENGINE.from_setup(
        {"round": 6, "active": 0, "players": [side(), side(AWAY)]}, variant="standard", options={"max_rounds": 6}
    )
    end_round(to_discards(act(match, "pick:0:0")))
    assert match.outcome() is not None and match.outcome().termination == "round_limit"
    with pytest.raises(OptionError):
        ENGINE.check_options("standard", {"max_rounds": 5})


def test_rule_choice_15_a_fallen_side_ends_the_match_before_phase_5_and_before_cards_run_out() -> None:
    dead = {"dead": True, "health": 0}
    away = side([{"slug": "aez", "health": 1}, {"slug": "zahal", **dead}, {"slug": "hares-der-brutale", **dead}])
    match = to_discards(act(table(side(["iro", "aku", "amaya"], spare=False), away), "pick:0:0"))
    assert match.outcome() is not None and (match.outcome().winner, match.outcome().termination) == (0, "defeated")


def test_rule_choice_16_phase_5_the_active_player_first_keep_only_at_five_cards_or_fewer() -> None:
    match = to_discards(act(table(side(hand=["heiltrank"] * 6, spare=False)), "pick:2:0"))
    assert match.to_act == 0 and "keep" not in legal(match)
    act(match, "discard:p0c3")
    assert "keep" in legal(match)
    act(match, "keep")
    assert match.to_act == 1


def test_rule_choice_17_a_spell_replaces_the_attack_even_when_spirit_absorbs_it_but_not_when_cancelled() -> None:
    absorbed = to_discards(act(table(side(hand=["feuerball"]), side(["zahal", "aez", "iro"])), "pick:0:0"), "play:p0c3")
    assert (sides(absorbed)[1]["spell_taken"], sides(absorbed)[0]["replaced"]) == (0, True)
    away = side(["aku", "zahal", "iro"], hand=["gluehender-pfeil"])
    cancelled = to_discards(
        act(table(side(["iro", "aku", "amaya"], hand=["lichtbann"]), away), "pick:0:0"), "play:p0c3", "play:p1c3"
    )
    assert (sides(cancelled)[1]["replaced"], sides(cancelled)[1]["strike"]) == (False, 2 - 2)


def test_rule_choice_18_the_discard_verb_picks_at_random_from_the_seeded_source() -> None:
    picked = set()
    for seed in range(12):
        away = side(AWAY, hand=["heiltrank", "krafttrank", "geisttrank"])
        match = ENGINE.from_setup({"players": [side(hand=["ablenkung"]), away]}, variant="standard", seed=seed)
        to_discards(act(match, "pick:0:0"), "play:p0c3")
        view = match.view(None)
        assert view["players"][1]["hand_count"] == 3
        picked.add(view["players"][1]["discard"][0]["slug"])
    assert len(picked) > 1


def test_rule_choice_19_a_handwerker_attaches_only_what_the_bearer_may_carry_the_oldest_weapon_goes() -> None:
    home = side(["ingmar", "amaya", {"slug": "iro", "attached": ["kurzschwert"]}], hand=["schildwall", "katana"])
    match = act(table(home), "pick:0:0")
    assert "play:p0c3:1" not in legal(match) and {"play:p0c3:0", "play:p0c3:2"} <= legal(match)
    to_discards(match, "play:p0c4:2")
    assert [a["slug"] for a in char(match, 0, 2)["attachments"]] == ["katana"]
