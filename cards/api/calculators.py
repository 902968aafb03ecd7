"""One documented operation per rules calculator (api.md "Rules calculators"; issue 19 item 11).

``POST games/{game}/calc/{name}/`` is one route for every calculator; for the schema each known
calculator also gets its own route (the same view) whose request and answer are typed by the
game's ``calculator_shapes`` (engine.core.shape), so a generated client has ``<game>_<name>(...)``
with its fields instead of a free-form object. A calculator its game declares no shape for is still
served by the generic route, documented as an object.
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, path
from drf_spectacular.utils import OpenApiResponse, extend_schema

from engine.games import all_games


def _delegate(view: Any) -> Any:
    def post(self: Any, request: Any, game: str, name: str) -> Any:
        return view.post(self, request, game, name)

    return post


def calculator_routes(view: Any) -> list[URLPattern]:
    """A route per calculator with a schema, each a subclass of ``view`` documenting its shapes."""
    routes = []
    for game in all_games():
        for name in sorted(game.calculators):
            shape = game.calculator_shapes.get(name)
            if shape is None:
                continue
            post = extend_schema(  # on a function of its own: extend_schema marks the function it decorates
                request={"application/json": shape.request},
                responses={200: OpenApiResponse(shape.answer, description="what the rule gives")},
                operation_id=f"games_calc_{game.slug}_{name}",
                summary=f"{game.name}: the {name.replace('_', ' ')} calculator",
                exclude=False,
            )(_delegate(view))
            typed: Any = type(
                f"{game.slug.capitalize()}{name.title().replace('_', '')}CalculatorView", (view,), {"post": post}
            )
            kwargs = {"game": game.slug, "name": name}
            routes.append(
                path(f"games/{game.slug}/calc/{name}/", typed.as_view(), kwargs, name=f"api-calc-{game.slug}-{name}")
            )
    return routes
