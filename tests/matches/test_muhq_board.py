"""The muhq board (engine/games/muhq/board.py and templates/matches/muhq/) on a hand-built view:
the map drawn tile by tile with titles, the permanents in their owners' colours with life, markers,
tapped state and stacks, each of the viewer's actions placed on the field it acts on under the unit
or card that acts, the action stack, and the seats' resources, hand, store and discard pile."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.games.muhq.board import PRESENTATION, present
from engine.games.muhq.board_places import place
from engine.phrases import translated
from tests.matches.muhq_fixture import action, card, fixture_view, permanent, tiles

NAMES = ["S1 · du (alice)", "S2 · KI (greedy)"]


def render(view: dict[str, Any], viewer: int | None) -> str:
    """The board on a German page: the view's English labels and texts translated first, as the
    play page's context does (``engine.boards.play_context``)."""
    with translation.override("de"):
        view = translated(view, PRESENTATION)
        context = {"state": view, "player": viewer, "board": present(view, viewer), "match": SimpleNamespace(pk=1),
                   "seat_names": NAMES}  # fmt: skip
        return render_to_string("matches/muhq/board.html", context)


def layer(board: dict[str, Any], subject: str) -> dict[str, Any]:
    return next(x for x in board["layers"] if x["subject"] == subject)


def test_each_unit_s_moves_and_attacks_are_placed_on_their_fields_under_the_unit() -> None:
    board = present(fixture_view(0), 0)
    soldat = layer(board, "u2")
    spots = {(s["x"], s["y"]): s for s in soldat["spots"]}
    assert set(spots) == {(2, 2), (3, 2), (1, 1), (3, 3)}
    assert spots[(3, 3)]["how"] == "target" and spots[(2, 2)]["how"] == "field"  # the Ritter stands on (3, 3)
    assert [a["id"] for a in spots[(3, 3)]["actions"]] == ["attack:u2:e1"]
    assert soldat["pick"] == "permanent" and soldat["name"] == "Soldat"


def test_a_hand_card_s_fields_and_targets_are_its_own_layer() -> None:
    board = present(fixture_view(0), 0)
    assert {(s["x"], s["y"]) for s in layer(board, "h1")["spots"]} == {(0, 0), (0, 1)}
    assert {(s["x"], s["y"]) for s in layer(board, "h2")["spots"]} == {(3, 3), (9, 0)}
    assert layer(board, "h2")["pick"] == "hand"
    hand = board["sides"][0]["hand"]
    assert [h["layer"] for h in hand] == ["h1", "h2"]


def test_activating_a_unit_is_placed_on_the_unit_in_the_layer_always_shown() -> None:
    board = present(fixture_view(0), 0)
    always = layer(board, "")
    assert always["always"] and [(s["x"], s["y"], s["how"]) for s in always["spots"]] == [(2, 0, "self")]
    assert [a["id"] for a in always["spots"][0]["actions"]] == ["activate:u1"]


def test_actions_without_a_field_stay_on_their_card_or_in_the_shell_s_list() -> None:
    view = fixture_view(0)
    board = present(view, 0)
    soldat = next(p for p in board["permanents"] if p["id"] == "u2")
    assert [a["id"] for a in soldat["actions"]] == ["done:u2"]
    hand = board["sides"][0]["hand"]
    assert all(h["actions"] == [] for h in hand)  # the exchange of two cards stays in the shell's list
    placed = {a["id"] for x in board["layers"] for s in x["spots"] for a in s["actions"]}
    assert not placed & {"end:actions", "done:u2", "exchange:h1:h2"}
    view["phase"], view["legal_actions"] = (
        "buy",
        [
            {"id": "buy:s1", "label": "Buy Schild for 3", "params": {"card": "s1", "cost": 3}},
            {"id": "discard:h1", "label": "Discard Bauer", "params": {"card": "h1"}},
            {"id": "end:turn", "label": "End the turn", "params": {}},
        ],
    )
    board = present(view, 0)
    store, hand = board["sides"][0]["store"], board["sides"][0]["hand"]
    assert [a["id"] for a in store[0]["actions"]] == ["buy:s1"] and store[1]["actions"] == []
    assert [a["id"] for a in hand[0]["actions"]] == ["discard:h1"] and board["layers"] == []


def test_a_spectator_gets_the_map_and_no_placed_action() -> None:
    board = present(fixture_view(None), None)
    assert board["layers"] == [] and all(s["hand"] is None for s in board["sides"])
    assert len(board["map"]["cells"]) == 12 * 9


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"id": "move:u2:4,5", "params": {"card": "u2", "x": 4, "y": 5}}, ("u2", (4, 5), "field")),
        ({"id": "move:u2:4,5", "params": {}}, ("u2", (4, 5), "field")),
        ({"id": "play:h1+h3:0,1", "params": {}}, ("h1", (0, 1), "field")),
        ({"id": "attack:u2:e1", "params": {"card": "u2", "target": "e1"}}, ("u2", (3, 3), "target")),
        ({"id": "attack:u2:e1", "params": {}}, ("u2", (3, 3), "target")),
        ({"id": "crew:u4:u3", "params": {"card": "u4", "base": "u3"}}, ("u4", (1, 2), "target")),
        ({"id": "full:u1:0:e1", "params": {"card": "u1", "effect": 0, "target": "e1"}}, ("u1", (3, 3), "target")),
        ({"id": "activate:u1", "params": {"card": "u1"}}, ("", (2, 0), "self")),
        ({"id": "spell:h2", "params": {"card": "h2", "target": None}}, None),
        ({"id": "end:actions", "params": {}}, None),
        ({"id": "buy:s1", "params": {"card": "s1", "cost": 3}}, None),
    ],
)
def test_where_an_action_acts_is_read_from_its_params_or_its_id(action: dict[str, Any], expected: Any) -> None:
    at = {p["id"]: (p["x"], p["y"]) for p in present(fixture_view(0), 0)["permanents"]}
    assert place(action, at) == expected


def test_the_owners_of_start_fields_come_from_the_bundled_map_and_roads_join_their_neighbours() -> None:
    cells = {(c["x"], c["y"]): c for c in present(fixture_view(0), 0)["map"]["cells"]}
    assert cells[(0, 0)]["owner"] == 0 and cells[(11, 0)]["owner"] == 1 and cells[(5, 5)]["owner"] is None
    view = fixture_view(0)  # the view's own map seats win over the bundled file
    view["map"]["seats"] = [{"start_fields": [[5, 5]], "harbours": []}]
    view["map"]["kraken_fields"] = [[6, 8]]
    cells = {(c["x"], c["y"]): c for c in present(view, 0)["map"]["cells"]}
    assert cells[(5, 5)]["owner"] == 0 and cells[(0, 0)]["owner"] is None and cells[(6, 8)]["owner_colour"] == "kraken"
    assert cells[(2, 4)]["tile"] == "strasse" and cells[(2, 4)]["road"] == "M20 20 H40 M20 20 H0"
    assert cells[(1, 3)]["road"] == "M20 20 V0 M20 20 V40"


def test_a_map_the_bundle_does_not_know_is_drawn_from_the_view_alone() -> None:
    view = fixture_view(0)
    view["map"] = {"slug": "elsewhere", "width": 3, "height": 2, "tiles": [["H", "~", "."], ["turm", "s", "S"]]}
    view["permanents"] = []
    shown = present(view, 0)["map"]
    assert [c["tile"] for c in shown["cells"]] == [
        "haus",
        "tiefes_wasser",
        "leer",
        "turm",
        "flaches_wasser",
        "startfeld",
    ]
    assert shown["name"] == "elsewhere" and all(c["owner"] is None for c in shown["cells"])


def test_the_board_draws_every_field_with_a_german_title() -> None:
    html = render(fixture_view(0), 0)
    titles = re.findall(r'<g class="muhq-tile[^"]*" transform="[^"]*" role="img"><title>([^<]+)</title>', html)
    assert len(titles) == 12 * 9
    assert "Haus (1, 1)" in titles and "Startfeld (0, 0) · S1" in titles and "Tiefes Wasser (5, 7)" in titles


def test_the_board_draws_permanents_with_colour_life_markers_tapped_state_and_stack() -> None:
    html = render(fixture_view(0), 0)
    assert re.search(
        r'class="muhq-perm muhq-c-p1 muhq-ring-p1 muhq-type-unit muhq-tapped"[^>]*data-permanent="e2"', html
    )
    assert "Bogenschütze · S2 · (9, 0) · Leben 2/2 · getappt · Gift 1" in html
    assert "Katapult · S1 · (1, 2) · Leben 3/3 · Stapel: Bauer" in html
    assert "Palisade · neutral · (6, 6) · Leben 3" in html
    assert 'class="muhq-life muhq-hurt"' in html  # the Ritter at 3 of 5


def test_the_board_offers_each_placed_action_as_a_button_of_its_subject_s_layer() -> None:
    view = fixture_view(0)
    html = render(view, 0)
    legal = {a["id"] for a in view["legal_actions"]}
    on_map = set(
        re.findall(r'<button type="submit" name="action" value="([^"]+)" class="action action-\w+ muhq-go"', html)
    )
    assert on_map <= legal
    assert on_map == {"move:u2:2,2", "move:u2:3,2", "move:u2:1,1", "attack:u2:e1", "activate:u1", "play:h1:0,0",
                      "play:h1:0,1", "spell:h2:e1", "spell:h2:e2"}  # fmt: skip
    assert html.count('type="radio" name="muhq-subject"') == 3  # Soldat, Bauer in hand, Pfeilhagel
    assert html.count('class="muhq-layer muhq-always"') == 1
    pick = '<label class="muhq-pick" style="left:16.6667%;top:11.1111%;width:8.3333%;height:11.1111%" title="Soldat">'
    assert pick + '<input type="radio" name="muhq-subject" value="u2"' in html
    assert re.search(r'<label class="muhq-choose"><input type="radio" name="muhq-subject" value="h2"', html)
    assert '[value="h2"]:checked) .muhq-layer-h2 { display: block; }' in html
    assert 'value="done:u2"' in html and 'value="end:actions"' not in html
    assert 'id="muhq-sel' not in html  # no id: the page's morph never refocuses a radio (and scrolls to it)


def test_the_buttons_on_the_map_read_in_the_page_s_language() -> None:
    html = render(fixture_view(0), 0)
    button = r'<button type="submit" name="action" value="{}" class="action action-\w+ muhq-go" title="{}">'
    assert re.search(button.format("spell:h2:e1", re.escape("Pfeilhagel auf Ritter wirken")), html)
    assert re.search(button.format("move:u2:2,2", re.escape("Soldat: nach (2, 2) ziehen")), html)
    assert re.search(button.format("play:h1:0,0", re.escape("Bauer auf (0, 0) spielen")), html)
    assert "Cast " not in html and "move to" not in html


def test_the_chosen_unit_s_other_actions_are_offered_beside_the_map() -> None:
    view = fixture_view(0)
    view["activation"] = {"unit": "u2", "move": True, "attack": True, "road": False, "full": True}
    html = render(view, 0)
    assert re.search(r'value="u2" class="muhq-sel muhq-vh" aria-label="Soldat wählen" checked>', html)
    bar = html[html.index('class="muhq-activation') :]
    assert bar.index("Soldat") < bar.index('value="done:u2"') < bar.index("</div>")


def test_the_victory_condition_and_the_round_are_shown() -> None:
    view = fixture_view(0)
    view["round"], view["options"] = 4, {"max_rounds": 40}
    assert "Sieg:</strong> wer zuerst 40 Ressourcen hat, gewinnt · Runde 4 von 40" in render(view, 0)
    view["map"]["victory"] = {"kind": "capture_points", "hold": 2, "regions": [{"name": "Mitte", "fields": [[5, 4]]}]}
    view["regions"] = [1, 0]
    html = render(view, 0)
    assert "Gebiet Mitte" in html and "Flaches Wasser (5, 4) · Mitte" in html
    assert re.search(r"Gebiete gehalten</dt><dd>1</dd>", html)


def test_the_action_stack_is_shown_while_it_waits_top_first_in_the_page_s_language() -> None:
    view = fixture_view(0)
    view["stack"].append({"kind": "spell", "player": 0, "label": "casts Pfeilhagel on Ritter"})
    html = render(view, 0)
    section = html[html.index('class="muhq-stack"') :]
    assert section.index("S1: wirkt Pfeilhagel auf Ritter") < section.index("S2: greift mit Ritter Soldat an")
    assert "casts" not in section and "attacks" not in section
    view["stack"] = []
    assert 'class="muhq-stack"' not in render(view, 0)


def test_another_seat_s_hand_is_not_drawn() -> None:
    html = render(fixture_view(1), 1)
    assert "Pfeilhagel" not in html and "Deine Hand" in html
    assert html.count('type="radio"') == 0  # no legal action: nothing to choose


def test_the_prompt_follows_the_phase_and_the_activation() -> None:
    view = fixture_view(0)
    assert "start fields" in PRESENTATION.prompt(view)
    view["activation"] = {"unit": "u2"}
    assert "chosen unit" in PRESENTATION.prompt(view)
    view["phase"] = "respond"
    assert "fast action" in PRESENTATION.prompt(view)
    view["phase"] = "over"
    assert PRESENTATION.prompt(view) == ""


def test_against_the_kraken_its_units_fields_and_figures_are_drawn_in_its_colour() -> None:
    view = fixture_view(0)
    view["map"] = {"slug": "the-kraken", "width": 12, "height": 10, "tiles": tiles("the-kraken")}
    kraken = permanent("k1", "katapult", "kraken", 5, 9, life=12)
    kraken["card"].update(name="Der Kraken", health=12)
    view["permanents"] = [permanent("u2", "soldat", 0, 1, 0), kraken]
    view["kraken"] = {"resources": 10, "deck_count": 20, "discard": [card("k2", "pfeilhagel")]}
    view["legal_actions"] = [a for a in view["legal_actions"] if a["id"].startswith("move:u2")]
    html = render(view, 0)
    assert re.search(r'class="muhq-perm muhq-c-kraken muhq-ring-kraken muhq-type-unit"[^>]*data-permanent="k1"', html)
    assert "Der Kraken · Kraken · (5, 9) · Leben 12/12" in html
    assert "Tiefes Wasser (5, 8) · Kraken" in html and "Hafen (1, 4) · S1" in html
    side = html[html.index('id="muhq-side-kraken"') :]
    assert re.search(r"Ressourcen</dt><dd[^>]*>10</dd>", side) and re.search(r"Deck</dt><dd>20</dd>", side)
    assert "Ablagestapel: 1 Karte" in side


def test_every_termination_has_words_and_every_action_kind_a_group() -> None:
    from engine.core.samples import sample_match_decks
    from engine.games.muhq import GAME
    from engine.games.muhq.board import ACTION_GROUPS, TERMINATIONS

    engine = GAME.engine
    assert engine is not None and engine.presentation is PRESENTATION
    assert set(engine.terminations) <= set(TERMINATIONS)
    grouped = {kind for _title, kinds in ACTION_GROUPS for kind in kinds}
    seen: set[str] = set()
    for variant, seats in (("zwei-doerfer", 2), ("the-kraken", 2), ("hafenbucht", 3)):
        decks = sample_match_decks(GAME.bundled_cards(), "muhq/draft", seats)
        match = engine.new_match(decks, variant=variant, seed=2, options={})
        for n in range(400):
            if match.to_act is None:
                break
            legal = match.legal_actions(match.to_act)
            seen |= {a.id.split(":", 1)[0] for a in legal}
            match.apply(match.to_act, engine.choose_action("random", match.view(match.to_act), legal, n))
    assert {"play", "activate", "move", "end"} <= seen and seen <= grouped, seen - grouped


def test_during_the_draft_the_pile_in_hand_offers_its_picks() -> None:
    view = fixture_view(0)
    view["phase"] = "draft"
    view["draft"] = {"to_pick": [0, 1], "pile_counts": [2, 2], "pile": [card("s4", "ritter"), card("s5", "schild")],
                     "piles_left": 3, "picked_counts": [0, 0]}  # fmt: skip
    view["legal_actions"] = [action("draft:s4", "Pick Ritter", card="s4", cost=8)]
    html = render(view, 0)
    draft = html[html.index('class="muhq-draft"') : html.index('class="muhq-map-zone"')]
    assert "noch 3 Stapel" in draft and 'value="draft:s4"' in draft and "Schild" in draft
    assert "pile you hold" in PRESENTATION.prompt(view)


def test_m29_during_the_draft_the_board_lists_the_viewer_s_own_picks_only() -> None:
    view = fixture_view(0)
    view["phase"] = "draft"
    view["draft"] = {"to_pick": [0, 1], "pile_counts": [1, 1], "pile": [card("s4", "ritter")],
                     "piles_left": 3, "picked_counts": [1, 1]}  # fmt: skip
    for p, side in enumerate(view["players"]):
        side["picks"] = [card("s6", "bauer")] if p == 0 else None
    draft = render(view, 0)
    draft = draft[draft.index('class="muhq-draft"') : draft.index('class="muhq-map-zone"')]
    assert "Deine Wahl: Bauer" in draft


def test_m31_what_waits_to_be_set_down_is_listed_and_its_fields_are_buttons_on_the_map() -> None:
    view = fixture_view(0)
    view["phase"] = "setdown"
    view["dropping"] = [{"card": card("d1", "schild"), "owner": 0, "controller": 0, "from": [3, 2], "by": 0,
                         "fields": [[2, 2], [3, 3]], "stack": [], "damage": 0}]  # fmt: skip
    view["legal_actions"] = [
        action("setdown:d1:2,2", "Set Schild down on (2, 2)", card="d1", x=2, y=2),
        action("setdown:d1:3,3", "Set Schild down on (3, 3)", card="d1", x=3, y=3),
    ]
    html = render(view, 0)
    waiting = html[html.index('class="muhq-stack muhq-dropping"') :]
    assert "Wartet aufs Ablegen" in waiting and "Schild (3, 2)" in waiting
    on_map = set(re.findall(r'name="action" value="([^"]+)" class="action action-\w+ muhq-go"', html))
    assert on_map == {"setdown:d1:2,2", "setdown:d1:3,3"}
    assert "M31)" in PRESENTATION.prompt(view)
