"""Data stamps: how per-process copies of card and charge data learn that the data changed.

Shared by the cards, decks and charges apps, so it lives in none of them (style.md): it imports no
app. The apps contribute what they own at start-up (``AppConfig.ready``): the cards app the games
table and its card columns, the charges app its lists' and pins' columns (``register_rows``).

- ``version``: the data version token in the default cache, bumped after a writing transaction
  commits (``data_changed``), and this process's count of bumps (``local_version``).
- ``rows``: the database's own stamp of a game (``rows_stamp``): one raw query over the registered
  columns, on SQLite kept per connection while ``PRAGMA data_version`` and ``total_changes`` stand.
- ``keys``: ``data_stamp(game=...)``, the key of every kept copy: today's date, the token and, with
  a process-local cache, the database stamp; ``kept(key, stamp, build)`` keeps one answer per key.
"""

from stamps.keys import cache_is_local, data_stamp, data_stamp_all, day_bounds, kept, local_today
from stamps.rows import register_rows, rows_stamp, rows_stamp_all
from stamps.version import data_changed, data_version, local_version

__all__ = [
    "cache_is_local",
    "data_changed",
    "data_stamp",
    "data_stamp_all",
    "data_version",
    "day_bounds",
    "kept",
    "local_today",
    "local_version",
    "register_rows",
    "rows_stamp",
    "rows_stamp_all",
]
