"""Deck validation benchmark: a 53-card Eredan deck (3 characters + 50 cards) of the bundled cards.

Prints:

    BENCH validate.inprocess_us <us> us         median of eredan/quilingo's validate() on the
                                                resolved deck, in process (goal <= 1,000)
    BENCH validate.inprocess_list_us <us> us    median of parse + name resolution + validate from
                                                the list text (the whole pure pipeline)

    BENCH validate.api_us / bare_us <us> us     median wall time of `POST /api/decks/validate/`
                                                and of a bare DRF endpoint, timed alternately
    BENCH validate.api_cpu_us / bare_cpu_us     the same in this thread's CPU time
    BENCH validate.api_ratio_vs_bare <x> x      api over bare in CPU time (goal <= 1.5); the
                                                ``_wall`` ratio beside it

Each figure is one function in ``BENCHES``, returning ``{name: (value, unit)}``. The API half
runs on a temporary SQLite database with the process-local cache (LocMemCache), so every request
also reads the database stamp (charges.selectors.data_stamp) that Redis would spare: on SQLite,
while nothing changed, one PRAGMA data_version.

Usage: .venv/bin/python bench/validate.py [--runs 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.decks import CardIndex, Deck, parse_deck_list  # noqa: E402
from engine.core.samples import sample_decks  # noqa: E402
from engine.games import get_format, get_game  # noqa: E402

FORMAT = "eredan/quilingo"
# 20 more cards for the Kotoba sample (3 characters + 30): 3 + 50, every card legal there.
EXTRA = ["Dolch", "Speer", "Rundschild", "Finte", "Rückzug", "Wachsamkeit", "Meditation", "Ablenkung"]
EXTRA_LIST = "".join(f"2 {name}\n" for name in EXTRA) + "2 Zweite Luft\n2 Schlachtruf\n"

Figures = dict[str, tuple[float, str]]


def deck_list() -> str:
    """The benchmark deck as list text: the Kotoba sample grown to 3 characters + 50 cards."""
    return sample_decks("eredan/standard")[0]["list"] + EXTRA_LIST


def median_us(action: Callable[[], Any], runs: int) -> float:
    """The median wall time of ``action`` in microseconds, after a short warm-up."""
    for _ in range(min(50, runs)):
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def bench_inprocess(runs: int) -> Figures:
    """Validation in process: the resolved deck alone, and the whole list pipeline."""
    cards = get_game("eredan").bundled_cards()
    index = CardIndex(cards)
    context = {
        "charges": {c["slug"]: 200 if c.get("banned_at_start") else 9 for c in cards},  # 53 x 9 = 477
        "evolves_from": {c["slug"]: c["evolves_from"] for c in cards if c.get("evolves_from")},
    }
    fmt = get_format(FORMAT)
    text = deck_list()
    entries, problems = index.resolve(parse_deck_list(text))
    deck = Deck(tuple(entries), context)
    result = fmt.validate(deck)
    size = sum(e.count for e in entries)
    assert not problems and result.legal and size == 53, (problems, result.problems, size)

    def from_list() -> None:
        resolved, _ = index.resolve(parse_deck_list(text))
        fmt.validate(Deck(tuple(resolved), context))

    return {
        "validate.inprocess_us": (median_us(lambda: fmt.validate(deck), runs), "us"),
        "validate.inprocess_list_us": (median_us(from_list, runs), "us"),
    }


BENCHES: list[Callable[[int], Figures]] = [bench_inprocess]


# -- the API half (decks engineer): POST /api/decks/validate/ against a bare DRF endpoint ------------


def _django_with_bundled_cards() -> None:
    """Set Django up on a fresh temporary SQLite database holding the bundled cards."""
    import os
    import tempfile

    tmp = tempfile.mkdtemp(prefix="kartothek-bench-validate-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "0"  # no query log, as in production
    os.environ["SECURE_SSL_REDIRECT"] = "0"  # in-process requests over plain HTTP, as behind a TLS proxy
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ["MEDIA_ROOT"] = tmp
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("import_cards", verbosity=0)


BARE_URL = "/api/decks/bare-validate/"


def _bare_urlconf() -> str:
    """A urlconf with the site's URLs plus a bare POST endpoint: DRF's stack parsing the same
    JSON body and answering a small verdict, with no database and no rules (the baseline).

    It is as fair as it gets: under /api/ (so the body-limit middleware reads its body too), routed
    just before the decks app's URLs (so resolving it walks the same patterns as the real view's),
    with the real view's authentication, permission, parser and (default) throttle classes."""
    import types

    from django.urls import include, path
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from config.urls import api_patterns, urlpatterns
    from decks.api.views import DeckValidateView

    class BareValidateView(APIView):
        authentication_classes = DeckValidateView.authentication_classes
        permission_classes = DeckValidateView.permission_classes
        parser_classes = DeckValidateView.parser_classes
        throttle_classes = DeckValidateView.throttle_classes

        def post(self, request: Any) -> Response:
            data = request.data
            return Response({"legal": True, "format": data.get("format"), "problems": [], "summary": {}})

    module = types.ModuleType("bench_validate_urls")

    def module_name(pattern: Any) -> str:
        return str(getattr(getattr(pattern, "urlconf_name", None), "__name__", ""))

    decks_at = next(i for i, p in enumerate(api_patterns) if module_name(p) == "decks.api.urls")
    bare = path("", include([path("decks/bare-validate/", BareValidateView.as_view())]))
    api = path("api/", include([*api_patterns[:decks_at], bare, *api_patterns[decks_at:]]))
    site = [api if str(p.pattern) == "api/" else p for p in urlpatterns]
    module.urlpatterns = site  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    return module.__name__


def interleaved_medians_us(
    first: Callable[[], Any], second: Callable[[], Any], runs: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median microseconds of two actions timed alternately, so that the machine's load (other
    processes, CPU frequency) weighs on both alike: ``((first, second) wall, (first, second) CPU)``.

    CPU time is this thread's own (``thread_time``): on a shared, busy machine a request longer
    than the scheduler's slice is preempted more often, which wall time charges to the longer
    action; the in-process request does no I/O that would leave the CPU (SQLite reads are system
    time of this thread), so on an idle machine both agree."""
    clocks = (time.perf_counter_ns, time.thread_time_ns)
    for _ in range(min(50, runs)):
        first(), second()
    times: list[list[int]] = [[], [], [], []]  # first wall, second wall, first CPU, second CPU
    for _ in range(runs):
        for slot, action in enumerate((first, second)):
            wall, cpu = (clock() for clock in clocks)
            action()
            times[slot].append(clocks[0]() - wall)
            times[slot + 2].append(clocks[1]() - cpu)
    first_wall, second_wall, first_cpu, second_cpu = (statistics.median(t) / 1000 for t in times)
    return (first_wall, second_wall), (first_cpu, second_cpu)


def bench_api(runs: int) -> Figures:
    """The 53-card deck through `POST /api/decks/validate/` (Django test client, SQLite with the
    bundled cards, the charges in force today) over the bare endpoint, timed alternately in this
    run: what validation adds to an API request. The ratio is of CPU time (see above); the wall
    time ratio is printed beside it."""
    import json

    _django_with_bundled_cards()
    from django.test import Client
    from django.test.utils import override_settings

    body = json.dumps({"format": FORMAT, "list": deck_list()})
    client = Client()

    def post(url: str) -> Callable[[], Any]:
        return lambda: client.post(url, body, content_type="application/json")

    with override_settings(ROOT_URLCONF=_bare_urlconf()):
        answer = post("/api/decks/validate/")()
        assert answer.status_code == 200 and answer.json()["summary"]["count"] == 53, answer.content[:500]
        assert post(BARE_URL)().status_code == 200
        wall, cpu = interleaved_medians_us(post("/api/decks/validate/"), post(BARE_URL), runs)
    return {
        "validate.api_us": (wall[0], "us"),
        "validate.bare_us": (wall[1], "us"),
        "validate.api_cpu_us": (cpu[0], "us"),
        "validate.bare_cpu_us": (cpu[1], "us"),
        "validate.api_ratio_vs_bare_wall": (wall[0] / wall[1], "x"),
        "validate.api_ratio_vs_bare": (cpu[0] / cpu[1], "x"),
    }


BENCHES.append(bench_api)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    for bench in BENCHES:
        for name, (value, unit) in bench(args.runs).items():
            print(f"BENCH {name} {value:.2f} {unit}" if unit == "x" else f"BENCH {name} {value:.1f} {unit}")


if __name__ == "__main__":
    main()
