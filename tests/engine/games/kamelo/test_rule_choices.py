"""Each rule choice recorded in engine/games/kamelo/engine.py's docstring, by its number."""

from __future__ import annotations

from typing import Any

from engine.games.kamelo import GAME
from engine.games.kamelo.engine import KameloMatch
from tests.engine.games.kamelo.decks import decks

ENGINE = GAME.engine


def _player(hand: list[str] | None = None, arena: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    arena = [a if a is None or isinstance(a, dict) else {"slug": a} for a in (arena or [])]
    return {"hand": hand or [], "deck": ["kamelfutter"] * 10, "arena": arena, "turns_taken": 2, **extra}


def _match(p0: dict[str, Any], p1: dict[str, Any], variant: str = "dufo", **options: Any) -> KameloMatch:
    return ENGINE.from_setup({"turn": 5, "current": 0, "players": [p0, p1]}, variant=variant, options=options)


def _ids(match: KameloMatch) -> set[str]:
    return {a.id for a in match.legal_actions(match.to_act)}


def test_choice_1_first_player_is_a_seeded_coin_flip_unless_set() -> None:
    starters = {ENGINE.new_match(decks("dufo"), variant="dufo", seed=s, options={}).to_act for s in range(12)}
    assert starters == {0, 1}
    assert ENGINE.new_match(decks("dufo"), variant="dufo", seed=3, options={"first_player": 1}).to_act == 1


def test_choice_2_a_players_first_turn_has_no_attack() -> None:
    match = _match(_player(arena=["dromedar"], turns_taken=0), _player(arena=["skorpion"]))
    assert "attack" not in _ids(match)


def test_choice_3_k10_empty_arena_point_needs_an_own_monster() -> None:
    match = _match(_player(), _player())
    match.apply(0, "end")
    assert match.view(None)["players"][0]["points"] == 0
    with_monster = _match(_player(arena=["dromedar"]), _player())
    with_monster.apply(0, "end")  # K10: no attack needed, an own monster is
    assert with_monster.view(None)["players"][0]["points"] == 1


def test_choice_4_attack_is_optional_and_ends_the_turn() -> None:
    match = _match(_player(arena=["dromedar"]), _player(arena=["skorpion"]))
    assert {"attack", "end"} <= _ids(match)
    match.apply(0, "attack")
    match.apply(1, "defend")
    assert match.view(None)["current"] == 1


def test_choice_5_a_direct_attacker_does_not_fight_the_others_do() -> None:
    match = _match(_player(arena=["doppeldecker", "klapperschlange"]), _player(arena=["geier"]))
    for action in ("attack", "direct:0", "defend"):
        match.apply(match.to_act, action)
    shown = match.view(None)
    assert shown["players"][0]["points"] == 1
    assert shown["players"][1]["arena"][0]["lp"] == 60 - (45 - 10)  # 1:1, no 2:1 bonus


def test_choice_6_the_defender_always_gets_the_item_decision() -> None:
    match = _match(_player(arena=["dromedar"]), _player(arena=["skorpion"]))
    match.apply(0, "attack")
    assert match.to_act == 1 and _ids(match) == {"defend"}


def test_choice_6_defender_items_count_in_the_fight() -> None:
    match = _match(_player(arena=["dromedar"]), _player(hand=["lederschild"], arena=["skorpion"], dates=1))
    match.apply(0, "attack")
    lederschild = next(a.id for a in match.legal_actions(1) if a.id.startswith("item:"))
    for action in (lederschild, "target:own:0", "defend"):
        match.apply(1, action)
    assert match.view(None)["players"][1]["arena"][0]["lp"] == 40  # DP 25 >= AP 25: unharmed


def test_choice_7_dufo_no_monster_after_an_item() -> None:
    match = _match(_player(hand=["dattelschnaps", "dromedar"], arena=["geier"], dates=5), _player())
    match.apply(0, "item:p0c0")
    match.apply(0, "target:own:0")
    assert not any(i.startswith("play:") for i in _ids(match))


def test_choice_7_dufo_no_fusion_from_hand_monsters_after_an_item() -> None:
    hand = ["dattelschnaps", "lastkamel", "karawanen-lindwurm", "karawanenvertrag"]
    match = _match(_player(hand=hand, arena=["sandwurm", "karawanenfuehrer"], dates=9), _player())
    assert any(i.startswith("fuse:") for i in _ids(match))  # before the item: the fusion is offered
    match.apply(0, "item:p0c0")
    match.apply(0, "target:own:0")
    assert not any(i.startswith("fuse:") for i in _ids(match))  # Lastkamel would come from the hand


def test_choice_7_dufo_a_fusion_of_arena_monsters_stays_after_an_item() -> None:
    hand = ["dattelschnaps", "zweihoeckertrampeltier", "hoeckerkleber"]
    match = _match(_player(hand=hand, arena=["dromedar", "trampeltier"], dates=5), _player())
    match.apply(0, "item:p0c0")
    match.apply(0, "target:own:0")
    assert any(i.startswith("fuse:") for i in _ids(match))


def test_choice_8_streik_ends_after_the_opponents_next_turn() -> None:
    match = _match(_player(hand=["streik"], dates=3), _player())
    match.apply(0, "item:p0c0")
    match.apply(0, "end")
    assert match.view(None)["surcharge"] == 2
    match.apply(1, "end")
    assert match.view(None)["surcharge"] == 0


def test_choice_9_bausparvertrag_pays_on_the_owners_second_turn_after() -> None:
    match = _match(_player(hand=["bausparvertrag"], dates=6), _player())
    match.apply(0, "item:p0c0")
    dates = []
    for _ in range(4):
        match.apply(match.to_act, "end")
        dates.append(match.view(None)["players"][0]["dates"])
    assert dates == [0, 0, 0, 10]  # 0 Datteln do not grow (K6); paid when P1's 2nd turn starts


def test_choice_10_a_hostile_item_can_defeat_and_score() -> None:
    match = _match(_player(hand=["giftstachel"], dates=3), _player(arena=[{"slug": "jungkamel", "damage": 15}]))
    match.apply(0, "item:p0c0")
    match.apply(0, "target:opp:0")
    shown = match.view(None)
    assert shown["players"][1]["arena"][0] is None and shown["players"][0]["points"] == 2


def test_choice_11_fusions_do_not_count_toward_two_monsters_per_turn() -> None:
    p0 = _player(hand=["lastkamel", "karawanen-lindwurm", "karawanenvertrag"], arena=["sandwurm", "karawanenfuehrer"])
    match = _match({**p0, "dates": 5, "turn_state": {"monsters": 2}}, _player())
    assert any(i.startswith("fuse:") for i in _ids(match))


def test_choice_12_dufo_needs_every_component_wimu_two() -> None:
    p0 = _player(hand=["kamelherde", "milchkamel"], arena=["lastkamel"], dates=6)
    assert not any(i.startswith("fuse:") for i in _ids(_match(p0, _player())))
    oases = [{"cards": ["geier"], "active": False}] * 3
    wimu = _match({**p0, "deck": [], "oases": oases}, {**_player(), "deck": [], "oases": oases}, variant="wimu")
    assert any(i.startswith("fuse:") for i in _ids(wimu))


def test_choice_13_koenig_plays_from_the_hand_only_but_any_time() -> None:
    oases = [{"cards": ["jungkamel"], "active": True}, {"cards": ["geier"], "active": False}]
    p0 = {**_player(hand=["sandfloh"]), "deck": [], "oases": oases}
    p1 = {**_player(), "deck": [], "oases": oases}
    assert "play:p0c1" in _ids(_match(p0, p1, variant="wimu"))
    koenig = _match(p0, p1, variant="koenig")
    assert "play:p0c1" not in _ids(koenig)
    koenig.apply(0, "activate:1")
    assert "play:p0c0" in _ids(koenig)


def test_choice_15_max_turns_forces_the_end() -> None:
    match = ENGINE.new_match(decks("dufo"), variant="dufo", seed=2, options={"max_turns": 2})
    while match.outcome() is None:
        match.apply(match.to_act, "end" if "end" in _ids(match) else "done")
    assert match.outcome().termination == "turn_limit"  # type: ignore[union-attr]
    assert match.view(None)["turn"] == 5


def test_choice_17_wimu_dates_start_at_zero() -> None:
    match = ENGINE.new_match(decks("wimu"), variant="wimu", seed=1, options={})
    assert [p["dates"] for p in match.view(None)["players"]] == [0, 0]


def test_choice_18_a_taken_over_monster_is_no_recipe_component_and_can_be_taken_back() -> None:
    # Dromedar (taken from P2) and Trampeltier would make a Zweihöcker-Trampeltier, but the Dromedar
    # is not P1's card.
    p0 = _player(
        hand=["zweihoeckertrampeltier", "hoeckerkleber"], arena=[{"slug": "dromedar", "owner": 1}, "trampeltier"]
    )
    match = _match({**p0, "dates": 5}, _player(hand=["kamel-lasso"], dates=5))
    assert not any(i.startswith("fuse:") for i in _ids(match))
    match.apply(0, "end")
    match.apply(1, "item:p1c0")
    match.apply(1, "target:opp:0")
    back = match.view(None)["players"][1]["arena"][0]
    assert (back["card"]["slug"], back["taken_from"]) == ("dromedar", None)  # home again, upright


def test_choice_19_withdrawing_resets_the_monster_and_it_may_be_played_again() -> None:
    oases = [{"cards": ["geier"], "active": False}] * 3
    p0 = {**_player(hand=["rueckzugsfloete"], arena=[{"slug": "dromedar", "damage": 20}]), "deck": [], "oases": oases}
    match = _match({**p0, "dates": 9}, {**_player(), "deck": [], "oases": oases}, variant="koenig")
    match.apply(0, "item:p0c0")
    match.apply(0, "target:own:0")
    assert "play:p0c1" in _ids(match)
    match.apply(0, "play:p0c1")
    assert match.view(None)["players"][0]["arena"][0]["damage"] == 0
