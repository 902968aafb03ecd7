"""Every bundled Eredan card is played (a card the engine cannot run fails), and every term of the
effect vocabulary is carried out by its handler (no term is a silent no-op)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.games.eredan import conditions, resolve
from engine.games.eredan.effects import MODIFIERS, VERBS
from engine.games.eredan.engine import EredanMatch
from tests.engine.games.eredan.helpers import BY_SLUG, act, legal, side, table, to_discards

CARDS = list(BY_SLUG.values())
CHARACTERS = [c["slug"] for c in CARDS if c["type"] == "character"]
OTHERS = [c["slug"] for c in CARDS if c["type"] != "character"]
RUNES = ["cor", "nox", "yr"]
FIRST_TRIED = ["iro", "aku", "amaya", "hares-der-brutale", "moosbart", "samira", "qadir-der-quellhueter", "aez"]


def opposing(card: dict[str, Any]) -> list[str]:
    """Opponents whose fighter (the first) has the class a ``vs_class`` effect asks for."""
    wanted = next((e["vs_class"] for e in card["effects"] if "vs_class" in e), None)
    first = next((c for c in CHARACTERS if wanted in BY_SLUG[c]["attributes"]["classes"]), "aez")
    return [first, *[c for c in ("zahal", "hares-der-brutale", "aez") if c != first][:2]]


def companions(fighter: str) -> list[Any]:
    """Two more characters, the second dead (a revive card needs one)."""
    others = [c for c in ("lirael", "balthus", "elwin") if c != fighter]
    return [fighter, others[0], {"slug": others[1], "dead": True, "health": 0}]


def fighter_state(slug: str) -> dict[str, Any]:
    card = BY_SLUG[slug]
    return {
        "slug": slug,
        "runes": RUNES[: card["attributes"].get("rune_slots", 3)],
        "raging": "berserker" in card["attributes"]["classes"],
    }


def play(slug: str) -> EredanMatch:
    """Play ``slug`` for the first character that may; the match after phase 3."""
    card = BY_SLUG[slug]
    rnd = next((e["round"] for e in card["effects"] if "round" in e), 1)
    for fighter in FIRST_TRIED + CHARACTERS:
        home = side([fighter_state(fighter), *companions(fighter)[1:]], hand=[slug])
        match = act(table(home, side(opposing(card)), round=rnd), "pick:0:0")
        ways = sorted(a for a in legal(match) if a.startswith("play:p0c3"))
        if ways:
            return to_discards(match, ways[0])
    raise AssertionError(f"no character can play {slug}")


@pytest.mark.parametrize("slug", OTHERS)
def test_every_bundled_card_is_played_and_resolves(slug: str) -> None:
    match = play(slug)
    played = match.view(None)["played"][0]
    assert (played["card"]["slug"], played["cancelled"]) == (slug, False)
    zones = match.card_zones()
    assert "p0c3" in zones["p0.discard"] + zones["p0.attached"]


@pytest.mark.parametrize("slug", CHARACTERS)
def test_every_bundled_character_fights_with_its_round_bonus(slug: str) -> None:
    card = BY_SLUG[slug]
    order = card["attributes"]["order"]
    home = side([fighter_state(slug), *companions(slug)[1:]])
    match = act(table(home, side(opposing(card)), round=order), "pick:0:0")
    assert {(b["player"], b["character"], b["round"]) for b in match.view(None)["bonuses"]} >= {(0, 0, order)}
    to_discards(match)
    assert match.view(None)["confrontation"] is not None


def counting(
    table_: dict[str, Callable[..., Any]], seen: Counter[str], *, wanted: Callable[[Any], bool]
) -> dict[str, Callable[..., Any]]:
    """The table with each entry wrapped to count the calls that did something."""

    def wrap(key: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            result = function(*args)
            if wanted((args, result)):
                seen[key] += 1
            return result

        return counted

    return {key: wrap(key, function) for key, function in table_.items()}


def test_every_term_of_the_vocabulary_has_a_handler() -> None:
    assert set(resolve.HANDLERS) == set(VERBS)
    assert set(conditions.CONDITIONS) == set(MODIFIERS)


def test_every_term_of_the_vocabulary_is_carried_out_by_the_bundled_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    verbs: Counter[str] = Counter()
    modifiers: Counter[str] = Counter()
    monkeypatch.setattr(resolve, "HANDLERS", counting(resolve.HANDLERS, verbs, wanted=lambda call: bool(call[0][2])))
    monkeypatch.setattr(
        conditions, "CONDITIONS", counting(conditions.CONDITIONS, modifiers, wanted=lambda call: call[1])
    )
    for slug in OTHERS:
        play(slug)
    for slug in CHARACTERS:
        to_discards(
            act(
                table(
                    side([fighter_state(slug), *companions(slug)[1:]]),
                    side(opposing(BY_SLUG[slug])),
                    round=BY_SLUG[slug]["attributes"]["order"],
                ),
                "pick:0:0",
            )
        )
    assert sorted(set(VERBS) - set(verbs)) == []
    assert sorted(set(MODIFIERS) - set(modifiers) - {"target"}) == []
