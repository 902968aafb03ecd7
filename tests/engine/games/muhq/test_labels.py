"""Action labels tell the player which permanent an action aims at: two Soldaten in range of a
Pfeilhagel gave two buttons both reading "Cast Pfeilhagel on Soldat" (seen on the board's
action-stack screenshot); a target's field is named with it."""

from __future__ import annotations

from tests.engine.games.muhq.table import table


def test_two_targets_of_one_name_get_labels_that_tell_them_apart() -> None:
    match = table(
        {
            "players": [{"hand": ["pfeilhagel"], "resources": 6}, {}],
            "permanents": [
                {"card": "soldat", "owner": 1, "x": 2, "y": 6},
                {"card": "soldat", "owner": 0, "x": 3, "y": 6},
            ],
        },
        variant="zwei-doerfer",
    )
    spells = [a for a in match.legal_actions(0) if a.id.startswith("spell:")]
    assert len(spells) == 2
    assert sorted(a.label for a in spells) == ["Cast Pfeilhagel on Soldat (2, 6)", "Cast Pfeilhagel on Soldat (3, 6)"]
    match.apply(0, "activate:m1")
    attack = next(a for a in match.legal_actions(0) if a.id.startswith("attack:"))
    assert attack.label == "Soldat: attack Soldat (2, 6)"
