"""The Ka-Mel-Oh! and Eredan calculators over HTTP: K11's refusals and E14's default are 400s and
answers as api.md's clients see them, and the schema documents them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

KAMELO = "/api/games/kamelo/calc/"
EREDAN = "/api/games/eredan/calc/confrontation/"


def fighter(attack: int = 0, defense: int = 0, health: int = 20, spirit: int = 0) -> dict[str, int]:
    return {"attack": attack, "defense": defense, "health": health, "spirit": spirit}


def test_k11_dates_above_20_answer_400_naming_the_field(api_client: APIClient) -> None:
    assert api_client.post(f"{KAMELO}dates/", {"dates": 20}, format="json").json() == {"dates": 20}
    refused = api_client.post(f"{KAMELO}dates/", {"dates": 21}, format="json")
    assert refused.status_code == 400 and "dates" in refused.content.decode()


def test_k11_a_fusion_of_one_component_answers_400(api_client: APIClient) -> None:
    one = {"variant": "wimu", "components": [{"ap": 20, "dp": 10, "lp": 40}]}
    refused = api_client.post(f"{KAMELO}fusion/", one, format="json")
    assert refused.status_code == 400 and "components" in refused.content.decode()
    two = {"variant": "wimu", "components": [{"ap": 20, "dp": 10, "lp": 40}] * 2}
    assert api_client.post(f"{KAMELO}fusion/", two, format="json").json() == {"ap": 40, "dp": 20, "lp": 80}


def test_e14_the_spell_replaces_the_attack_unless_the_side_keeps_it(api_client: APIClient) -> None:
    request = {"a": fighter(attack=4), "b": fighter(defense=1, spirit=1), "spell_damage": {"a": 5}}
    assert api_client.post(EREDAN, request, format="json").json()["b"]["damage"] == 4
    kept = api_client.post(EREDAN, {**request, "keeps_attack": {"a": True}}, format="json").json()
    assert kept["b"]["damage"] == 4 + 3
    bad = api_client.post(EREDAN, {**request, "keeps_attack": {"a": "yes"}}, format="json")
    assert bad.status_code == 400 and "keeps_attack.a" in bad.content.decode()


def test_the_schema_documents_keeps_attack_and_k11s_bounds(api_client: APIClient) -> None:
    schema = api_client.get("/api/schema/", {"format": "json"}).json()

    def request_of(path: str) -> dict:
        body = schema["paths"][f"/api/games/{path}"]["post"]["requestBody"]["content"]["application/json"]
        return dict(body["schema"])

    assert "keeps_attack" in request_of("eredan/calc/confrontation/")["properties"]
    assert request_of("kamelo/calc/dates/")["properties"]["dates"]["maximum"] == 20
    assert request_of("kamelo/calc/fusion/")["properties"]["components"]["minItems"] == 2
