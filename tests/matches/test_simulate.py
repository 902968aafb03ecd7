"""`manage.py simulate`: AI against AI with the pure engine, win rates with Wilson intervals.

No test here is marked django_db: pytest-django refuses any database access, so these tests also
prove that simulating writes (and reads) nothing there.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from engine.core.samples import sample_decks
from engine.management.commands.simulate import wilson


def simulate(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", *args, "--no-progress", stdout=out)
    return out.getvalue()


def test_it_prints_win_rates_with_intervals_and_the_average_length() -> None:
    text = simulate("--format", "kamelo/dufo", "--decks", "1", "2", "--games", "12", "--ai", "greedy", "random")
    rows = re.findall(r"(\d+)/12 wins = [\d.]+% \(95% CI ([\d.]+)% - ([\d.]+)%\)", text)
    draws = int(re.search(r"no winner: (\d+)/12", text)[1])  # type: ignore[index]
    assert len(rows) == 2 and sum(int(w) for w, _, _ in rows) + draws == 12
    assert all(float(low) <= 100 * int(w) / 12 <= float(high) for w, low, high in rows)
    assert re.search(r"average length: [1-9][\d.]* actions, [1-9][\d.]* turns", text)


def test_the_same_seed_gives_the_same_results() -> None:
    args = ("--format", "kamelo/wimu", "--decks", "1", "2", "--games", "4", "--ai", "random", "random", "--seed", "7")
    assert simulate(*args) == simulate(*args)


def test_a_deck_may_be_a_sample_name_or_a_file(tmp_path: Path) -> None:
    sample = sample_decks("kamelo/dufo")[1]
    path = tmp_path / "deck.txt"
    path.write_text(sample["list"], encoding="utf-8")
    text = simulate("--format", "kamelo/dufo", "--decks", sample["name"], str(path), "--games", "2")
    assert "2 matches" in text


@pytest.mark.parametrize(
    "args",
    [
        ("--format", "kamelo/blitz", "--decks", "1", "2"),
        ("--format", "kamelo/dufo", "--decks", "1", "2", "--seats", "3"),
        ("--format", "kamelo/dufo", "--variant", "wimu"),
        ("--format", "kamelo/dufo", "--option", "max_turns=100000"),
        ("--format", "kamelo/dufo", "--option", "colour=red"),
        ("--format", "kamelo/dufo", "--decks", "1"),
        ("--format", "kamelo/dufo", "--decks", "1", "99"),
        ("--format", "kamelo/dufo", "--decks", "1", "2", "--ai", "greedy", "psychic"),
    ],
)
def test_it_refuses_what_it_cannot_simulate(args: tuple[str, ...]) -> None:
    with pytest.raises(CommandError):
        simulate(*args, "--games", "1")


def test_k1_an_illegal_deck_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "short.txt"
    path.write_text("3 Dromedar\n", encoding="utf-8")
    with pytest.raises(CommandError, match="60"):
        simulate("--format", "kamelo/dufo", "--decks", "1", str(path), "--games", "1")


def test_the_wilson_interval_matches_published_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_it_takes_match_options_and_prints_how_the_matches_ended() -> None:
    text = simulate("--format", "kamelo/dufo", "--games", "3", "--option", "length=long", "--option", "max_turns=4")
    assert "kamelo/dufo {'length': 'long', 'max_turns': 4}: 3 matches" in text
    ended = dict(re.findall(r"^(\w+): (\d+)/3$", text, flags=re.MULTILINE))
    assert sum(int(n) for code, n in ended.items()) == 3 and set(ended) <= {"deck_exhausted", "turn_limit"}


def test_the_decks_default_to_the_formats_samples() -> None:
    assert "seat 1 (1, greedy)" in simulate("--format", "kamelo/koenig", "--games", "1")
