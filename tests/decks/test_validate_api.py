"""`POST /api/decks/validate/`: api.md's request and response, every problem code, bad input."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest

from tests.decks.conftest import eredan_list, make_card

pytestmark = pytest.mark.django_db
URL = "/api/decks/validate/"


def validate(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post(URL, body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def codes(result: dict[str, Any]) -> list[str]:
    return [p["code"] for p in result["problems"]]


def test_a_legal_eredan_deck_answers_legal_with_its_summary(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list())
    assert result["legal"] is True, result["problems"]
    assert result["format"] == "eredan/standard"
    assert result["summary"]["count"] == 23
    assert result["summary"]["sections"] == {"characters": 3, "deck": 20}
    assert result["summary"]["guilds"] == ["kotoba"]
    assert result["summary"]["multi_guild"] is False


def test_names_match_case_and_accent_insensitively_in_german_and_english(anon, eredan_pool):
    extra = "1 ECLAIR\n1 kotoba scroll\n"
    result = validate(anon, format="eredan/standard", list=eredan_list(extra=extra))
    assert "unknown_card" not in codes(result)
    assert result["summary"]["sections"]["deck"] == 22


def test_the_cards_form_takes_slugs_and_names(anon, eredan_pool):
    cards = [{"card": c, "count": 1, "section": "characters"} for c in ("iro", "Amaya", "AKU")]
    cards += [{"card": f"filler-{n:02d}", "count": 2} for n in range(10)]
    result = validate(anon, format="eredan/standard", cards=cards)
    assert result["legal"] is True, result["problems"]


def test_unknown_card_suggests_the_nearest_names(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Katanna\n"))
    problem = next(p for p in result["problems"] if p["code"] == "unknown_card")
    assert "Katana" in problem["message"]
    assert problem["line"] == 17
    assert result["legal"] is False


def test_a_card_of_another_game_is_unknown(anon, eredan_pool):
    make_card("duel", "drache", "Drache")
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Drache\n"))
    assert "unknown_card" in codes(result)


def test_ambiguous_card_lists_the_candidates_and_the_slug_resolves_it(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Schwert\n"))
    problem = next(p for p in result["problems"] if p["code"] == "ambiguous_card")
    assert sorted(problem["cards"]) == ["schwert-a", "schwert-b"]
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 schwert-b\n"))
    assert "ambiguous_card" not in codes(result)


def test_bad_line_quotes_the_line_and_its_number(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list="Characters\n1 Iro\nthis is no line\n")
    problem = next(p for p in result["problems"] if p["code"] == "bad_line")
    assert problem["line"] == 3
    assert "this is no line" in problem["message"]


def test_e1_deck_size_and_character_count(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(characters=("Iro", "Amaya"), fillers=5))
    assert {"deck_size", "character_count"} <= set(codes(result))


def test_e2_too_many_copies_and_unique_card(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="3 Katana\n2 Ring der Weisheit\n"))
    assert {"too_many_copies", "unique_card"} <= set(codes(result))


def test_e3_guild_conflict(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(characters=("Iro", "Amaya", "Zahal")))
    assert "guild_conflict" in codes(result)


def test_e3_nehantist_mercenary(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(characters=("Aez", "Mordak", "Iro")))
    assert "nehantist_mercenary" in codes(result)


def test_e4_off_guild_card(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Zil-Trank\n"))
    problem = next(p for p in result["problems"] if p["code"] == "off_guild_card")
    assert problem["cards"] == ["zil-potion"]


def test_e5_dead_card_is_a_warning_and_the_deck_stays_legal(anon, eredan_pool):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Druidenstab\n"))
    problem = next(p for p in result["problems"] if p["code"] == "dead_card")
    assert problem["severity"] == "warning"
    assert result["legal"] is True


@pytest.fixture
def charge_list(monkeypatch):
    """Stand-in charges: the charge engineer's `charges.selectors` functions, patched in."""
    try:
        import charges.selectors as module
    except ImportError:
        module = types.ModuleType("charges.selectors")
        monkeypatch.setitem(sys.modules, "charges.selectors", module)
        import charges

        monkeypatch.setattr(charges, "selectors", module, raising=False)
    calls: list[Any] = []

    def charges_in_force(*, game, as_of):
        calls.append(as_of)
        return {"iro": 200, "amaya": 200, "katana": 150, "aku": 4}

    monkeypatch.setattr(module, "charges_in_force", charges_in_force, raising=False)
    monkeypatch.setattr(module, "banned_cards", lambda *, game, format: {"ring"}, raising=False)
    return calls


def test_e6_charge_limit_uses_the_list_in_force_at_as_of(anon, eredan_pool, charge_list):
    result = validate(anon, format="eredan/quilingo", as_of="2026-11-01", list=eredan_list(extra="1 Katana\n"))
    assert "charge_limit" in codes(result)
    assert result["summary"]["charge"] == 550
    assert str(charge_list[-1]) == "2026-11-01"


def test_banned_card(anon, eredan_pool, charge_list):
    result = validate(anon, format="eredan/standard", list=eredan_list(extra="1 Ring der Weisheit\n"))
    assert "banned_card" in codes(result)


def test_r1_stage_distribution(anon, db):
    for stage in range(1, 7):
        make_card("realmon", f"mon-{stage}", f"Monster {stage}", type="monster", attributes={"stage": stage})
    result = validate(
        anon,
        format="realmon/basis",
        list="6 Monster 1\n5 Monster 2\n4 Monster 3\n3 Monster 4\n2 Monster 5\n1 Monster 6\n",
    )
    assert "stage_distribution" in codes(result)
    result = validate(
        anon,
        format="realmon/basis",
        list="6 Monster 1\n5 Monster 2\n4 Monster 3\n3 Monster 4\n2 Monster 5\n2 Monster 6\n",
    )
    assert result["legal"] is True, result["problems"]


def test_k3_card_bounds(anon, db):
    make_card("kamelo", "riese", "Riese", type="special_monster", attributes={"ap": 70, "dp": 10, "lp": 100, "hk": 1})
    make_card("kamelo", "kamel", "Kamel", type="monster", attributes={"ap": 10, "dp": 10, "lp": 50, "hk": 1})
    result = validate(anon, format="kamelo/dufo", list="1 Riese\n59 Kamel\n")
    assert "card_bounds" in codes(result)
    assert "card_bounds" not in codes(validate(anon, format="kamelo/wimu", list="1 Riese\n59 Kamel\n"))


def test_a3_duel_copy_limit(anon, db):
    make_card("duel", "drache", "Drache", type="creature")
    make_card("duel", "ritter", "Ritter", type="creature")
    result = validate(anon, format="duel/standard", list="4 Drache\n36 Ritter\n")
    assert "too_many_copies" in codes(result)


def test_a_list_without_headers_is_all_deck(anon, db):
    make_card("duel", "ritter", "Ritter", type="creature")
    result = validate(anon, format="duel/standard", list="# comment\n// another\n\n40x Ritter\n")
    assert result["summary"]["sections"] == {"deck": 40}


def test_a_section_the_format_lacks_is_a_problem_not_a_400(anon, db):
    make_card("duel", "ritter", "Ritter", type="creature")
    result = validate(anon, format="duel/standard", list="Characters\n40 Ritter\n")
    assert result["legal"] is False


# -- not well formed: 400 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"list": "1 Iro"},
        {"format": "eredan/nope", "list": ""},
        {"format": "nope", "list": ""},
        {"format": "eredan/standard"},
        {"format": "eredan/standard", "list": 5},
        {"format": "eredan/standard", "cards": [{"card": "iro", "count": "many"}]},
        {"format": "eredan/standard", "cards": "iro"},
        {"format": "eredan/standard", "list": "", "as_of": "yesterday"},
    ],
)
def test_a_request_that_is_not_well_formed_answers_400_with_detail_and_code(anon, db, body):
    response = anon.post(URL, body, format="json")
    assert response.status_code == 400
    assert {"detail", "code"} <= set(response.json())


def test_an_unknown_format_names_the_formats(anon, db):
    body = anon.post(URL, {"format": "kamelo/nope", "list": ""}, format="json").json()
    assert body["code"] == "unknown_format"
    assert "kamelo/dufo" in body["detail"]


@pytest.mark.parametrize("content_type", ["application/json", "text/plain"])
def test_a_body_that_is_not_json_answers_400(anon, db, content_type):
    response = anon.post(URL, data="{not json", content_type=content_type)
    assert response.status_code == 400
    assert "detail" in response.json()


def test_a_json_body_that_is_not_an_object_answers_400(anon, db):
    response = anon.post(URL, data=json.dumps(["eredan/standard"]), content_type="application/json")
    assert response.status_code == 400


def test_the_body_limit_answers_413_before_parsing(anon, db, settings):
    body = json.dumps({"format": "eredan/standard", "list": "1 Iro\n" * 20_000})
    assert len(body) > settings.API_MAX_BODY_BYTES
    response = anon.post(URL, data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"


def test_a_body_just_under_the_limit_is_read(anon, eredan_pool, settings):
    text = eredan_list() + "# " + "x" * (settings.API_MAX_BODY_BYTES - 2000) + "\n"
    result = validate(anon, format="eredan/standard", list=text)
    assert result["legal"] is True


def queries_for(client: Any, text: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import stamps.rows
    from decks import resolution

    resolution._CACHE.clear()
    stamps.rows._KEPT_ROWS.__dict__.clear()  # each run reads the database stamp afresh too
    with CaptureQueriesContext(connection) as ctx:
        validate(client, format="eredan/standard", list=text)
    return len(ctx.captured_queries)


def test_name_resolution_reads_the_names_once_not_per_line(anon, eredan_pool):
    short = queries_for(anon, "Characters\n1 Iro\n1 Nope\n")
    assert queries_for(anon, eredan_list(extra="1 Katana\n1 Éclair\n1 Nope\n1 Schwert\n")) == short


def test_every_sample_deck_of_the_bundled_cards_is_legal_through_the_api(anon, bundled_cards):
    from engine.games import all_games, sample_decks

    for slug in (slug for game in all_games() for slug in game.formats):
        assert sample_decks(slug), slug
        for sample in sample_decks(slug):
            result = validate(anon, format=slug, list=sample["list"])
            assert result["legal"] is True, (slug, sample["name"], result["problems"])


def test_a_count_beyond_ints_digit_limit_is_a_bad_line_not_a_500(anon, eredan_pool):
    text = "Characters\n1 Iro\n" + "9" * 5000 + " Katana\n"
    response = anon.post("/api/decks/validate/", {"format": "eredan/standard", "list": text}, format="json")
    assert response.status_code == 200
    assert [(p["code"], p["line"]) for p in response.json()["problems"] if p["code"] == "bad_line"] == [("bad_line", 3)]
