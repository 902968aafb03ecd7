"""Pages of the matches: the list with a "new match against the AI" form, and the play page.

Every action is a plain POST form (works without JavaScript); htmx, when loaded, boosts the forms so
only the board is swapped. The pages use the same services and selectors as the API, so the
rules, the permissions and the version check are the same.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST
from rest_framework.exceptions import APIException

from engine import selectors, services
from engine.forms import NewMatchForm
from engine.games.kamelo.calc import grow_dates, hk_points, resolve_combat
from engine.games.kamelo.evaluate import fighter
from engine.models import MatchAction

LOG_ROWS = 60
# The play page groups the legal actions by what they do (their id's first word).
ACTION_GROUPS = (
    (_("Monsters into the arena"), ("play", "mutate", "fuse", "join")),
    (_("Items"), ("item", "target")),
    (_("Oases"), ("activate", "bury", "draw", "search", "take")),
    (_("Fight"), ("direct", "fighter", "defend")),
    (_("Buy-out (K7)"), ("buy", "done")),
    (_("End of your turn"), ("attack", "end")),
)
# What the player is asked, by the pending decision (or the phase).
PROMPTS = {
    "main": _("Send up to two monsters to the arena, play fusions and items; attacking or ending closes your turn."),
    "main_dufo": _(
        "Send up to two monsters to the arena, then items; attacking or ending closes your turn. "
        "Keep at least 1 Dattel: unspent Datteln grow after your turn, but 0 stays 0 (K6)."
    ),
    "target": _("Choose the monster your item acts on."),
    "direct": _("A monster of yours may attack the opponent directly: it scores 1 point and does not fight."),
    "fighter": _("Two against one (K5): only one of your monsters fights, with AP + 10. Choose it."),
    "defend": _("You are attacked! Strengthen your monsters with items now, or let the fight happen."),
    "take": _("Choose the card you take from the oasis."),
    "buyout": _(
        "Your last turn is over: every monster left in your hand gives the opponent 2 points (K7). "
        "Buy monsters out for their price, then finish."
    ),
}
ENDINGS = {
    "target_points": _("the target points were reached"),
    "deck_exhausted": _("a deck ran out"),
    "turn_limit": _("the turn limit was reached"),
}
# Actions whose labels name cards the opponent does not see (buried and taken cards).
HIDDEN_KINDS = ("bury", "take")
TYPE_NAMES = {
    "monster": _("Monster"),
    "special_monster": _("Violet monster (fusion/mutation)"),
    "special_item": _("Fusion/mutation item"),
    "item": _("Item"),
}


def _error_text(error: APIException) -> str:
    """The message of a service refusal, with a deck's problems when there are any."""
    detail = error.detail
    if isinstance(detail, dict):
        problems = "; ".join(str(p["message"]) for p in detail.get("problems", []))
        return f"{detail['detail']} {problems}".strip()
    return str(detail)


def match_list(request: HttpRequest) -> HttpResponse:
    """``/matches/``: the user's matches and the form for a new match (POST creates it)."""
    form = NewMatchForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            try:
                match = services.match_create(user=request.user, **form.match_arguments())
            except APIException as error:
                form.add_error(None, _error_text(error))
            else:
                return redirect(match)
    rows = [selectors.match_summary(match=m) for m in selectors.match_list(user=request.user)[:50]]
    return render(request, "matches/match_list.html", {"form": form, "matches": rows})


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/{id}/``: the board as the signed-in player's seat sees it (else a spectator's)."""
    match = selectors.match_get(match_id=pk)
    player = selectors.match_default_player(match=match, user=request.user)
    state = selectors.match_state(match=match, player=player)
    names = seat_names(state, player)
    context: dict[str, Any] = {
        "match": match,
        "state": state,
        "player": player,
        "opponent": None if player is None else 1 - player,
        "me": state["players"][player] if player is not None else None,
        "seat_names": names,
        "sides": [side_view(state, p, player, names[p]) for p in _board_order(player)],
        "action_groups": action_groups(state["legal_actions"]),
        "prompt": prompt(state),
        "log": log_rows(match, player, finished=state["finished"]),
        "your_turn": player is not None and state["to_act"] == player,
        "to_act_name": names[state["to_act"]] if state["to_act"] is not None else "",
        "result_line": result_line(state, player, names),
        "fight_preview": fight_preview(state),
        "type_names": TYPE_NAMES,
    }
    return render(request, "matches/match_detail.html", context)


def log_rows(match: Any, player: int | None, *, finished: bool) -> list[dict[str, Any]]:
    """The latest actions, newest first; the opponent's labels only where they show nothing hidden."""
    rows = []
    for row in MatchAction.objects.filter(match=match).order_by("-seq")[:LOG_ROWS]:
        kind = str(row.action.get("id", "")).split(":", 1)[0]
        shown = row.player == player or finished or kind not in HIDDEN_KINDS
        label = row.action.get("label") or row.action.get("id") if shown else "…"
        rows.append({"seq": row.seq, "player": row.player + 1, "label": label})
    return rows


def prompt(state: dict[str, Any]) -> str:
    """What the player to act is asked now, by the pending decision or the phase."""
    if state["pending"]:
        return str(PROMPTS.get(state["pending"]["kind"], ""))
    if state["phase"] == "main" and state["variant"] == "dufo":
        return str(PROMPTS["main_dufo"])
    return str(PROMPTS.get(state["phase"], ""))


def _board_order(player: int | None) -> list[int]:
    """The opponent on top, the viewing player at the bottom (spectators: P2 on top)."""
    return [1 - player, player] if player is not None else [1, 0]


def seat_names(state: dict[str, Any], player: int | None) -> list[str]:
    """How the page names each seat: "P1 · you (alice)", "P2 · AI (greedy)"; the log's "P1"/"P2" match."""
    names = []
    for seat in sorted(state["seats"], key=lambda s: s["index"]):
        who = _("AI") + f" ({seat['behaviour']})" if seat["kind"] == "ai" else str(seat["user"])
        if seat["index"] == player:
            who = f"{_('you')} ({who})"
        names.append(f"P{seat['index'] + 1} · {who}")
    return names


def side_view(state: dict[str, Any], p: int, player: int | None, name: str) -> dict[str, Any]:
    """One player's half of the board with what the page explains besides the view: the Datteln
    the next turn brings (K6) and the points still needed (K7's short game)."""
    side = state["players"][p]
    options = state["options"]
    if state["variant"] == "dufo":
        income = grow_dates(side["dates"]) - side["dates"]
    else:
        income = sum(1 for oasis in side["oases"] if oasis["active"])
    return {
        "index": p,
        "name": name,
        "is_me": p == player,
        "p": side,
        "arena": [None if m is None else {**m, "worth": hk_points(m["card"]["hk"])} for m in side["arena"]],
        "to_act": state["to_act"] == p,
        "income": income,
        "target": options.get("target_points") if options.get("length") == "short" else None,
    }


def result_line(state: dict[str, Any], player: int | None, names: list[str]) -> str:
    """The end of the match in words: who won, by how much, and why it ended (K7)."""
    result = state["result"]
    if not state["finished"] or not result:
        return ""
    points = " : ".join(str(n) for n in result["points"])
    why = ENDINGS.get(result["termination"], result["termination"])
    if result["winner"] is None:
        return f"{_('Draw')} {points} ({why})"
    if result["winner"] == player:
        return f"{_('You won')} {points}! ({why})"
    return f"{names[result['winner']]} {_('won')} {points} ({why})"


def fight_preview(state: dict[str, Any]) -> str:
    """During an attack: what K5 will do if nobody plays another item ("Dromedar (AP 25) against
    Wüstenfuchs (DP 10, LP 50): 15 damage")."""
    attack = state["attack"]
    if not attack or state["pending"] is None:
        return ""
    attacker = attack["attacker"]
    fighting = [m for m in state["players"][attacker]["arena"] if m and m["slot"] != attack["direct"]]
    fighting.sort(key=lambda m: m["slot"] != attack["fighter"])
    defending = [m for m in state["players"][1 - attacker]["arena"] if m]
    if not fighting or not defending:
        return ""
    result = resolve_combat([fighter(m) for m in fighting], [fighter(m) for m in defending])
    shown = fighting[:1] if len(fighting) == 2 and len(defending) == 1 else fighting
    parts = [
        f"{m['card']['name']} {_('loses')} {m['lp'] - max(lp, 0)} LP" + (f" ({_('defeated')})" if down else "")
        for m, lp, down in zip(defending, result.lp, result.defeated, strict=True)
    ]
    attackers = " + ".join(f"{m['card']['name']} (AP {m['ap']})" for m in shown)
    return f"{attackers}: " + ", ".join(parts)


def action_groups(legal: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The legal actions in ``ACTION_GROUPS`` order, each group with its heading; empty groups left out."""
    groups = []
    for title, kinds in ACTION_GROUPS:
        actions = [{**a, "kind": a["id"].split(":", 1)[0]} for a in legal if a["id"].split(":", 1)[0] in kinds]
        if actions:
            groups.append((str(title), actions))
    return groups


@login_required
@require_POST
def match_act(request: HttpRequest, pk: int) -> HttpResponse:
    """One action from the play page's buttons; refusals (stale page, illegal) become messages."""
    try:
        services.match_submit_action(
            match_id=pk,
            user=request.user,
            player=int(request.POST.get("player", "-1")),
            action=request.POST.get("action", ""),
            version=int(request.POST.get("version", "-1")),
        )
    except APIException as error:
        messages.error(request, _error_text(error))
    except ValueError:
        messages.error(request, "player and version must be numbers")
    return redirect("matches:detail", pk=pk)
