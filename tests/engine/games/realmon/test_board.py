"""The Realmon board (templates/matches/realmon/board.html) drawn from views: each side's monster,
the category and how it was set, the dice, the fight value broken down, both Abysses and scores,
and nothing of what the viewer may not see. Only Django's template engine is used (no database)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.games.realmon.engine import RealmonMatch
from engine.games.realmon.present import present
from tests.engine.games.realmon.table import cid, fight, lay, table

NAMES = ["Anna", "Bert"]


def draw(match: RealmonMatch, viewer: int | None) -> str:
    """The board as ``viewer`` sees it, tags stripped, spaces squeezed."""
    view: dict[str, Any] = match.view(viewer)
    with translation.override("en"):
        html = render_to_string(
            "matches/realmon/board.html",
            {"state": view, "player": viewer, "seat_names": NAMES, "board": present(view, viewer)},
        )
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def fought() -> RealmonMatch:
    match = table(
        ["lavalaeufer", "moosling", "wuchtschlag", "doppeltes-risiko"],
        ["nullmaul", "glimmwurm"],
        dice=[2, 5, 6, 4, 1, 1, 6, 6, 3, 2],
    )
    fight(match, None, ("lavalaeufer", "wuchtschlag"), ("nullmaul",), field="doppeltes-risiko")
    return match


def test_the_board_breaks_the_last_fight_down_with_its_dice(fought: RealmonMatch) -> None:
    text = draw(fought, None)
    assert "The fight of round 1: Echo" in text
    assert "Lavaläufer: Echo 8" in text and "Wuchtschlag (critical hit: die 6, ×2) +8" in text
    assert "Doppeltes Risiko (die 5) +4" in text
    assert "Realm bonus: dice 4, 1, 1 against 6: miss +0" in text and "Total 20" in text
    assert "Nullmaul: Echo 18" in text and "Broken Kaiju: action and combat cards have no effect" in text
    assert "sacrificed Glimmwurm" in text and "Anna wins the fight" in text


def test_the_board_shows_both_abysses_and_scores(fought: RealmonMatch) -> None:
    text = draw(fought, 1)
    assert "Points 49" in text and "79 Realm in 2 monsters" in text and "Combat costs −30" in text
    assert "Glimmwurm · Realm 10" in text and "Nullmaul · Realm 69" in text
    assert "Points 0" in text and "0 Realm in 0 monsters" in text


def test_the_board_says_how_the_category_was_set() -> None:
    match = table(["eisenhauer", "moosling", "chaosfeld"], ["panzerwolf", "glimmwurm"], dice=[4])
    assert "not set yet" in draw(match, 0)
    match.apply(0, f"field:{cid(match, 0, 'chaosfeld')}")
    assert "Chaos, fixed by the field effect" in draw(match, None)
    match.apply(0, "dice")
    text = draw(match, None)
    assert "Category Chaos fixed by the field effect (the die showed 4)" in text
    assert "by dice: the attacker rolls" in text and "Field effect Chaosfeld" in text


def test_the_board_keeps_a_face_down_commitment_and_the_other_hand_hidden() -> None:
    match = table(["eisenhauer", "moosling", "krallenhieb"], ["panzerwolf", "glimmwurm", "tarnung"])
    match.apply(0, "announce:echo")
    lay(match, 0, "eisenhauer", "krallenhieb")
    theirs = draw(match, 1)
    assert "A monster and 1 combat card, face down" in theirs
    assert "Eisenhauer" not in theirs and "Krallenhieb" not in theirs and "Moosling" not in theirs
    assert "Tarnung" in theirs and "Panzerwolf" in theirs  # the viewer's own hand
    mine = draw(match, 0)
    assert "Eisenhauer" in mine and "face down: only you see it" in mine and "Tarnung" not in mine
    spectator = draw(match, None)
    assert "Your hand" not in spectator and "Eisenhauer" not in spectator
