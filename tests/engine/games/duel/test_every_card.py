"""Every bundled duel card is played at least once, and every effect of it is carried out.

Each card is played from a position where all its effects can act (a creature is summoned and, if
it has ``dies`` effects, sent into a stronger one; a trap is sprung against the opponent's attack or
summon; a reinforcement stays for its owner's next turn). The term handlers are wrapped to record
which card's which term ran: a card whose effect never ran fails, never a silent no-op. Lasting
boosts and static keywords are checked by what they change.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from engine.games.duel import GAME
from engine.games.duel.cards import compile_card, is_lasting, term_of
from engine.games.duel.effects import STATIC_TERMS
from engine.games.duel.engine import DuelMatch
from engine.games.duel.terms import HANDLERS, Term
from tests.engine.games.duel.helpers import act, creature, ids, match, side

CARDS = {card["slug"]: card for card in GAME.bundled_cards()}
Ran = list[tuple[str, str]]


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> Iterator[Ran]:
    """Every (card slug, term) the handlers carried out."""
    record: Ran = []

    def wrap(term: str, handler: Term) -> Term:
        def run(s: Any, task: Any) -> None:
            record.append((s["cards"][task["source"]], term))
            assert handler.run is not None
            handler.run(s, task)

        def choose(s: Any, task: Any, option: str) -> None:
            record.append((s["cards"][task["source"]], term))
            assert handler.choose is not None
            handler.choose(s, task, option)

        return replace(handler, run=run if handler.run else None, choose=choose if handler.choose else None)

    for term, handler in list(HANDLERS.items()):
        monkeypatch.setitem(HANDLERS, term, wrap(term, handler))
    yield record


def choose_targets(m: DuelMatch) -> None:
    """Answer pending target choices with the first option."""
    while m.to_act is not None and m.state["pending"] and m.state["pending"]["kind"] == "target":
        act(m, sorted(ids(m))[0])


def run_terms(card: dict[str, Any]) -> set[str]:
    """The terms of a card the handlers carry out (not static keywords, not lasting boosts)."""
    return {term_of(e) for e in card["effects"] if term_of(e) not in STATIC_TERMS and not is_lasting(card["type"], e)}


# --- playing each type ----------------------------------------------------------------------------------------


def play_creature(slug: str) -> DuelMatch:
    card = compile_card(CARDS[slug])
    fodder = ["grubenratte", "sumpfkroete"][: card["sacrifice"]]
    me = side(
        [slug], fodder, graveyard=["wachhund", "feldwebel", "bergtroll"], discard=["sumpfkroete"], deck=["wachhund"] * 5
    )
    m = match(me, side(["feuerball", "heiltrank"], ["drachenfuerst"]))
    summon = sorted(a for a in ids(m) if a.startswith("summon:p0c0:attack"))[0]
    act(m, summon)
    choose_targets(m)
    if card["on"]["dies"]:
        act(m, f"attack:p0c0:{m.state['players'][1]['creatures'][0]['card']}")
        choose_targets(m)
    return m


def play_trap(slug: str) -> DuelMatch:
    me = side([], ["wachhund"], support=[{"slug": slug}], deck=["wachhund"] * 5)
    m = match(me, side(["wachhund"], ["bergtroll"]), current=1)
    if springs_on(slug, "attacked"):
        act(m, "attack:p1c11:p0c5")
    else:
        act(m, "summon:p1c0:attack")
    act(m, "spring:p0c6")
    choose_targets(m)
    return m


def springs_on(slug: str, trigger: str) -> bool:
    return any(e.get("when") == trigger for e in CARDS[slug]["effects"])


def play_spell(slug: str) -> DuelMatch:
    me = side([slug], ["wachhund"], graveyard=["feldwebel"], discard=["bergtroll"], deck=["wachhund"] * 5)
    m = match(me, side(["feuerball"], ["sturmreiter"], support=[{"slug": "fallgrube"}]))
    act(m, "cast:p0c0")
    choose_targets(m)
    return m


def play_weapon(slug: str) -> DuelMatch:
    m = match(side([slug], ["wachhund"]), side())
    act(m, "equip:p0c0:p0c11")
    return m


def play_reinforcement(slug: str) -> DuelMatch:
    m = match(side([slug, "sumpfkroete"], ["wachhund"]), side([], ["wachhund"]))
    act(m, "reinforce:p0c0", "end", "begin", "end", "begin")
    return m


PLAY = {
    "creature": play_creature,
    "elite": play_creature,
    "trap": play_trap,
    "spell": play_spell,
    "weapon": play_weapon,
    "reinforcement": play_reinforcement,
}


@pytest.mark.parametrize("slug", sorted(CARDS))
def test_every_card_is_played_and_every_effect_it_has_is_carried_out(slug: str, ran: Ran) -> None:
    card = CARDS[slug]
    m = PLAY[card["type"]](slug)
    done = {term for source, term in ran if source == slug}
    assert run_terms(card) <= done, f"{slug}: {sorted(run_terms(card) - done)} never ran"
    assert slug in str(m.view(0)), f"{slug} was never played"


# --- what lasting boosts and static keywords change ----------------------------------------------------------------


def test_there_are_71_bundled_cards() -> None:
    assert len(CARDS) == 71


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if c["type"] == "weapon"))
def test_every_weapon_boosts_the_equipped_creature(slug: str) -> None:
    boost = next(e["boost"] for e in CARDS[slug]["effects"])
    m = play_weapon(slug)
    shown = creature(m, 0, "wachhund")
    assert (shown["attack"], shown["defense"]) == (2 + boost.get("attack", 0), max(0, 2 + boost.get("defense", 0)))


@pytest.mark.parametrize(
    ("slug", "mine", "theirs"),
    [
        ("banner-des-heeres", (3, 2), (2, 2)),
        ("festungsmauer", (2, 4), (2, 2)),
        ("fluch-der-schwaeche", (2, 2), (1, 2)),
    ],
)
def test_lasting_reinforcements_boost_their_side(slug: str, mine: tuple[int, int], theirs: tuple[int, int]) -> None:
    m = match(side([slug], ["wachhund"]), side([], ["wachhund"]))
    act(m, "reinforce:p0c0")
    own, foe = creature(m, 0, "wachhund"), creature(m, 1, "wachhund")
    assert (own["attack"], own["defense"]) == mine and (foe["attack"], foe["defense"]) == theirs


def test_kriegstrommeln_gives_a_second_summon_at_the_start_of_its_owners_turn() -> None:
    m = match(side(["wachhund", "feldwebel"], reinforcement="kriegstrommeln"), side(), phase="start", turn=2)
    act(m, "summon:p0c0:attack")
    assert any(a.startswith("summon:p0c1") for a in ids(m))


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if compile_card(c)["direct"]))
def test_every_direct_attacker_may_attack_the_player_past_creatures(slug: str) -> None:
    m = match(side([], [slug]), side([], ["hueter-des-tores"]))
    act(m, "attack:p0c10:player")
    assert m.view(None)["players"][1]["life"] == 20 - CARDS[slug]["attributes"]["attack"]


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if compile_card(c)["piercing"]))
def test_every_piercing_creature_hits_through_a_killed_defender(slug: str) -> None:
    m = match(side([], [slug]), side([], [{"slug": "grubenratte", "position": "defense"}]))
    act(m, "attack:p0c10:p1c10")
    assert m.view(None)["players"][1]["life"] == 20 - (CARDS[slug]["attributes"]["attack"] - 1)


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if compile_card(c)["graveyard_attack"]))
def test_every_graveyard_attacker_grows_with_the_graveyards_creatures(slug: str) -> None:
    m = match(side([], [slug], graveyard=["wachhund", "feldwebel", "bergtroll", "feuerball"]), side())
    assert creature(m, 0, slug)["attack"] == CARDS[slug]["attributes"]["attack"] + 3


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if compile_card(c)["graveyard_needed"]))
def test_every_graveyard_condition_holds_back_the_summon(slug: str) -> None:
    m = match(side([slug]), side())
    assert not any(a.startswith("summon:") for a in ids(m))


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if compile_card(c)["sacrifice"]))
def test_every_sacrifice_condition_puts_its_creatures_into_the_graveyard(slug: str) -> None:
    n = compile_card(CARDS[slug])["sacrifice"]
    m = play_creature(slug)
    graveyard = [c["slug"] for c in m.view(None)["players"][0]["graveyard"]]
    assert graveyard[3 : 3 + n] == ["grubenratte", "sumpfkroete"][:n]
    alone = match(side([slug], ["grubenratte"] * (n - 1)), side())
    assert not any(a.startswith("summon:") for a in ids(alone))
