"""muhq's ``standing`` (engine.games.muhq.ai.standing): what ``mcts`` scores a playout by when it
cuts it off before the end. Points alone (buildings standing, resources) hardly move in a few
turns, so the standing also counts what brings each map's victory nearer."""

from __future__ import annotations

from engine.games.muhq.ai import GOAL
from tests.engine.games.muhq.table import placed as _p
from tests.engine.games.muhq.table import table


def _lead(setup: dict[str, object], variant: str) -> float:
    """Seat 0's standing minus seat 1's at ``setup``."""
    mine, theirs = table(setup, variant=variant).standing()
    return mine - theirs


def test_a_damaged_enemy_building_counts_for_the_other_seat_before_it_falls() -> None:
    whole = {
        "pieces": False,
        "permanents": [_p("burg", 0, 1, 3, piece="building"), _p("burg", 1, 10, 3, piece="building")],
    }
    hurt = {
        "pieces": False,
        "permanents": [_p("burg", 0, 1, 3, piece="building"), _p("burg", 1, 10, 3, piece="building", damage=6)],
    }
    assert table(whole, variant="burgen").view(None)["players"][1]["points"] == 1
    assert table(hurt, variant="burgen").view(None)["players"][1]["points"] == 1  # still standing
    assert _lead(whole, "burgen") == 0
    assert _lead(hurt, "burgen") > 0


def test_a_hurt_vip_weighs_more_than_a_hurt_soldier() -> None:
    vip = {"permanents": [_p("ritter", 0, 3, 0, vip=True), _p("ritter", 1, 3, 9, vip=True, damage=2)]}
    soldier = {"permanents": [_p("ritter", 0, 3, 0), _p("ritter", 1, 3, 9, damage=2)]}
    assert _lead(soldier, "hafenbucht") > 0
    assert _lead(vip, "hafenbucht") > _lead(soldier, "hafenbucht")


def test_the_stecken_held_counts_a_goal_and_nearness_to_it_counts_before() -> None:
    far = {"permanents": [_p("soldat", 0, 1, 3), _p("soldat", 1, 9, 3)]}
    near = {"permanents": [_p("soldat", 0, 4, 3), _p("soldat", 1, 9, 3)]}
    assert _lead(near, "stecken") > _lead(far, "stecken")
    held = table({"permanents": [_p("soldat", 0, 5, 3), _p("soldat", 1, 9, 3)]}, variant="stecken")
    staff = next(pid for pid, perm in held.state["perms"].items() if perm["piece"] == "staff")
    before = held.standing()
    held.state["perms"][staff].update(on="m0", controller=0)  # the soldier picks it up
    held.state["perms"]["m0"]["stack"].append(staff)
    after = held.standing()
    assert after[0] - before[0] >= GOAL - 1 and after[1] == before[1]


def test_resources_count_in_full_on_a_resources_map_and_less_elsewhere() -> None:
    rich = {"players": [{"resources": 10}, {}]}
    assert _lead(rich, "zwei-doerfer") == 10
    assert 0 < _lead(rich, "hafenbucht") < 10


def test_in_the_kraken_mode_the_standing_is_the_points() -> None:
    match = table({"players": [{"resources": 3}], "permanents": [_p("soldat", 0, 0, 0)]}, variant="the-kraken")
    assert match.standing() == [float(side["points"]) for side in match.view(None)["players"]]
