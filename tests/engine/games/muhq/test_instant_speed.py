"""M30: M9 and M15 hold in every phase. A controller may let any unit go at upkeep; the exchange
("zu jedem Zeitpunkt") is offered whenever its seat holds two cards, upkeep and the buy phase
included, and a seat that can only exchange is still asked to respond; spells and free actions
are fast in the buy phase too; after each item of the action stack resolves, the players may
respond again before the next one resolves."""

from __future__ import annotations

from tests.engine.games.muhq.table import act, find, legal_ids, on_map, settle, table
from tests.engine.games.muhq.table import placed as _p

COSTLY = [_p("ritter", 0, 0, 1), _p("katapult", 0, 0, 2), _p("soldat", 0, 1, 0)]  # upkeep 2 + 2 + 1


def test_m30_the_exchange_pays_an_upkeep_the_resources_alone_do_not() -> None:
    setup = {"players": [{"hand": ["bauer", "fischer", "wolf"]}, {}], "begin": True, "permanents": COSTLY}
    match = table(setup, variant="zwei-doerfer")  # income 4, upkeep 5
    assert match.view(None)["phase"] == "upkeep" and "pay" not in legal_ids(match)
    act(match, "exchange:")
    act(match, "pay")
    assert all(on_map(match, pid) for pid in ("m0", "m1", "m2")) and match.state["players"][0]["resources"] == 0


def test_m30_m9_a_unit_may_be_let_go_though_every_upkeep_is_affordable() -> None:
    setup = {"players": [{"resources": 10}, {}], "begin": True, "permanents": COSTLY}
    match = table(setup, variant="zwei-doerfer")
    assert {"release:m0", "release:m1", "release:m2", "pay"} <= set(legal_ids(match))
    act(match, "release:m1")
    act(match, "pay")
    assert not on_map(match, "m1") and match.state["players"][0]["resources"] == 14 - 3
    assert match.view(None)["phase"] == "actions"


def test_m30_m15_a_seat_whose_only_fast_option_is_the_exchange_is_asked_to_respond() -> None:
    setup = {
        "players": [{}, {"hand": ["bauer", "soldat"]}],
        "permanents": [_p("soldat", 0, 2, 6), _p("soldat", 1, 3, 6)],
    }
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m0")
    match.apply(0, "attack:m0:m1")
    assert match.state["window"] == [1] and match.to_act == 1
    assert legal_ids(match) == ["exchange:p1c0:p1c1", "pass"]


def test_m30_m15_after_an_item_resolves_the_players_may_respond_before_the_next() -> None:
    setup = {
        "players": [{"hand": ["bauer", "fischer"]}, {"hand": ["pfeilhagel"]}],
        "permanents": [_p("soldat", 0, 2, 6), _p("soldat", 1, 3, 6)],
    }
    match = table(setup, variant="zwei-doerfer")
    act(match, "activate:m0")
    match.apply(0, "attack:m0:m1")
    match.apply(1, "spell:p1c0:m0")  # the response: Pfeilhagel on the attacking Soldat
    match.apply(0, "pass")  # P1 lets the response resolve ...
    assert match.state["perms"]["m0"]["damage"] == 2 and len(match.state["stack"]) == 1
    assert match.to_act == 0 and match.state["window"] == [0]  # ... and is asked again before the attack
    settle(match)
    assert match.state["stack"] == [] and match.state["perms"]["m1"]["damage"] == 2


def test_m30_spells_and_free_actions_are_fast_in_the_buy_phase() -> None:
    setup = {
        "players": [{"hand": ["feuerball"], "resources": 5}, {}],
        "phase": "buy",
        "permanents": [_p("soldat", 1, 3, 6), _p("feldlazarett", 0, 1, 6), _p("soldat", 0, 2, 6, damage=1)],
    }
    match = table(setup, variant="zwei-doerfer")
    find(match, "spell:p0c0:m0")
    act(match, "free:m1:1:m2")
    assert match.state["perms"]["m2"]["damage"] == 0 and match.view(None)["phase"] == "buy"
