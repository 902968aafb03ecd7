"""The play page's presenter, generic over games: what the shell shows around a game's board.

A game declares its ``presentation`` (``engine.core.presentation.Presentation``) and ships
``templates/matches/<game>/board.html`` and its stylesheets in its package's ``templates/`` and
``static/`` (which the settings add from the registry); this module finds them by the game's slug
and builds the shell's context: the seats in words, the
legal actions grouped by kind, the prompt, the log as the viewer may see it, and the result.
"""

from __future__ import annotations

from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.core.presentation import Presentation
from engine.games import get_game
from engine.models import Match
from engine.phrases import seat_label, translated
from engine.selectors import match_log_rows

LOG_ROWS = 60
OTHER_ACTIONS = "Other actions"


def board_template(game: str) -> str:
    """The board template of ``game`` (``matches/<game>/board.html``), else the generic one."""
    try:
        return str(select_template([f"matches/{game}/board.html"]).template.name)
    except TemplateDoesNotExist:
        return "matches/partials/board_generic.html"


def board_stylesheets(game: str) -> list[str]:
    """The game's own stylesheets: ``static/*.css`` in its package, which the settings serve under
    ``games/<slug>/`` (the play page's head links them)."""
    static = get_game(game).package_dir / "static"
    return [f"games/{game}/{path.name}" for path in sorted(static.glob("*.css"))]


def presentation(game: str) -> Presentation:
    """The game's declared presentation."""
    engine = get_game(game).engine
    assert engine is not None
    return engine.presentation


def game_name(game: str) -> str:
    """The game's name in the page's language."""
    definition = get_game(game)
    return definition.name if (get_language() or "de").startswith("de") else definition.name_en or definition.name


def variant_name(game: str, slug: str) -> str:
    """The variant's name in the page's language (``Variant.title``), its slug if it has none."""
    engine = get_game(game).engine
    assert engine is not None
    try:
        return engine.variant(slug).title(get_language() or "de")
    except ValueError:
        return slug


def seat_names(state: dict[str, Any], player: int | None) -> list[str]:
    """How the page names each seat: "P1 · you (alice)", "P2 · AI (greedy)"; the log's P1, P2 match."""
    names = []
    for seat in sorted(state["seats"], key=lambda s: s["index"]):
        who = _("AI") + f" ({seat['behaviour']})" if seat["kind"] == "ai" else str(seat["user"])
        if seat["index"] == player:
            who = f"{_('you')} ({who})"
        names.append(f"{seat_label(seat['index'])} · {who}")
    return names


def action_groups(legal: list[dict[str, Any]], shown: Presentation) -> list[tuple[str, list[dict[str, Any]]]]:
    """The legal actions in the game's group order, each group with its translated heading."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for action in legal:
        kind = action["id"].split(":", 1)[0]
        groups.setdefault(shown.group(kind), []).append({**action, "kind": kind})
    headings = [title for title, _kinds in shown.action_groups] + [OTHER_ACTIONS]
    return [(_(headings[index]), groups[index]) for index in sorted(groups)]


def result_line(state: dict[str, Any], player: int | None, names: list[str], shown: Presentation) -> str:
    """The end of the match in words: who won, by how much, and why it ended."""
    result = state["result"]
    if not state["finished"] or not result:
        return ""
    points = " : ".join(str(n) for n in result["points"])
    why = _(shown.terminations.get(result["termination"], result["termination"]))
    winners = result.get("winners") or []
    if not winners:
        return _("No winner: %(points)s (%(why)s)") % {"points": points, "why": why}
    if player is not None and player in winners:
        return _("You won %(points)s! (%(why)s)") % {"points": points, "why": why}
    who = ", ".join(names[w] for w in winners)
    return _("%(who)s won %(points)s (%(why)s)") % {"who": who, "points": points, "why": why}


def play_context(*, match: Match, state: dict[str, Any], player: int | None, viewer: set[int]) -> dict[str, Any]:
    """Everything the play page's shell and the game's board template get."""
    shown = presentation(match.game)
    state = translated(state, shown)  # the engine's English labels and texts in the page's language
    names = seat_names(state, player)
    your_turn = player is not None and state["to_act"] == player
    rows = translated(match_log_rows(match=match, viewer=viewer, limit=LOG_ROWS), shown)
    return {
        "match": match,
        "state": state,
        "player": player,
        "game_name": game_name(match.game),
        "variant_name": variant_name(match.game, state["variant"]),
        "board_template": board_template(match.game),
        "board_styles": board_stylesheets(match.game),
        "board": shown.present(state, player),
        "seat_names": names,
        "seats": [
            {
                "index": seat["index"],
                "name": names[seat["index"]],
                "points": state["players"][seat["index"]].get("points"),
                "to_act": state["to_act"] == seat["index"],
                "is_me": seat["index"] == player,
            }
            for seat in sorted(state["seats"], key=lambda s: s["index"])
        ],
        "action_groups": action_groups(state["legal_actions"], shown),
        "prompt": _(shown.prompt(state)) if your_turn and shown.prompt(state) else "",
        "log": [{**row, "seat_label": seat_label(row["player"])} for row in rows],
        "your_turn": your_turn,
        "ai_playing": state["to_act"] is not None and not your_turn and _is_ai(state, state["to_act"]),
        "to_act_name": names[state["to_act"]] if state["to_act"] is not None else "",
        "result_line": result_line(state, player, names, shown),
    }


def _is_ai(state: dict[str, Any], seat: int) -> bool:
    return any(s["index"] == seat and s["kind"] == "ai" for s in state["seats"])
