"""Each game's card schema is the one place that says what a valid card is (api.md table, K3)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games import UnknownGameError, get_game


def fields(game: str, card: dict[str, Any]) -> set[str]:
    return {e.field for e in get_game(game).schema.validate(card)}


def kamel(kind: str = "monster", **attributes: Any) -> dict[str, Any]:
    base = {"ap": 20, "dp": 10, "lp": 50, "hk": 2}
    return {"slug": "k", "name": "K", "type": kind, "cost": 2, "attributes": {**base, **attributes}}


def test_every_game_declares_the_fixed_types_of_api_md() -> None:
    expected = {
        "kamelo": {"monster", "special_monster", "special_item", "item"},
        "eredan": {"character", "item", "weapon", "armor", "spell", "theurgy", "action"},
        "realmon": {"monster", "action", "combat"},
        "duel": {"creature", "elite", "trap", "weapon", "spell", "reinforcement"},
        "muhq": {"unit", "spell", "artifact", "equipment"},
    }
    for slug, types in expected.items():
        assert types <= set(get_game(slug).schema.types), slug


def test_every_game_declares_the_fixed_attribute_keys_of_api_md() -> None:
    expected = {
        "kamelo": {"ap", "dp", "lp", "hk"},
        "eredan": {"attack", "defense", "health", "spirit", "classes", "race", "order"},
        "realmon": {"stage", "realm", "dominanz", "echo", "chaos", "crunch", "glitch", "stability"},
        "duel": {"attack", "defense"},
        "muhq": {"attack", "range", "health", "movement", "upkeep"},
    }
    for slug, keys in expected.items():
        assert keys <= {a.key for a in get_game(slug).schema.attributes}, slug


@pytest.mark.parametrize(
    ("attributes", "cost", "bad"),
    [
        ({"ap": 10, "dp": 5, "lp": 20, "hk": 1}, 0, set()),  # the lower corner
        ({"ap": 60, "dp": 50, "lp": 300, "hk": 4}, 6, set()),  # the upper corner
        ({"ap": 9}, 2, {"attributes.ap"}),
        ({"ap": 61}, 2, {"attributes.ap"}),
        ({"dp": 4, "lp": 19}, 2, {"attributes.dp", "attributes.lp"}),
        ({"dp": 51, "lp": 301}, 2, {"attributes.dp", "attributes.lp"}),
        ({"hk": 0}, 2, {"attributes.hk"}),
        ({"hk": 5}, 7, {"attributes.hk", "cost"}),
        ({}, -1, {"cost"}),
    ],
)
def test_k3_yellow_monster_and_price_bounds_one_error_per_field(
    attributes: dict[str, Any], cost: int, bad: set[str]
) -> None:
    card = kamel(**attributes)
    card["cost"] = cost
    assert fields("kamelo", card) == bad


def test_k3_violet_gw_bound_of_500() -> None:
    assert fields("kamelo", kamel("special_monster", ap=70, dp=60, lp=240)) == set()  # GW = 140 + 120 + 240 = 500
    assert fields("kamelo", kamel("special_monster", ap=70, dp=60, lp=241)) == {"attributes.gw"}
    assert fields("kamelo", kamel("special_monster", ap=71, dp=61, lp=351)) >= {
        "attributes.ap",
        "attributes.dp",
        "attributes.lp",
    }


def test_required_attributes_and_unknown_keys() -> None:
    assert fields("kamelo", {"slug": "m", "name": "M", "type": "monster", "cost": 1, "attributes": {"hk": 1}}) == {
        "attributes.ap", "attributes.dp", "attributes.lp"}  # fmt: skip
    assert "attributes.power" in fields("duel", {"slug": "d", "name": "D", "type": "spell", "attributes": {"power": 1}})
    assert "attributes.attack" in fields(
        "duel", {"slug": "d", "name": "D", "type": "creature", "attributes": {"attack": True, "defense": 1}}
    )


def test_eredan_guilds_are_the_fixed_slugs() -> None:
    assert fields("eredan", {"slug": "x", "name": "X", "type": "item", "guilds": ["kotoba", "zil"]}) == set()
    assert fields("eredan", {"slug": "x", "name": "X", "type": "item", "guilds": ["Kotoba"]}) == {"guilds"}
    assert fields(
        "realmon", {"slug": "x", "name": "X", "type": "action", "guilds": ["kotoba"], "attributes": {"kind": "meta"}}
    ) == {"guilds"}


def test_r2_realmon_monsters_need_stage_realm_and_the_six_categories() -> None:
    card = {"slug": "r", "name": "R", "type": "monster", "attributes": {"stage": 7, "realm": 3}}
    assert fields("realmon", card) >= {"attributes.stage", "attributes.dominanz", "attributes.stability"}


def test_identity_fields() -> None:
    assert fields("muhq", {"slug": "Bad Slug", "name": " ", "type": "dragon", "rarity": "mythic"}) == {
        "slug", "name", "type", "rarity"}  # fmt: skip


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(UnknownGameError, match="chess"):
        get_game("chess")
