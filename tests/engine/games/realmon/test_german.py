"""The Realmon engine's English on a German page (engine/games/realmon/phrases.py): seats as
S1/S2, a singular where German needs its own form, the dice of a Realm-bonus roll read back piece
by piece, and Stability as Stabilität, in the log and on the board alike."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.games.realmon.engine import RealmonMatch
from engine.games.realmon.present import PRESENTATION, present
from engine.phrases import page_text
from tests.engine.games.realmon.table import fight, table


def de(text: str) -> str:
    with translation.override("de"):
        return page_text(text, PRESENTATION)


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("P2 lays a monster and 1 combat cards face down", "S2 legt ein Monster und 1 Kampfkarte verdeckt"),
        ("P2 lays a monster and 3 combat cards face down", "S2 legt ein Monster und 3 Kampfkarten verdeckt"),
        ("P1 draws 1 monster", "S1 zieht 1 Monster"),
        ("P1 draws 2 action cards", "S1 zieht 2 Aktionskarten"),
        ("Announce Stability", "Stabilität ansagen"),
        ("Lay Lavaläufer with Wuchtschlag, Tarnung (cost 50)", "Lavaläufer mit Wuchtschlag, Tarnung legen (Kosten 50)"),
        ("P1 sacrifices Glimmwurm to P2's Abyss", "S1 opfert Glimmwurm in den Abgrund von S2"),
        ("P2 wins 19 to 2: Moosling leaves the game", "S2 gewinnt 19 zu 2: Moosling verlässt das Spiel"),
    ],
)
def test_the_engine_s_texts_read_in_german_with_the_singular_where_german_needs_it(english: str, german: str) -> None:
    assert de(english) == german


def test_a_realm_bonus_roll_reads_in_german_down_to_its_counted_and_rerolled_dice() -> None:
    english = "P1 rolls 2, 1 (one counts as 4), rerolled 6 for the Realm bonus (needs 4): the Realm bonus +3"
    assert de(english) == (
        "S1 würfelt 2, 1 (einer zählt als 4), neu gewürfelt 6 für den Realm-Bonus (braucht 4): Realm-Bonus +3"
    )
    assert de("P2 rolls 5 for Wuchtschlag (needs 3): no critical hit") == (
        "S2 würfelt 5 für Wuchtschlag (braucht 3): kein kritischer Treffer"
    )


def test_the_board_names_stability_in_the_page_s_language_in_the_heading_and_the_category_line() -> None:
    match = table(["lavalaeufer", "moosling", "wuchtschlag"], ["nullmaul", "glimmwurm"], dice=[6, 6, 1, 1, 6, 6])
    fight(match, "stability", ("lavalaeufer", "wuchtschlag"), ("nullmaul",))
    view = match.view(None)
    assert present(view, None)["fight"]["category_name"] == "Stability"  # a msgid: the board translates it
    assert "Lavaläufer: Stabilität" in board(match, "de") and "Der Kampf der Runde 1: Stabilität" in board(match, "de")
    assert "Lavaläufer: Stability" in board(match, "en") and "The fight of round 1: Stability" in board(match, "en")


def board(match: RealmonMatch, language: str) -> str:
    view = match.view(None)
    with translation.override(language):
        html = render_to_string(
            "matches/realmon/board.html",
            {"state": view, "player": None, "seat_names": ["Anna", "Bert"], "board": present(view, None)},
        )
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
