"""The rule choices of muhq's engine docstring (engine/games/muhq/engine.py), one test each, and
the decisions best pinned down in code (the scenario files pin the others)."""

from __future__ import annotations

import pytest

from engine.core.match import DeckCard
from engine.core.samples import sample_match_decks
from engine.games.muhq.calc import distance
from engine.games.muhq.state import bundled
from tests.engine.games.muhq.table import ENGINE, act, find, legal_ids, table
from tests.engine.games.muhq.table import placed as _p


def test_choice_1_playing_a_card_costs_nothing() -> None:
    match = table({"players": [{"hand": ["ritter"], "resources": 0}, {}]}, variant="zwei-doerfer")
    act(match, "play:p0c0:0,1")
    assert match.state["players"][0]["resources"] == 0 and "p0c0" in match.state["perms"]


def test_choice_3_m15_only_seats_with_a_fast_action_are_asked() -> None:
    match = table({"permanents": [_p("soldat", 0, 2, 6), _p("soldat", 1, 3, 6)]}, variant="zwei-doerfer")
    act(match, "activate:m0")
    match.apply(0, "attack:m0:m1")
    assert match.state["window"] == [] and match.state["stack"] == []
    assert match.state["perms"]["m1"]["damage"] == 2


def test_choice_3_m24_an_ai_keyword_activation_resolves_at_once() -> None:
    setup = {"players": [{}, {"hand": ["feuerball"]}], "permanents": [_p("wolf", 0, 2, 6), _p("soldat", 1, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    match.apply(0, "activate:m0")
    assert match.state["window"] == [] and match.state["perms"]["m1"]["damage"] == 2


def test_choice_4_effect_damage_is_not_reduced_by_armour() -> None:
    setup = {"players": [{"hand": ["feuerball"]}, {}], "permanents": [_p("schildtraeger", 1, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "spell:p0c0:m0")
    assert match.state["perms"]["m0"]["damage"] == 3


def test_choice_5_a_unit_shooting_from_a_haus_takes_no_counter_strike_beyond_range_1() -> None:
    setup = {"permanents": [_p("bogenschuetze", 0, 3, 5), _p("armbrustschuetze", 1, 5, 5)]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m0")
    act(match, "attack:m0:m1")
    assert match.state["perms"]["m0"]["damage"] == 0 and match.state["perms"]["m1"]["damage"] == 1


def test_choice_6_a_destroyed_building_leaves_the_game() -> None:
    setup = {
        "pieces": False,
        "permanents": [
            _p("burg", 0, 1, 3, piece="building"),
            _p("burg", 1, 10, 3, piece="building", damage=8),
            _p("soldat", 0, 9, 3),
        ],
    }
    match = table(setup, variant="burgen")
    act(match, "activate:m2")
    act(match, "attack:m2:m1")
    assert match.state["out"] == ["m1"] and match.state["players"][1]["discard"] == []


def test_choice_8_the_krakens_spells_aim_at_the_players_units() -> None:
    setup = {"players": [{}], "phase": "buy", "permanents": [_p("soldat", 0, 0, 0)], "kraken": {"deck": ["sturmflut"]}}
    match = table(setup, variant="the-kraken")
    act(match, "end:turn")
    assert match.outcome() is not None and match.outcome().termination == "kraken_won"  # type: ignore[union-attr]
    assert match.state["players"][0]["discard"] == ["m0"]


def test_choice_9_a_unit_carrying_crew_cannot_crew_another() -> None:
    setup = {
        "permanents": [_p("belagerungsturm", 0, 2, 6), _p("streitwagen", 0, 2, 7, stack=[{"card": "soldat"}])],
    }
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m1")
    assert "crew:m1:m0" not in legal_ids(match)
    act(match, "done:m1")
    act(match, "activate:m2")
    find(match, "crew:m2:m0")


def test_m11_discard_piles_are_open_to_every_seat() -> None:
    match = table({"players": [{"discard": ["soldat"]}, {"hand": ["bauer"]}]}, variant="zwei-doerfer")
    view = match.view(1)
    assert [c["slug"] for c in view["players"][0]["discard"]] == ["soldat"]
    assert view["players"][0]["hand"] is None and match.view(0)["players"][1]["hand"] is None


def test_m22_the_first_seat_comes_from_the_seeded_source() -> None:
    firsts = {table({"deal": "samples"}, variant="zwei-doerfer", seed=seed).state["active"] for seed in range(12)}
    assert firsts == {0, 1}


def test_choice_2_a_seat_without_units_is_not_asked_about_upkeep_one_with_pays_all_at_once() -> None:
    alone = table({"players": [{"resources": 0}, {}], "begin": True}, variant="zwei-doerfer")
    assert alone.view(None)["phase"] == "actions"
    setup = {"players": [{"resources": 0}, {}], "begin": True, "permanents": [_p("soldat", 0, 2, 6)] * 2}
    match = table(setup, variant="zwei-doerfer")
    assert match.view(None)["phase"] == "upkeep" and find(match, "pay").params["amount"] == 2
    act(match, "pay")
    assert match.state["players"][0]["resources"] == 2 and match.view(None)["phase"] == "actions"


def test_choice_6_capture_points_count_when_an_opponents_turn_ends() -> None:
    match = table({"phase": "buy", "permanents": [_p("soldat", 0, 1, 3)]}, variant="drei-gebiete")
    act(match, "end:turn")  # P1 holds a region at the end of its own turn: not yet
    assert match.outcome() is None
    act(match, "end:actions")
    act(match, "end:turn")  # ... and still at the end of P2's
    assert match.outcome() is not None and match.outcome().winners == (0,)  # type: ignore[union-attr]


def test_choice_7_what_the_engine_runs_drops_by_the_seeded_source_at_once() -> None:
    setup = {"permanents": [_p("wolf", 0, 2, 6), _p("streitwagen", 1, 3, 6, damage=3, stack=[{"card": "soldat"}])]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m0")  # the Wolf's Aggressive behaviour defeats P2's Streitwagen
    assert match.state["dropping"] == [] and "m1" not in match.state["perms"]
    crew = match.state["perms"]["m2"]
    assert distance((crew["x"], crew["y"]), (3, 6)) <= 1


def test_choice_10_a_seat_out_of_the_match_leaves_without_its_destroyed_effects() -> None:
    setup = {
        "players": [{"hand": ["feuerball"]}, {}, {}],
        "permanents": [
            _p("ritter", 0, 4, 0, vip=True),
            _p("ritter", 1, 4, 9, vip=True),
            _p("ritter", 2, 0, 4, vip=True, damage=4),
            _p("pulverfass", 2, 1, 1),
            _p("soldat", 0, 2, 1),
        ],
    }
    match = table(setup, variant="hafenbucht")
    act(match, "spell:p0c0:m2")
    assert "m3" in match.state["players"][2]["discard"] and match.state["perms"]["m4"]["damage"] == 0


FUNKE = {"slug": "funke", "name": "Funke", "type": "spell", "cost": 1, "effects": []}  # the schema allows it


def test_choice_11_a_match_plays_the_cards_it_is_given_not_the_bundled_ones() -> None:
    edited = {
        **next(c for c in bundled() if c["slug"] == "pfeilhagel"),
        "name": "Pfeilsturm",
        "effects": [{"damage": 4}],
    }
    decks = [
        [DeckCard(edited, line.count, line.section) if line.card["slug"] == "pfeilhagel" else line for line in deck]
        for deck in sample_match_decks(list(bundled()), "muhq/draft", 2)
    ]
    match = ENGINE.new_match(decks, variant="zwei-doerfer", seed=1, options={})
    shown = [c for c in match.view(0)["players"][0]["store"] if c["slug"] == "pfeilhagel"]
    assert shown and {c["name"] for c in shown} == {"Pfeilsturm"} and shown[0]["effects"] == [{"damage": 4}]
    restored = ENGINE.from_json(match.to_json())  # a stored match keeps the cards it was dealt
    assert restored.state["catalog"]["pfeilhagel"]["effects"] == [{"damage": 4}]


def test_choice_11_a_setup_plays_the_cards_it_is_given() -> None:
    edited = {**next(c for c in bundled() if c["slug"] == "feuerball"), "effects": [{"damage": 5}]}
    setup = {"cards": [edited], "players": [{"hand": ["feuerball"]}, {}], "permanents": [_p("ritter", 1, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "spell:p0c0:m0")
    assert match.state["perms"]["m0"]["damage"] == 5


def test_choice_11_a_setup_card_the_schema_refuses_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="setup card 'funke'"):
        table({"cards": [{**FUNKE, "cost": -3}], "players": [{"hand": ["funke"]}, {}]}, variant="zwei-doerfer")


def test_choice_12_a_spell_without_effects_is_cast_and_goes_to_the_discard_pile() -> None:
    setup = {"cards": [FUNKE], "players": [{"hand": ["funke"]}, {}], "permanents": [_p("soldat", 1, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    assert [a for a in legal_ids(match) if a.startswith("spell:")] == ["spell:p0c0"]
    act(match, "spell:p0c0")
    assert match.state["players"][0]["discard"] == ["p0c0"] and match.state["stack"] == []
    assert match.state["perms"]["m0"]["damage"] == 0


def test_choice_12_the_kraken_casts_a_spell_without_effects() -> None:
    setup = {
        "cards": [FUNKE],
        "players": [{}],
        "phase": "buy",
        "permanents": [_p("soldat", 0, 0, 0)],
        "kraken": {"deck": ["funke", "funke"]},
    }
    match = table(setup, variant="the-kraken")
    act(match, "end:turn")
    assert match.state["kraken"]["deck"] == [] and match.state["kraken"]["discard"] == ["k1", "k0"]


def test_choice_12_a_spell_aims_with_its_first_targeted_effect() -> None:
    zap = {"slug": "zapp", "name": "Zapp", "type": "spell", "cost": 2, "effects": [{"gain": 1}, {"damage": 2}]}
    setup = {"cards": [zap], "players": [{"hand": ["zapp"]}, {}], "permanents": [_p("soldat", 1, 3, 6)]}
    match = table(setup, variant="zwei-doerfer")
    act(match, "spell:p0c0:m0")
    assert match.state["perms"]["m0"]["damage"] == 2 and match.state["players"][0]["resources"] == 1
