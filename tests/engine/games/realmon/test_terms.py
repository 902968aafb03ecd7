"""Every effect term of the vocabulary has a handler, and every bundled card is played: each of its
terms runs (a card the engine cannot run fails here, never does nothing). Then one test per verb
on what it does."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.games.realmon import GAME, terms
from engine.games.realmon.effects import VERBS, verb_of
from engine.games.realmon.engine import RealmonMatch
from engine.games.realmon.terms import HANDLERS, Source, missing_handlers
from tests.engine.games.realmon.table import cid, fight, side, table

CARDS = GAME.bundled_cards()
Calls = list[tuple[str, str]]


def test_every_verb_of_the_vocabulary_has_a_handler() -> None:
    assert missing_handlers() == [] and set(HANDLERS) == set(VERBS)
    for verb, handler in HANDLERS.items():
        assert (handler.play is None) != (handler.fight is None), verb
        assert handler.phase == ("play" if handler.play else "fight"), verb


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Record (verb, card id) for every term a handler runs."""
    seen: Calls = []
    for verb, handler in HANDLERS.items():
        if handler.play is not None:
            play = handler.play

            def on_play(s: Any, rnd: Any, source: Source, term: Any, run: Any = play) -> None:
                seen.append((verb_of(term), source.card))
                run(s, rnd, source, term)

            monkeypatch.setitem(terms.HANDLERS, verb, replace(handler, play=on_play))
        else:
            assert handler.fight is not None
            counted = handler.fight

            def on_fight(f: Any, source: Source, term: Any, run: Any = counted) -> None:
                seen.append((verb_of(term), source.card))
                run(f, source, term)

            monkeypatch.setitem(terms.HANDLERS, verb, replace(handler, fight=on_fight))
    return seen


def _round(match: RealmonMatch, mine: tuple[str, ...], category: str) -> None:
    """Drive one round to its end: P1 lays ``mine`` (slugs), P2 its first monster."""
    while match.to_act is not None and match.view(None)["fight"] is None:
        p, phase = match.to_act, match.view(None)["phase"]
        legal = [a.id for a in match.legal_actions(p)]
        if phase == "announce":
            match.apply(p, f"announce:{category}" if f"announce:{category}" in legal else "dice")
        elif phase == "lay":
            chosen = mine if p == 0 else ("panzerwolf",)
            wanted = "lay:" + "+".join([cid(match, p, chosen[0]), *sorted(cid(match, p, c) for c in chosen[1:])])
            if wanted not in legal:  # R17 "1 gegen 2": the monster with its helper
                wanted = min((a for a in legal if cid(match, p, chosen[0]) in a), key=len)
            match.apply(p, wanted)
        else:
            match.apply(p, legal[0])


def _category(card: dict[str, Any]) -> str:
    return next((e["category"] for e in card["effects"] if "category" in e), "dominanz")


@pytest.mark.parametrize("card", CARDS, ids=[c["slug"] for c in CARDS])
def test_every_bundled_card_is_played_and_each_of_its_terms_runs(card: dict[str, Any], calls: Calls) -> None:
    slug, kind = card["slug"], card["type"]
    hand = {
        "monster": [slug, "moosling"],
        "combat": ["gorgantor", "moosling", slug],
        "action": ["gorgantor", "moosling", slug],
    }
    p0 = side(hand[kind], combat=["krallenhieb"], actions=["rueckenwind"], abyss=["eisenhauer"])
    match = table(p0, side(["panzerwolf", "glimmwurm", "krallenhieb"]), dice=[3] * 20)
    played = cid(match, 0, slug)
    if kind == "action":
        match.apply(0, next(a for a in match.legal_actions(0) if a.params.get("card") == played))
    _round(
        match,
        (slug,) if kind == "monster" else ("gorgantor", slug) if kind == "combat" else ("gorgantor",),
        _category(card),
    )
    shown = match.view(None)["fight"]
    assert shown is not None, f"{slug}: the round did not reach its fight"
    if kind == "monster":
        assert shown["sides"][0]["monster"]["slug"] == slug
    elif kind == "combat":
        (part,) = shown["sides"][0]["combat"]
        assert part["card"]["slug"] == slug and part["amount"] != 0
    else:
        assert shown["field"]["slug"] == slug
    ran = {verb for verb, source in calls if source == played}
    assert ran == {verb_of(term) for term in card["effects"]}, slug


# --- each verb ------------------------------------------------------------------------------------


def test_term_boost_both_sides_and_in_a_category_only() -> None:
    match = table(["eisenhauer", "moosling", "stabiles-feld"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "stability", ("eisenhauer",), ("panzerwolf",), field="stabiles-feld")
    assert [s["field_total"] for s in shown["sides"]] == [3, 3]
    match = table(["eisenhauer", "moosling", "stabiles-feld"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="stabiles-feld")
    assert [s["field_total"] for s in shown["sides"]] == [0, 0]


def test_term_gamble_both_each_side_rolls_its_own_die() -> None:
    match = table(["eisenhauer", "moosling", "doppeltes-risiko"], ["panzerwolf", "glimmwurm"], dice=[4, 3, 1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="doppeltes-risiko")
    assert [(s["field"][0]["roll"], s["field_total"]) for s in shown["sides"]] == [(4, 4), (3, -4)]


def test_term_gamble_a_long_shot_that_misses_costs_the_penalty() -> None:
    match = table(["eisenhauer", "moosling", "wilder-wurf"], ["panzerwolf", "glimmwurm"], dice=[5, 1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="wilder-wurf")
    assert shown["sides"][0]["field_total"] == -4
    match = table(["eisenhauer", "moosling", "gluecksspiel"], ["panzerwolf", "glimmwurm"], dice=[3, 1, 1, 1])
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="gluecksspiel")
    assert shown["sides"][0]["field_total"] == 3


def test_term_realm_bonus_both_gives_the_other_side_a_roll() -> None:
    match = table(["gorgantor", "moosling", "realm-resonanz"], ["panzerwolf", "glimmwurm"], dice=[1] * 6 + [3, 1, 1])
    shown = fight(match, "echo", ("gorgantor",), ("panzerwolf",), field="realm-resonanz")
    assert shown["sides"][0]["bonus_roll"]["dice"] == [3, 1, 1] and shown["sides"][0]["bonus"] == 15


def test_term_no_realm_bonus_nobody_rolls() -> None:
    match = table(["eisenhauer", "moosling", "realm-sperre"], ["panzerwolf", "glimmwurm"], dice=[2])
    shown = fight(match, None, ("eisenhauer",), ("panzerwolf",), field="realm-sperre")
    assert [(s["bonus_roll"], s["bonus"]) for s in shown["sides"]] == [(None, 0), (None, 0)]


def test_term_reroll_and_die_as_leave_a_hit_alone() -> None:
    match = table(["eisenhauer", "moosling", "zweiter-versuch"], ["panzerwolf", "glimmwurm"], dice=[2, 6, 1, 1])
    roll = fight(match, None, ("eisenhauer",), ("panzerwolf",), field="zweiter-versuch")["sides"][0]["bonus_roll"]
    assert roll["faces"] == [6, 1, 1] and "rerolled" not in roll


def test_term_set_category_the_fight_uses_the_cards_category() -> None:
    match = table(["eisenhauer", "moosling", "chaosfeld"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "chaos", ("eisenhauer",), ("panzerwolf",), field="chaosfeld")
    assert shown["category"] == "chaos" and [s["value"] for s in shown["sides"]] == [9, 3]


def test_term_block_combat_cards_and_swap_roles() -> None:
    match = table(["eisenhauer", "moosling", "stille-zone", "krallenhieb"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "echo", ("eisenhauer",), ("panzerwolf",), field="stille-zone")
    assert shown["sides"][0]["combat"] == [] and match.view(None)["block_combat"] is False
    match = table(["eisenhauer", "moosling", "rollentausch"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    match.apply(0, f"field:{cid(match, 0, 'rollentausch')}")
    assert match.view(None)["attacker"] == 1 and match.view(None)["swapped"] is True


def test_term_realm_loss_and_discard_hit_both_players() -> None:
    p0 = side(["eisenhauer", "moosling", "abyss-beben"], abyss=["panzerwolf"])
    match = table(p0, side(["panzerwolf", "glimmwurm"], abyss=["eisenhauer"]))
    match.apply(0, f"field:{cid(match, 0, 'abyss-beben')}")
    assert [p["points"] for p in match.view(None)["players"]] == [31 - 5, 33 - 5]
    match = table(["eisenhauer", "moosling", "leerer-sog", "chaosfeld"], ["panzerwolf", "glimmwurm", "tarnung"])
    match.apply(0, f"field:{cid(match, 0, 'leerer-sog')}")
    match.apply(0, f"discard:{cid(match, 0, 'chaosfeld')}")
    assert match.to_act == 1 and match.view(1)["pending"]["reason"] == "field"
    match.apply(1, f"discard:{cid(match, 1, 'tarnung')}")
    assert match.to_act == 0 and [p["hand_count"] for p in match.view(None)["players"]] == [2, 2]


def test_term_destroy_loser_and_the_broken_kaijus_terms() -> None:
    match = table(["gorgantor", "moosling", "vernichtung"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    assert fight(match, "dominanz", ("gorgantor",), ("panzerwolf",), field="vernichtung")["loser_out"] is True
    match = table(["zerfallskoenig", "moosling"], ["panzerwolf", "glimmwurm"], dice=[1] * 6)
    shown = fight(match, "stability", ("zerfallskoenig",), ("panzerwolf",))
    assert shown["sides"][0]["immune"] and shown["sacrificed"][0]["card"]["slug"] == "moosling"
    assert shown["loser_out"] and shown["sides"][0]["monster_draw"] == 2
