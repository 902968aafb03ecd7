"""Eredan's deck rules (E1-E6) on small synthetic cards; the seed's E3 examples by name."""

from __future__ import annotations

from typing import Any

from engine.core.decks import DeadCards, Deck, DeckEntry
from engine.games.eredan.deckrules import (
    CharacterCount,
    ChargeLimit,
    DistinctCharacterLines,
    GuildRule,
    OffGuildCards,
    class_dead_cards,
    deck_charge,
    eredan_summary,
    guild_profile,
)

E5 = DeadCards("E5", class_dead_cards, "class-restricted cards no character can use")


def char(name: str, *guilds: str, classes: tuple[str, ...] = ("kaempfer",), **extra: Any) -> dict[str, Any]:
    slug = name.lower().replace(" ", "-")
    attributes = {"classes": list(classes), "race": extra.pop("race", "mensch")}
    return {"slug": slug, "name": name, "type": "character", "guilds": list(guilds), "attributes": attributes, **extra}


def item(name: str, *guilds: str, classes: tuple[str, ...] = (), type_: str = "action") -> dict[str, Any]:
    attributes = {"classes": list(classes)} if classes else {}
    return {"slug": name.lower(), "name": name, "type": type_, "guilds": list(guilds), "attributes": attributes}


TELENDAR = char("Telendar", "zil")
IRO = char("Iro", "kotoba")
AMAYA = char("Amaya", "kotoba", classes=("priester",))
AEZ = char("Aez", "soeldner", classes=("marodeur",))
HARES = char("Hares der Brutale", "soeldner", classes=("berserker",))
ZAHAL = char("Zahal", "noz-dingard", classes=("priester",))
VASKO = char("Vasko", "soeldner")
MORVEK = char("Morvek", "nehantisten", classes=("magier",))
MIRELLE = char("Lady Mirelle", "kotoba", "noz-dingard", classes=("kurtisane",))
SIONA = char("Siona", "zil", "piraten", classes=("kurtisane",))


def deck(*cards: dict[str, Any] | tuple[dict[str, Any], int], **context: Any) -> Deck:
    entries = []
    for n, c in enumerate(cards, start=1):
        card, count = c if isinstance(c, tuple) else (c, 1)
        section = "characters" if card["type"] == "character" else "deck"
        entries.append(DeckEntry(card=card, count=count, section=section, line=n))
    return Deck(tuple(entries), context)


def codes(rule: Any, d: Deck) -> list[str]:
    return [v.code for v in rule.check(d)]


# E1


def test_e1_exactly_three_characters() -> None:
    assert codes(CharacterCount(), deck(IRO, AMAYA, AEZ)) == []
    (problem,) = CharacterCount().check(deck(IRO, AMAYA))
    assert problem.code == "character_count"
    assert problem.message == "The deck has 2 characters; exactly 3 are required (E1)."
    assert codes(CharacterCount(), deck(IRO, AMAYA, AEZ, HARES)) == ["character_count"]


def test_e1_characters_are_known_by_type_whatever_the_section() -> None:
    entries = tuple(DeckEntry(card=c, count=1, section="deck") for c in (IRO, AMAYA, AEZ))
    assert codes(CharacterCount(), Deck(entries)) == []


def test_e1_characters_on_the_sideboard_do_not_count() -> None:
    d = Deck((*deck(IRO, AMAYA, AEZ).entries, DeckEntry(card=HARES, count=1, section="side")))
    assert codes(CharacterCount(), d) == []


# E2: distinct character lines


def test_e2_three_characters_from_three_different_lines() -> None:
    iro_2 = char("Iro Meister", "kotoba", evolves_from="iro")
    assert codes(DistinctCharacterLines(), deck(IRO, AMAYA, AEZ)) == []
    (problem,) = DistinctCharacterLines().check(deck(IRO, iro_2, AEZ))
    assert problem.code == "character_line"
    assert problem.cards == ("iro", "iro-meister")
    assert "different evolution lines (E2)" in problem.message


def test_e2_the_same_character_twice_is_one_line_twice() -> None:
    assert codes(DistinctCharacterLines(), deck((IRO, 2), AEZ)) == ["character_line"]


# E3: the seed's examples, exactly as games.md states them


def test_e3_seed_telendar_zil_with_iro_and_amaya_kotoba_is_illegal() -> None:
    (problem,) = GuildRule().check(deck(TELENDAR, IRO, AMAYA))
    assert problem.code == "guild_conflict"
    assert problem.message == ("The characters share no guild: Telendar (zil), Iro (kotoba), Amaya (kotoba) (E3).")
    assert guild_profile(deck(TELENDAR, IRO, AMAYA)).guilds == frozenset()


def test_e3_seed_aez_mercenary_with_iro_and_amaya_is_a_legal_kotoba_deck() -> None:
    d = deck(AEZ, IRO, AMAYA)
    assert codes(GuildRule(), d) == []
    assert eredan_summary(d) == {"guilds": ["kotoba"], "multi_guild": False}


def test_e3_seed_aez_and_hares_mercenaries_with_zahal_is_a_legal_noz_dingard_deck() -> None:
    d = deck(AEZ, HARES, ZAHAL)
    assert codes(GuildRule(), d) == []
    assert eredan_summary(d)["guilds"] == ["noz-dingard"]


def test_e3_three_mercenaries_are_a_mercenary_deck_with_no_guild() -> None:
    d = deck(AEZ, HARES, VASKO)
    assert codes(GuildRule(), d) == []
    profile = guild_profile(d)
    assert (profile.guilds, profile.has_mercenary) == (frozenset(), True)
    assert eredan_summary(d)["guilds"] == []


def test_e3_nehantist_and_mercenary_never_share_a_deck() -> None:
    nyx = char("Nyx", "nehantisten")
    (problem,) = GuildRule().check(deck(MORVEK, nyx, AEZ))
    assert problem.code == "nehantist_mercenary"
    assert problem.cards == ("morvek", "nyx", "aez")
    assert "(E3)" in problem.message


def test_e3_a_courtesan_makes_a_multi_guild_deck() -> None:
    d = deck(MIRELLE, IRO, ZAHAL)
    assert codes(GuildRule(), d) == ["guild_conflict"]  # Iro and Zahal share nothing, courtesan or not
    d = deck(MIRELLE, IRO, AMAYA)
    assert codes(GuildRule(), d) == []
    assert eredan_summary(d) == {"guilds": ["kotoba"], "multi_guild": True}


def test_e3_two_courtesans_must_share_a_guild_with_everyone() -> None:
    assert codes(GuildRule(), deck(MIRELLE, SIONA, AEZ)) == ["guild_conflict"]
    both = char("Both", "kotoba", "zil", classes=("kurtisane",))
    d = deck(MIRELLE, both, AEZ)
    assert codes(GuildRule(), d) == []
    assert eredan_summary(d) == {"guilds": ["kotoba"], "multi_guild": True}


def test_e3_a_courtesan_alone_with_mercenaries_keeps_both_guilds() -> None:
    assert eredan_summary(deck(MIRELLE, AEZ, HARES))["guilds"] == ["kotoba", "noz-dingard"]


# E4


def test_e4_cards_of_the_decks_guilds_neutral_cards_and_mercenary_cards_with_a_mercenary() -> None:
    d = deck(AEZ, IRO, AMAYA, item("Katana", "kotoba"), item("Heiltrank"), item("Kopfgeld", "soeldner"))
    assert codes(OffGuildCards(), d) == []


def test_e4_seed_katana_does_not_go_into_a_noz_dingard_deck() -> None:
    (problem,) = OffGuildCards().check(deck(AEZ, HARES, ZAHAL, item("Katana", "kotoba")))
    assert (problem.code, problem.cards, problem.line) == ("off_guild_card", ("katana",), 4)
    assert problem.message == "Katana belongs to kotoba, outside this deck's guilds (noz-dingard) (E4)."


def test_e4_mercenary_cards_need_a_mercenary_character() -> None:
    assert codes(OffGuildCards(), deck(IRO, AMAYA, char("Aku", "kotoba"), item("Kopfgeld", "soeldner"))) == [
        "off_guild_card"
    ]


def test_e4_a_mercenary_deck_takes_only_neutral_and_mercenary_cards() -> None:
    d = deck(AEZ, HARES, VASKO, item("Katana", "kotoba"), item("Kopfgeld", "soeldner"))
    (problem,) = OffGuildCards().check(d)
    assert "none: a mercenary deck" in problem.message


def test_e4_a_card_of_one_of_a_courtesans_guilds_is_allowed() -> None:
    assert codes(OffGuildCards(), deck(MIRELLE, AEZ, HARES, item("Lichtbann", "noz-dingard"))) == []


def test_e4_is_silent_when_the_characters_already_conflict() -> None:
    assert codes(OffGuildCards(), deck(TELENDAR, IRO, AMAYA, item("Katana", "kotoba"))) == []


# E5


def test_e5_a_class_card_no_character_can_use_is_a_dead_card_warning() -> None:
    feuerball = item("Feuerball", classes=("magier",), type_="spell")
    (problem,) = E5.check(deck(IRO, AMAYA, AEZ, feuerball))
    assert (problem.code, problem.severity, problem.cards) == ("dead_card", "warning", ("feuerball",))
    assert problem.message == "Feuerball is a dead card: needs a magier; no character of the deck is one (E5)."
    assert list(E5.check(deck(IRO, AMAYA, MORVEK, feuerball))) == []


def test_e5_a_golem_takes_class_restricted_items() -> None:
    sword = item("Schwert", classes=("magier",), type_="weapon")
    golem = char("Moosbart", "kotoba", race="golem")
    assert len(list(E5.check(deck(IRO, AMAYA, AEZ, sword)))) == 1
    assert list(E5.check(deck(IRO, AMAYA, golem, sword))) == []


def test_e5_a_gemelit_casts_the_spells_of_its_element_so_they_are_not_dead() -> None:
    eislanze = item("Eislanze", classes=("magier",), type_="spell")
    eislanze["attributes"]["element"] = "wasser"
    feuerball = item("Feuerball", classes=("magier",), type_="spell")
    feuerball["attributes"]["element"] = "feuer"
    qadir = char("Qadir", "wuestennomaden", race="gemelit")
    qadir["attributes"]["element"] = "wasser"
    dead = [entry.slug for entry, _ in class_dead_cards(deck(IRO, AMAYA, qadir, eislanze, feuerball))]
    assert dead == ["feuerball"]


# E6


def charged(name: str, charge: int) -> tuple[dict[str, Any], dict[str, int]]:
    return item(name), {name.lower(): charge}


def test_e6_charge_is_copies_times_charge_over_every_card_with_characters() -> None:
    d = deck(IRO, AMAYA, AEZ, (item("Katana", "kotoba"), 2), charges={"iro": 30, "katana": 100})
    assert deck_charge(d) == 230
    assert eredan_summary(d)["charge"] == 230


def test_e6_a_charge_below_five_counts_zero() -> None:
    d = deck((item("A"), 2), (item("B"), 2), charges={"a": 4, "b": 5})
    assert deck_charge(d) == 10


def test_e6_the_sideboard_carries_no_charge() -> None:
    d = Deck((DeckEntry(card=item("A"), count=2, section="side"),), {"charges": {"a": 100}})
    assert deck_charge(d) == 0


def test_e6_500_is_legal_501_is_not_and_the_message_names_the_heaviest_cards() -> None:
    charges = {"a": 200, "b": 50, "c": 1, "d": 50}
    legal = deck((item("A"), 2), (item("B"), 2), (item("C"), 2), charges=charges)
    assert codes(ChargeLimit(), legal) == []
    over = deck((item("A"), 2), (item("B"), 2), (item("D"), 1), (item("C"), 2), charges=charges)
    (problem,) = ChargeLimit().check(over)
    assert problem.code == "charge_limit"
    assert problem.message == "Deck charge 550 is above the limit of 500 (E6); heaviest: A 400, B 100, D 50."
    assert problem.params == {"charge": 550, "limit": 500, "heaviest": ["a", "b", "d"]}


def test_e6_without_a_charge_list_there_is_nothing_to_check_or_sum() -> None:
    d = deck((item("A"), 50))
    assert codes(ChargeLimit(), d) == []
    assert "charge" not in eredan_summary(d)


def test_e6_the_floor_and_limit_are_settings() -> None:
    d = deck((item("A"), 1), charges={"a": 8})
    assert codes(ChargeLimit(limit=7), d) == ["charge_limit"]
    assert codes(ChargeLimit(limit=7, floor=10), d) == []


def test_e6_the_quilingo_summary_gives_the_total_the_limit_and_the_headroom() -> None:
    from engine.core.decks import Deck, DeckEntry
    from engine.games import get_format

    character = {"type": "character", "guilds": ["kotoba"], "attributes": {}}
    entries = (
        DeckEntry({"slug": "a", "name": "A", **character}, 1, "characters"),
        DeckEntry({"slug": "katana", "name": "Katana", "type": "weapon", "guilds": [], "attributes": {}}, 2),
    )
    summary = get_format("eredan/quilingo").validate(Deck(entries, {"charges": {"a": 100, "katana": 4}})).summary
    assert (summary["charge"], summary["charge_limit"], summary["charge_headroom"]) == (100, 500, 400)
    standard = get_format("eredan/standard").validate(Deck(entries, {"charges": {"a": 100}})).summary
    assert "charge_limit" not in standard
