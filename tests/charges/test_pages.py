"""Charge pages: the list (search, sort, as_of), the diff, a card's history as inline SVG."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from charges.chart import history_chart

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Card names in table order."""
    import re

    return re.findall(r'<td><a href="/charges/cards/[^"]+">([^<]+)</a></td>', html)


def test_e6_the_list_page_sorts_searches_and_picks_a_date(client: Any, lists: Any) -> None:
    html = client.get("/charges/", {"as_of": "2026-11-25"}).content.decode()
    assert rows(html)[:2] == ["Iro", "Katana"]  # highest charge first
    assert rows(client.get("/charges/", {"as_of": "2026-11-25", "sort": "name"}).content.decode())[0] == "Aez"
    assert rows(client.get("/charges/", {"q": "KAT"}).content.decode()) == ["Katana"]
    early = client.get("/charges/", {"as_of": "2026-11-15"}).content.decode()
    assert "2026-11-10" in early or "10. November 2026" in early


def test_e6_the_list_page_answers_404_for_a_game_without_charges(client: Any, eredan: Any) -> None:
    assert client.get("/charges/", {"game": "kamelo"}).status_code == 404


def test_e7_the_diff_page_shows_both_values(client: Any, lists: Any) -> None:
    html = client.get("/charges/diff/", {"from": "2026-11-15", "to": "2026-11-25"}).content.decode()
    assert "Katana" in html and "+167" in html
    assert "Amaya" not in html


def test_e7_the_history_page_draws_an_svg_chart(client: Any, lists: Any) -> None:
    html = client.get("/charges/cards/katana/").content.decode()
    assert "<svg" in html and "<polyline" in html and html.count("<circle") == 2
    assert client.get("/charges/cards/nosuchcard/").status_code == 404


def test_e7_the_chart_puts_a_higher_charge_higher() -> None:
    chart = history_chart([{"date": date(2026, 1, 1), "charge": 10}, {"date": date(2026, 1, 15), "charge": 170}])
    low, high = chart.dots
    assert high["y"] < low["y"] and high["x"] > low["x"]
    assert chart.ticks[-1]["value"] == 200
