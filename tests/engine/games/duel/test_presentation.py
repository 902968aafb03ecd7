"""How duel matches show on the play page: every action kind in a group, prompts, the fields' order."""

from __future__ import annotations

from engine.games.duel.engine import HANDLERS
from engine.games.duel.presentation import PRESENTATION, prompt
from tests.engine.games.duel.helpers import act, match, side


def test_every_action_kind_has_its_group() -> None:
    grouped = {kind for _, kinds in PRESENTATION.action_groups for kind in kinds}
    assert grouped == set(HANDLERS)


def test_the_prompt_says_what_the_seat_to_act_decides() -> None:
    m = match(side([], ["bergtroll"]), side([], ["wachhund"], support=[{"slug": "fallgrube"}]))
    assert "end the turn" in prompt(m.view(0))
    act(m, "attack:p0c10:p1c10")
    assert prompt(m.view(1)) == "Your opponent attacks: spring a trap?"
    summon = match(side(["wachhund"]), side(support=[{"slug": "fangnetz"}]))
    act(summon, "summon:p0c0:attack")
    assert "summons" in prompt(summon.view(1))
    target = match(side(["blitzschlag"]), side([], ["wachhund", "bergtroll"]))
    act(target, "cast:p0c0")
    assert "target" in prompt(target.view(0))
    discard = match(side(["wachhund"] * 8), side())
    act(discard, "end")
    assert "7" in prompt(discard.view(0))


def test_the_viewers_own_field_is_drawn_at_the_bottom() -> None:
    m = match(side(), side())
    mine = PRESENTATION.present(m.view(1), 1)
    assert (mine["top"], mine["bottom"]) == (0, 1) and [f["mine"] for f in mine["fields"]] == [False, True]
    watching = PRESENTATION.present(m.view(None), None)
    assert [f["seat"] for f in watching["fields"]] == [1, 0] and not any(f["mine"] for f in watching["fields"])


def test_a_weapon_shows_the_name_of_the_creature_it_equips() -> None:
    m = match(side([], [{"slug": "wachhund", "weapons": ["speer"]}]), side(support=[{"slug": "fallgrube"}]))
    board = PRESENTATION.present(m.view(1), 1)
    assert board["fields"][0]["support"][0]["equips_name"] == "Wachhund"
    assert board["fields"][1]["support"][0]["card"]["slug"] == "fallgrube"
