"""muhq's maps (Spielfelder) as data: their fields and tiles, seats, resources and start cards.

rules.md: the map sets the victory condition, the resources gained per turn and the start cards;
it is divided into fields, each of which may have a type. maps.md names the common tiles. A map
file ``data/maps/<slug>.json`` draws the fields as text rows, one character per field, with the
fixed legend :data:`TILE_CODES`; ``x`` counts columns from the left, ``y`` rows from the top.
Startfeld and Hafen fields belong to one player each (maps.md), so each seat lists its own::

    {"slug", "name", "names": {"de", "en"}, "mode": "standard" | "the_kraken",
     "rows": ["SSA..", ...], "min_players": 2,
     "seats": [{"start_fields": [[x, y], ...], "harbours": [[x, y], ...]}, ...],
     "resources_per_turn": 4, "start_cards": [{"card": "bauer", "count": 3}, ...],
     "victory": {"kind": "resources", ...}, "kraken": null | {...}, "max_rounds": 80}

``max_rounds`` (optional) is the map's default for the match option of that name, where its own
victory takes longer than the game's default cap.

The "The Kraken" mode adds the Kraken, the opponent run by ki.md's turn structure (M4): its deck,
its resources per player and turn (ki.md: #players * 5), its start fields and start units.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engine.games.muhq.calc import distance

Tile = Literal[
    "leer", "haus", "turm", "acker", "startfeld", "hafen", "strasse", "tiefes_wasser", "wasser", "flaches_wasser"
]
Point = tuple[int, int]

# One character per tile; "leer" is a field without a type (rules.md: a field *may* have one).
TILE_CODES: Mapping[str, Tile] = {
    ".": "leer",
    "H": "haus",
    "T": "turm",
    "A": "acker",
    "S": "startfeld",
    "P": "hafen",
    "=": "strasse",
    "~": "tiefes_wasser",
    "w": "wasser",
    "s": "flaches_wasser",
}
WATER: frozenset[Tile] = frozenset({"tiefes_wasser", "wasser", "flaches_wasser"})
MODES = ("standard", "the_kraken")
VICTORIES = ("vip", "resources", "capture_points", "destroy_buildings", "staff_of_victory", "defeat_kraken")
HARBOUR_REACH = 2  # maps.md: a harbour launches swimmers onto deep water within range 2
MAPS_DIR = Path(__file__).parent / "data" / "maps"


class MapError(ValueError):
    """A map file that does not describe a valid map; the message names the file and the field."""


class UnknownMapError(KeyError):
    """A map slug that names no bundled map."""

    def __str__(self) -> str:
        return f"unknown muhq map {self.args[0]!r}; the maps are {', '.join(m.slug for m in maps())}"


@dataclass(frozen=True)
class StartCard:
    """A card and how many copies of it (a start card or a line of the Kraken's deck)."""

    card: str
    count: int


@dataclass(frozen=True)
class Seat:
    """One player's place on the map: their own start fields and harbours."""

    start_fields: tuple[Point, ...]
    harbours: tuple[Point, ...] = ()


@dataclass(frozen=True)
class PlacedUnit:
    """A unit on the board when the match begins."""

    card: str
    at: Point


@dataclass(frozen=True)
class Kraken:
    """The opponent of the "The Kraken" mode (ki.md)."""

    deck: tuple[StartCard, ...]
    resources_per_player: int
    start_fields: tuple[Point, ...]
    start_units: tuple[PlacedUnit, ...] = ()

    def resources(self, players: int) -> int:
        """ki.md step 1: the Kraken gains #players * 5 resources (5 being this map's figure)."""
        return players * self.resources_per_player


@dataclass(frozen=True)
class Victory:
    """The map's victory condition (rules.md "Siegbedingungen") and its parameters."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Map:
    """A bundled map: its grid of tiles, the seats, resources, start cards and victory condition."""

    slug: str
    name: str
    names: Mapping[str, str]
    mode: str
    grid: tuple[tuple[Tile, ...], ...]
    seats: tuple[Seat, ...]
    min_players: int
    resources_per_turn: int
    start_cards: tuple[StartCard, ...]
    victory: Victory
    kraken: Kraken | None = None
    max_rounds: int | None = None  # the map's own turn cap (M20), where its victory takes longer

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def max_players(self) -> int:
        return len(self.seats)

    def contains(self, point: Point) -> bool:
        """Whether ``point`` is a field of this map."""
        return 0 <= point[0] < self.width and 0 <= point[1] < self.height

    def tile(self, point: Point) -> Tile:
        """The tile of the field at ``point`` (x, y); IndexError outside the map."""
        if not self.contains(point):
            raise IndexError(f"{point} is outside the {self.width}x{self.height} map {self.slug}")
        return self.grid[point[1]][point[0]]

    def fields(self) -> Iterator[tuple[Point, Tile]]:
        """Every field with its tile, row by row."""
        for y, row in enumerate(self.grid):
            for x, tile in enumerate(row):
                yield (x, y), tile

    def within(self, origin: Point, reach: int) -> list[Point]:
        """The fields of the range ``reach`` around ``origin`` (M1), origin included."""
        ox, oy = origin
        xs = range(max(0, ox - reach), min(self.width, ox + reach + 1))
        ys = range(max(0, oy - reach), min(self.height, oy + reach + 1))
        return [(x, y) for y in ys for x in xs if distance(origin, (x, y)) <= reach]


# --- reading map files ------------------------------------------------------------------------


def _fail(where: str, message: str) -> MapError:
    return MapError(f"{where}: {message}")


def _int(data: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _fail(f"{where}.{key}", f"must be a whole number >= {low}, not {value!r}")
    return value


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _fail(f"{where}.{key}", f"must be a list, not {value!r}")
    return value


def _point(value: Any, where: str) -> Point:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise _fail(where, f"a field is [x, y], not {value!r}")
    return value[0], value[1]


def _points(data: Mapping[str, Any], key: str, where: str) -> tuple[Point, ...]:
    return tuple(_point(v, f"{where}.{key}[{i}]") for i, v in enumerate(_list(data, key, where)))


def _cards(data: Mapping[str, Any], key: str, where: str) -> tuple[StartCard, ...]:
    lines = []
    for i, line in enumerate(_list(data, key, where)):
        spot = f"{where}.{key}[{i}]"
        if not isinstance(line, dict) or not isinstance(line.get("card"), str):
            raise _fail(spot, f"must be {{'card': slug, 'count': n}}, not {line!r}")
        lines.append(StartCard(line["card"], _int(line, "count", spot, low=1)))
    return tuple(lines)


def _grid(data: Mapping[str, Any], where: str) -> tuple[tuple[Tile, ...], ...]:
    rows = _list(data, "rows", where)
    if not rows or not all(isinstance(r, str) and r for r in rows) or len({len(r) for r in rows}) != 1:
        raise _fail(f"{where}.rows", "must be non-empty text rows of equal length")
    for y, row in enumerate(rows):
        unknown = sorted(set(row) - set(TILE_CODES))
        if unknown:
            raise _fail(f"{where}.rows[{y}]", f"unknown tile {unknown[0]!r}; the tiles are {''.join(TILE_CODES)}")
    return tuple(tuple(TILE_CODES[c] for c in row) for row in rows)


def _seat(data: Any, where: str) -> Seat:
    if not isinstance(data, dict):
        raise _fail(where, f"a seat is an object, not {data!r}")
    seat = Seat(_points(data, "start_fields", where), _points(data, "harbours", where))
    if not seat.start_fields:
        raise _fail(f"{where}.start_fields", "every seat needs a start field")
    return seat


def _kraken(data: Any, where: str) -> Kraken | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise _fail(where, f"must be an object or null, not {data!r}")
    units = []
    for i, unit in enumerate(_list(data, "start_units", where)):
        spot = f"{where}.start_units[{i}]"
        if not isinstance(unit, dict) or not isinstance(unit.get("card"), str):
            raise _fail(spot, f"must be {{'card': slug, 'at': [x, y]}}, not {unit!r}")
        units.append(PlacedUnit(unit["card"], _point(unit.get("at"), f"{spot}.at")))
    return Kraken(
        deck=_cards(data, "deck", where),
        resources_per_player=_int(data, "resources_per_player", where),
        start_fields=_points(data, "start_fields", where),
        start_units=tuple(units),
    )


def _victory(data: Any, where: str) -> Victory:
    if not isinstance(data, dict) or data.get("kind") not in VICTORIES:
        raise _fail(where, f"needs a kind, one of {', '.join(VICTORIES)}; got {data!r}")
    return Victory(data["kind"], {k: v for k, v in data.items() if k != "kind"})


def parse_map(data: Any, source: str = "map") -> Map:
    """A :class:`Map` from the JSON of a map file; :class:`MapError` names the bad field."""
    if not isinstance(data, dict) or not isinstance(data.get("slug"), str):
        raise _fail(source, "a map is an object with a slug")
    names = data.get("names") or {}
    mode = data.get("mode", "standard")
    if mode not in MODES:
        raise _fail(f"{source}.mode", f"must be one of {', '.join(MODES)}, not {mode!r}")
    seats = tuple(_seat(s, f"{source}.seats[{i}]") for i, s in enumerate(_list(data, "seats", source)))
    game_map = Map(
        slug=data["slug"],
        name=str(data.get("name") or names.get("de") or data["slug"]),
        names=dict(names),
        mode=mode,
        grid=_grid(data, source),
        seats=seats,
        min_players=_int(data, "min_players", source, low=1) if "min_players" in data else len(seats),
        resources_per_turn=_int(data, "resources_per_turn", source),
        start_cards=_cards(data, "start_cards", source),
        victory=_victory(data.get("victory"), f"{source}.victory"),
        kraken=_kraken(data.get("kraken"), f"{source}.kraken"),
        max_rounds=_int(data, "max_rounds", source, low=5) if "max_rounds" in data else None,
    )
    check_map(game_map, source)
    return game_map


# --- consistency of a parsed map --------------------------------------------------------------


def _owned_tiles(game_map: Map, tile: Tile, owned: list[Point], where: str) -> None:
    """Every field of a player-specific tile belongs to exactly one seat, and only such fields do."""
    on_map = {p for p, t in game_map.fields() if t == tile}
    wrong = [p for p in owned if p not in on_map]
    if wrong:
        raise _fail(where, f"{list(wrong[0])} is not a {tile} field")
    doubled = {p for p in owned if owned.count(p) > 1}
    unowned = sorted(on_map - set(owned))
    if doubled or unowned:
        raise _fail(where, f"{tile} field {list((sorted(doubled) or unowned)[0])} needs exactly one owner")


def _check_harbours(game_map: Map, where: str) -> None:
    for i, seat in enumerate(game_map.seats):
        for harbour in seat.harbours:
            if not any(game_map.tile(p) == "tiefes_wasser" for p in game_map.within(harbour, HARBOUR_REACH)):
                raise _fail(f"{where}.seats[{i}].harbours", f"{list(harbour)} has no deep water within range 2")


def _check_kraken(game_map: Map, where: str) -> None:
    kraken = game_map.kraken
    if (game_map.mode == "the_kraken") != (kraken is not None):
        raise _fail(f"{where}.kraken", "the 'the_kraken' mode needs a kraken, and only it has one")
    if kraken is None:
        return
    places = [*kraken.start_fields, *(u.at for u in kraken.start_units)]
    outside = [p for p in places if not game_map.contains(p) or game_map.tile(p) not in WATER]
    if outside or not kraken.deck:
        problem = f"{list(outside[0])} is not a water field" if outside else "the Kraken needs a deck"
        raise _fail(f"{where}.kraken", problem)


def check_map(game_map: Map, where: str = "map") -> None:
    """Raise :class:`MapError` unless seats, start fields, harbours and the Kraken fit the grid."""
    if not 1 <= game_map.min_players <= game_map.max_players:
        raise _fail(f"{where}.min_players", f"must be between 1 and the {game_map.max_players} seats")
    starts = [p for seat in game_map.seats for p in seat.start_fields]
    _owned_tiles(game_map, "startfeld", starts, f"{where}.seats")
    _owned_tiles(game_map, "hafen", [p for seat in game_map.seats for p in seat.harbours], f"{where}.seats")
    _check_harbours(game_map, where)
    _check_kraken(game_map, where)


# --- the bundled maps -------------------------------------------------------------------------


def load_map_file(path: Path) -> Map:
    """Read and check one map file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise MapError(f"{path.name}: not JSON ({error})") from error
    game_map = parse_map(data, path.name)
    if game_map.slug != path.stem:
        raise MapError(f"{path.name}: the slug {game_map.slug!r} must match the file name")
    return game_map


@cache
def _bundled() -> dict[str, Map]:
    found = [load_map_file(path) for path in sorted(MAPS_DIR.glob("*.json"))]
    return {m.slug: m for m in found}


def maps() -> list[Map]:
    """Every bundled map, ordered by slug."""
    return list(_bundled().values())


def load_map(slug: str) -> Map:
    """The bundled map ``slug``; :class:`UnknownMapError` when there is none."""
    try:
        return _bundled()[slug]
    except KeyError:
        raise UnknownMapError(slug) from None


def map_pieces() -> frozenset[str]:
    """The cards the bundled maps lay out as their own pieces (the buildings, the Stecken des
    Sieges): objectives of a map, never store cards (M28), so never drafted, bought or dealt."""
    found: set[str] = set()
    for game_map in maps():
        params = game_map.victory.params
        found.update(str(piece["card"]) for seat in params.get("buildings", []) for piece in seat)
        if game_map.victory.kind == "staff_of_victory":
            found.add(str(params["card"]))
    return frozenset(found)
