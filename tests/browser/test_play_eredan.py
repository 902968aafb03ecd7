"""Eredan's board (templates/matches/eredan/board.html) drawn from a seat's view: the six characters
with health, attachments, runes, weakened and dead marks; the round and its bonuses; the pair; the
phase-2 cards in order (face down to the table until revealed); the confrontation broken down; the
points. (The browser test of a whole match waits for the generic play page shell.)"""

from __future__ import annotations

import re
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from engine.games.eredan.engine import EredanMatch
from engine.games.eredan.present import PRESENTATION
from tests.engine.games.eredan.helpers import AWAY, act, side, table, to_discards


def render(match: EredanMatch, viewer: int | None) -> str:
    view = match.view(viewer)
    context: dict[str, Any] = {
        "state": view,
        "player": viewer,
        "seat_names": ["Anna", "Computer"],
        "board": PRESENTATION.present(view, viewer),
        "match": None,
    }
    with translation.override("en"):
        return render_to_string("matches/eredan/board.html", context)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_board_shows_six_characters_their_marks_runes_and_attachments() -> None:
    home = side(
        [
            {"slug": "aku", "weakened": True},
            {"slug": "amaya", "dead": True, "health": 0},
            {"slug": "iro", "runes": ["cor"], "attached": ["katana"]},
        ]
    )
    html = render(table(home, side(AWAY)), 0)
    assert html.count('class="mcard eredan-character') == 6
    shown = text(html)
    for name in ("Aku", "Amaya", "Iro", "Aez", "Hares der Brutale", "Zahal"):
        assert name in shown
    assert "health 16/16" in shown and "health 0/18" in shown
    assert "weakened" in shown and "dead" in shown
    assert "Runes 1/3: cor" in shown and "Carries: Katana" in shown
    assert "Round 1" in shown and "P1 is the active player" in shown


def test_the_board_shows_the_pair_bonuses_and_face_down_cards_in_order() -> None:
    match = act(
        table(side(hand=["gluehender-pfeil"]), side(AWAY, hand=["ausweichen"]), round=2), "pick:0:0", "play:p0c3"
    )
    mine, theirs = text(render(match, 0)), text(render(match, 1))
    assert "Fight: Aku against Aez" in mine and "Aez (P2): Round 2: Attack +1." in mine
    assert "Glühender Pfeil (face down, only you see it)" in mine
    assert "Glühender Pfeil" not in theirs and "a face-down card" in theirs
    assert "Ausweichen" in theirs and "Ausweichen" not in mine  # each sees only their own hand


def test_the_board_breaks_the_confrontation_down_and_shows_the_points() -> None:
    match = to_discards(act(table(side(hand=["gluehender-pfeil"]), side(AWAY)), "pick:0:0"), "play:p0c3")
    html = render(match, None)
    shown = text(html)
    assert "P1, first card: Glühender Pfeil" in shown
    assert "replaced by a spell" in shown
    row = re.search(r'<tr data-player="1">(.*?)</tr>', html, re.S)
    assert row is not None and [c for c in re.findall(r"<td>(.*?)</td>", row.group(1))] == [
        "6 − 1",
        "5",
        "0",
        "4",
        "0",
        "16",
    ]
    points = re.findall(r'<strong class="points">(\d+)</strong>', html)
    assert sorted(points) == ["4", "5"]
