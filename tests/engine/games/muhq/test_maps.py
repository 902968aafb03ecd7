"""muhq's bundled maps (maps.md tiles, seats, the Kraken) and the checks of the map loader."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.games.muhq import GAME
from engine.games.muhq.maps import MAPS_DIR, TILE_CODES, Map, MapError, UnknownMapError, load_map, maps, parse_map

MAPS = maps()
CARD_SLUGS = {c["slug"]: c for c in GAME.bundled_cards()}
MAPS_MD_TILES = {
    "haus", "turm", "acker", "startfeld", "hafen", "strasse", "tiefes_wasser", "wasser", "flaches_wasser"
}  # fmt: skip


def _raw(slug: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MAPS_DIR / f"{slug}.json").read_text(encoding="utf-8"))
    return data


def test_at_least_two_maps_load_one_of_them_the_kraken() -> None:
    assert len(MAPS) >= 2
    assert [m.mode for m in MAPS].count("the_kraken") == 1
    assert load_map("the-kraken").kraken is not None


def test_maps_are_listed_by_slug_and_loaded_by_slug() -> None:
    assert [m.slug for m in MAPS] == sorted(m.slug for m in MAPS)
    assert all(isinstance(load_map(m.slug), Map) for m in MAPS)


def test_an_unknown_map_is_a_key_error_naming_the_maps() -> None:
    with pytest.raises(UnknownMapError) as error:
        load_map("atlantis")
    assert "zwei-doerfer" in str(error.value)


@pytest.mark.parametrize("game_map", MAPS, ids=[m.slug for m in MAPS])
def test_every_field_has_a_tile_of_maps_md_or_none(game_map: Map) -> None:
    tiles = {tile for _, tile in game_map.fields()}
    assert tiles <= MAPS_MD_TILES | {"leer"}
    assert sum(1 for _ in game_map.fields()) == game_map.width * game_map.height


def test_the_maps_together_use_every_tile_of_maps_md() -> None:
    assert {tile for m in MAPS for _, tile in m.fields()} >= MAPS_MD_TILES


@pytest.mark.parametrize("game_map", MAPS, ids=[m.slug for m in MAPS])
def test_start_fields_exist_for_two_or_more_players(game_map: Map) -> None:
    assert game_map.max_players >= 2
    for seat in game_map.seats:
        assert seat.start_fields and all(game_map.tile(p) == "startfeld" for p in seat.start_fields)


@pytest.mark.parametrize("game_map", MAPS, ids=[m.slug for m in MAPS])
def test_resources_and_start_cards_name_bundled_cards(game_map: Map) -> None:
    assert game_map.resources_per_turn > 0
    assert game_map.start_cards and all(line.card in CARD_SLUGS for line in game_map.start_cards)


def test_the_kraken_gains_five_resources_per_player_and_starts_at_sea() -> None:
    kraken = load_map("the-kraken").kraken
    assert kraken is not None
    assert kraken.resources(3) == 15  # ki.md: #Spieler * 5
    assert all(line.card in CARD_SLUGS for line in kraken.deck)
    assert [u.card for u in kraken.start_units] == ["der-kraken"]


def test_within_follows_m1() -> None:
    game_map = load_map("zwei-doerfer")
    assert set(game_map.within((5, 5), 1)) == {(x, y) for x in (4, 5, 6) for y in (4, 5, 6)}
    assert (7, 7) not in game_map.within((5, 5), 2)  # two diagonal steps cost 3


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(_raw("zwei-doerfer"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["rows"].__setitem__(3, d["rows"][3][:-1] + "X"), "rows[3]"),
        (lambda d: d["rows"].__setitem__(3, d["rows"][3][:-1]), "rows"),
        (lambda d: d["seats"][0]["start_fields"].pop(), "seats"),
        (lambda d: d["seats"][1]["start_fields"].append([5, 5]), "seats"),
        (lambda d: d["seats"][0].__setitem__("start_fields", []), "seats[0].start_fields"),
        (lambda d: d.__setitem__("resources_per_turn", "4"), "resources_per_turn"),
        (lambda d: d.__setitem__("victory", {"kind": "luck"}), "victory"),
        (lambda d: d.__setitem__("mode", "the_kraken"), "kraken"),
        (lambda d: d.__setitem__("min_players", 3), "min_players"),
        (lambda d: d["start_cards"].append({"card": "bauer", "count": 0}), "start_cards[3].count"),
    ],
)
def test_a_broken_map_is_refused_naming_the_field(change: Any, field: str) -> None:
    with pytest.raises(MapError) as error:
        parse_map(_broken(change), "zwei-doerfer.json")
    assert str(error.value).startswith(f"zwei-doerfer.json.{field}")


def test_a_harbour_without_deep_water_in_range_2_is_refused() -> None:
    data = copy.deepcopy(_raw("hafenbucht"))
    data["rows"] = [row.replace("~", "s") for row in data["rows"]]
    with pytest.raises(MapError, match="deep water"):
        parse_map(data, "hafenbucht.json")


def test_the_kraken_must_start_on_water() -> None:
    data = copy.deepcopy(_raw("the-kraken"))
    data["kraken"]["start_fields"].append([2, 2])
    with pytest.raises(MapError, match="water"):
        parse_map(data, "the-kraken.json")


def test_the_legend_covers_the_plain_field_and_the_nine_tiles() -> None:
    assert set(TILE_CODES.values()) == MAPS_MD_TILES | {"leer"}
