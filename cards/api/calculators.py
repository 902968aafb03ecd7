"""One documented operation per rules calculator (api.md "Rules calculators"; issue 19 item 11).

``POST games/{game}/calc/{name}/`` is one route for every calculator; for the schema each known
calculator also gets its own route (the same view) whose request and answer are typed below, so a
generated client has ``kamelo_combat(...)`` with its fields instead of a free-form object. A
calculator without a schema here is still served by the generic route, documented as an object.
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, path
from drf_spectacular.utils import OpenApiResponse, extend_schema

from engine.games import all_games

INT: dict[str, Any] = {"type": "integer"}
BOOL: dict[str, Any] = {"type": "boolean"}


def obj(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, **extra}
    if required:
        schema["required"] = required
    return schema


def ints(*names: str) -> dict[str, Any]:
    return {name: INT for name in names}


def array(items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


POINT = array(INT, minItems=2, maxItems=2, description="[x, y]")
KAMELO_VARIANT = {"type": "string", "enum": ["dufo", "wimu", "koenig"]}
FIGHTER = obj(ints("attack", "defense", "health", "spirit"))

# (game, name) -> (request, answer), from api.md's table
SCHEMAS: dict[tuple[str, str], tuple[dict[str, Any], dict[str, Any]]] = {
    ("kamelo", "combat"): (
        obj({"variant": KAMELO_VARIANT, "attackers": array(obj(ints("ap", "dp", "lp", "hk")), minItems=1, maxItems=2),
             "defenders": array(obj(ints("ap", "dp", "lp", "hk")), minItems=1, maxItems=2)}),
        obj({"defenders": array(obj({"lp": INT, "defeated": BOOL}, ["lp", "defeated"])), "points": INT},
            ["defenders", "points"]),
    ),
    ("kamelo", "dates"): (obj({"dates": {**INT, "minimum": 0, "maximum": 20}}, ["dates"]), obj({"dates": INT}, ["dates"])),
    ("kamelo", "fusion"): (
        obj({"variant": KAMELO_VARIANT, "components": array(obj(ints("ap", "dp", "lp")), minItems=2)}),
        obj(ints("ap", "dp", "lp"), ["ap", "dp", "lp"]),
    ),
    ("eredan", "confrontation"): (
        obj({"a": FIGHTER, "b": FIGHTER,
             "spell_damage": obj({side: {**INT, "nullable": True} for side in "ab"},
                                 description="keyed by the caster; null or absent: 0", nullable=True),
             "keeps_attack": obj({side: BOOL for side in "ab"}, nullable=True,
                                 description="E14: a side's spell replaces its attack unless marked here "
                                             "(Magier/Kämpfer, Magier/Marodeur; theurgy)")}, ["a", "b"]),
        obj({side: obj({"health": INT, "dead": BOOL, "damage": INT}, ["health", "dead", "damage"]) for side in "ab"},
            ["a", "b"]),
    ),
    ("duel", "combat"): (
        obj({"attacker": obj(ints("attack"), ["attack"]),
             "defender": {**obj({**ints("attack", "defense"), "position": {"type": "string", "enum": ["attack", "defense"]}}),
                          "nullable": True}}, ["attacker"]),
        obj({"attacker_dies": BOOL, "defender_dies": BOOL, "player_damage": INT},
            ["attacker_dies", "defender_dies", "player_damage"]),
    ),
    ("muhq", "distance"): (obj({"from": POINT, "to": POINT}, ["from", "to"]), obj({"distance": INT}, ["distance"])),
    ("muhq", "stack_attack"): (
        obj({"base": obj(ints("attack", "range"), ["attack", "range"]), "stack": array(obj(ints("attack", "range")))},
            ["base"]),
        obj({"attacks": array(obj(ints("range", "attack"), ["range", "attack"]),
                              description="highest range first")}, ["attacks"]),
    ),
    ("realmon", "realm_bonus"): (obj({"realm": INT}, ["realm"]), obj({"bonus": INT}, ["bonus"])),
}  # fmt: skip


def _delegate(view: Any) -> Any:
    def post(self: Any, request: Any, game: str, name: str) -> Any:
        return view.post(self, request, game, name)

    return post


def calculator_routes(view: Any) -> list[URLPattern]:
    """A route per calculator with a schema, each a subclass of ``view`` documenting its shapes."""
    routes = []
    for game in all_games():
        for name in sorted(game.calculators):
            if (game.slug, name) not in SCHEMAS:
                continue
            request, answer = SCHEMAS[(game.slug, name)]
            post = extend_schema(  # on a function of its own: extend_schema marks the function it decorates
                request={"application/json": request},
                responses={200: OpenApiResponse(answer, description="what the rule gives")},
                operation_id=f"games_calc_{game.slug}_{name}",
                summary=f"{game.name}: the {name.replace('_', ' ')} calculator",
                exclude=False,
            )(_delegate(view))
            typed = type(
                f"{game.slug.capitalize()}{name.title().replace('_', '')}CalculatorView", (view,), {"post": post}
            )
            kwargs = {"game": game.slug, "name": name}
            routes.append(
                path(f"games/{game.slug}/calc/{name}/", typed.as_view(), kwargs, name=f"api-calc-{game.slug}-{name}")
            )
    return routes
