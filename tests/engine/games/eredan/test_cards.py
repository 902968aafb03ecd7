"""The bundled Eredan card sets: content minimums of issue 3, seed characters, the vocabulary.

Schema, texts and unique names of every game: tests/engine/games/test_bundled_cards.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.games.eredan import GAME
from engine.games.eredan.effects import effect_problems, render_text
from engine.games.eredan.schema import MERCENARY, SCHEMA

CARDS = GAME.bundled_cards()
BY_SLUG = {c["slug"]: c for c in CARDS}
GUILDS = ("kotoba", "zil", "noz-dingard", "wuestennomaden", "herz-aus-pflanzensaft", "piraten", "runen-legion",
          "nehantisten")  # fmt: skip
CHARACTERS = [c for c in CARDS if c["type"] == "character"]
OTHERS = [c for c in CARDS if c["type"] != "character"]


def line_root(card: dict[str, Any]) -> str:
    while card["evolves_from"]:
        card = BY_SLUG[card["evolves_from"]]
    return str(card["slug"])


def test_every_card_has_the_bundled_shape() -> None:
    keys = {"slug", "name", "names", "type", "guilds", "cost", "rarity", "unique", "evolves_from", "text", "text_en",
            "attributes", "effects", "banned_at_start", "set"}  # fmt: skip
    for card in CARDS:
        assert set(card) == keys, card["slug"]
        assert card["names"]["de"] == card["name"] and card["names"]["en"]
        assert card["effects"], f"{card['slug']} has no effect"


def test_evolves_from_points_to_an_existing_card_of_the_same_type_and_guilds() -> None:
    for card in CARDS:
        parent = BY_SLUG.get(card["evolves_from"]) if card["evolves_from"] else None
        if card["evolves_from"]:
            assert parent is not None, card["slug"]
            assert (parent["type"], parent["guilds"]) == (card["type"], card["guilds"])


def test_e2_at_least_three_evolution_lines_of_length_two_or_three() -> None:
    lengths = Counter(line_root(c) for c in OTHERS)
    lines = {root: n for root, n in lengths.items() if n > 1}
    assert len(lines) >= 3
    assert set(lines.values()) <= {2, 3} and 3 in lines.values()


def test_e2_three_character_lines_evolve_so_decks_must_take_three_different_lines() -> None:
    lengths = Counter(line_root(c) for c in CHARACTERS)
    lines = {root for root, n in lengths.items() if n > 1}
    assert {"iro", "aku", "thorvald"} <= lines
    assert lengths["thorvald"] == 3  # two rune evolutions branch from one base


def test_e18_rune_evolutions_name_their_rune_and_carry_more_runes_than_their_base() -> None:
    branches = [c for c in CHARACTERS if c["evolves_from"] == "thorvald"]
    assert sorted(c["attributes"]["evolution_rune"] for c in branches) == ["cor", "nox"]
    assert all(c["attributes"]["rune_slots"] == 3 for c in branches)
    assert BY_SLUG["thorvald"]["attributes"]["rune_slots"] == 2


def test_e13_every_gemelit_names_its_element_and_one_is_no_mage() -> None:
    gemelits = [c for c in CHARACTERS if c["attributes"]["race"] == "gemelit"]
    assert gemelits and all(c["attributes"]["element"] for c in gemelits)
    assert any("magier" not in c["attributes"]["classes"] for c in gemelits)
    card = {**BY_SLUG["samira"], "attributes": {**BY_SLUG["samira"]["attributes"], "element": None}}
    assert [e.field for e in SCHEMA.validate(card)] == ["attributes.element"]


def test_e12_spells_say_zone_or_not_and_only_spells_do() -> None:
    spells = [c for c in OTHERS if c["type"] == "spell"]
    assert any(c["attributes"].get("zone") for c in spells)
    assert any(not c["attributes"].get("zone") for c in spells)
    card = {**BY_SLUG["katana"], "attributes": {"zone": True}}
    assert [e.field for e in SCHEMA.validate(card)] == ["attributes.zone"]


def test_e19_every_berserker_character_says_what_its_rage_does() -> None:
    for card in CHARACTERS:
        raging = [e for e in card["effects"] if e.get("while_raging")]
        assert bool(raging) == ("berserker" in card["attributes"]["classes"]), card["slug"]


def test_the_golems_item_bonus_is_a_bonus_per_bearer_class_and_a_standard_bonus() -> None:
    objects = [c for c in OTHERS if any("for_class" in e for e in c["effects"])]
    assert objects and all(c["type"] in ("item", "weapon", "armor") for c in objects)
    assert all(any("for_class" not in e for e in c["effects"]) for c in objects)


@pytest.mark.parametrize("guild", GUILDS)
def test_e3_each_guild_has_three_characters_and_guild_cards(guild: str) -> None:
    assert sum(c["guilds"] == [guild] for c in CHARACTERS) >= 3
    assert sum(guild in c["guilds"] for c in OTHERS) >= 3


def test_e3_mercenaries_and_courtesans() -> None:
    mercenaries = [c for c in CHARACTERS if c["guilds"] == [MERCENARY]]
    courtesans = [c for c in CHARACTERS if len(c["guilds"]) >= 2]
    assert len(mercenaries) >= 4
    assert len(courtesans) >= 3
    assert all(MERCENARY not in c["guilds"] and "kurtisane" in c["attributes"]["classes"] for c in courtesans)
    assert sum(c["guilds"] == [MERCENARY] for c in OTHERS) >= 4  # E4: mercenary cards


@pytest.mark.parametrize(
    ("slug", "name", "guilds"),
    [
        ("telendar", "Telendar", ["zil"]),
        ("iro", "Iro", ["kotoba"]),
        ("amaya", "Amaya", ["kotoba"]),
        ("aez", "Aez", ["soeldner"]),
        ("hares-der-brutale", "Hares der Brutale", ["soeldner"]),
        ("zahal", "Zahal", ["noz-dingard"]),
    ],
)
def test_e3_the_seed_characters_have_the_seed_guilds(slug: str, name: str, guilds: list[str]) -> None:
    card = BY_SLUG[slug]
    assert (card["type"], card["name"], card["guilds"]) == ("character", name, guilds)


def test_aez_has_spirit_one_as_in_the_seeds_spell_example() -> None:
    assert BY_SLUG["aez"]["attributes"]["spirit"] == 1
    assert BY_SLUG["gluehender-pfeil"]["effects"] == [{"spell_damage": 5}]


def test_katana_and_wakizashi_are_kotoba_and_katana_chains_wakizashi() -> None:
    assert BY_SLUG["katana"]["guilds"] == BY_SLUG["wakizashi"]["guilds"] == ["kotoba"]
    assert {"chain": "wakizashi"} in BY_SLUG["katana"]["effects"]


def test_e8_every_characters_first_round_bonus_falls_on_its_order() -> None:
    for card in CHARACTERS:
        rounds = [e["round"] for e in card["effects"] if "round" in e]
        assert rounds and min(rounds) == card["attributes"]["order"], card["slug"]


def test_e8_a_character_has_several_round_bonuses_one_past_round_six() -> None:
    rounds = {c["slug"]: [e["round"] for e in c["effects"] if "round" in e] for c in CHARACTERS}
    assert rounds["iro-meister-der-klinge"] == [2, 8]  # the seed's "Runde 2 ... Runde 8" example
    assert any(e.get("round_bonuses") for c in OTHERS for e in c["effects"])


def test_at_least_eighty_other_cards_of_every_kind() -> None:
    assert len(OTHERS) >= 80
    assert {"weapon", "armor", "spell", "theurgy", "potion", "action", "item"} <= {c["type"] for c in OTHERS}
    plain = [c for c in OTHERS if not c["guilds"] and not c["attributes"].get("classes")]
    assert len(plain) >= 30
    assert sum(bool(c["attributes"].get("classes")) for c in OTHERS) >= 5  # E5


def test_theurgies_need_a_priest_as_the_seed_says() -> None:
    assert all(c["attributes"].get("classes") == ["priester"] for c in OTHERS if c["type"] == "theurgy")


def test_unique_and_banned_at_start_cards() -> None:
    assert sum(c["unique"] for c in OTHERS) >= 3
    assert 3 <= sum(c["banned_at_start"] for c in CARDS) <= 5  # E7: start from 200


def test_e7_a_set_is_released_after_the_november_tournament() -> None:
    releases = {c["set"]["released"] for c in CARDS}
    assert len(releases) >= 2 and max(releases) > "2026-11-12"
    assert any(c["set"]["released"] > "2026-11-12" for c in CHARACTERS)


def lines_for(allowed: set[str]) -> int:
    """How many evolution lines a deck of these guilds may draw its other cards from."""
    return len({line_root(c) for c in OTHERS if not c["guilds"] or set(c["guilds"]) & allowed})


@pytest.mark.parametrize("guild", GUILDS)
def test_e1_e4_every_guild_can_fill_a_deck_of_twenty(guild: str) -> None:
    assert lines_for({guild}) * 2 >= 20


def test_e4_a_mercenary_deck_can_be_filled() -> None:
    assert sum(c["guilds"] == [MERCENARY] for c in CHARACTERS) >= 3
    assert lines_for({MERCENARY}) * 2 >= 20


def test_the_schema_refuses_an_effect_outside_the_vocabulary() -> None:
    card = {**BY_SLUG["katana"], "effects": [{"attack": 2, "fly": True}]}
    assert [e.field for e in SCHEMA.validate(card)] == ["effects"]


def test_e3_the_schema_refuses_a_mercenary_with_a_guild() -> None:
    card = {**BY_SLUG["aez"], "guilds": ["soeldner", "kotoba"]}
    assert [e.field for e in SCHEMA.validate(card)] == ["guilds"]


@pytest.mark.parametrize(
    ("effects", "problem"),
    [
        ([{"attack": 0}], "not a valid value"),
        ([{"heal": -1}], "not a valid value"),
        ([{"attack": 1, "heal": 1}], "exactly one verb"),
        ([{"attack": 1, "round": 21}], "round"),
        ([{"heal": 1, "while_raging": True}], "while_raging"),
        ([{"attack": 1, "while_raging": 1}], "while_raging"),
        ([{"attack": 1, "for_class": "koch"}], "for_class"),
        ([{"attack": 1, "target": "moon"}], "target"),
        ([{"gain_rune": "xx"}], "not a valid value"),
        ([{"attack": 1, "vs_class": "koch"}], "vs_class"),
        ("attack", "list"),
    ],
)
def test_effect_problems_name_what_is_wrong(effects: Any, problem: str) -> None:
    assert problem in " ".join(effect_problems(effects))


def test_render_text_names_conditions_and_targets_in_both_languages() -> None:
    effects = [{"attack": 2, "round": 3}, {"defense": 2, "target": "bearer"}, {"spirit": 1, "target": "bearer"}]
    assert render_text(effects, "de") == "Runde 3: Attacke +2. Träger: Verteidigung +2, Geist +1."
    assert render_text(effects, "en") == "Round 3: Attack +2. Bearer: Defence +2, Spirit +1."
    assert render_text([{"spell_damage": 5}], "de") == "5 Zauberschaden."
    assert render_text([{"chain": "wakizashi"}], "en") == "Chain: Wakizashi."
    assert render_text([{"attack": 3, "while_raging": True}], "de") == "Während der Wut: Attacke +3."
    assert render_text([{"attack": 3, "target": "bearer", "for_class": "kaempfer"}], "en") == (
        "For a Fighter: Bearer: Attack +3."
    )
    assert render_text([{"round_bonuses": True}], "de") == "Erhält alle Rundenboni."
