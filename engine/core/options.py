"""Match options declared as data, with bounds: every game checks them alike and the API documents them.

A game declares ``Option``s (per variant where they differ); ``check_options`` fills in defaults and
raises ``OptionError`` naming the first unknown option or bad value, so the API answers a 400 that
names the option. Bounds keep a request from asking the engine for unbounded work (a turn cap of a
billion, say).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.match import JSON, OptionError


@dataclass(frozen=True)
class Option:
    """One match option: its name, default and what it may be.

    ``kind`` is ``int`` (between ``minimum`` and ``maximum``, both inclusive), ``choice`` (one of
    ``choices``; None may be among them) or ``bool``.
    """

    name: str
    default: Any
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""

    def check(self, value: Any) -> Any:
        """The value if it is allowed; OptionError naming this option otherwise."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(self.name, f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if self.kind == "choice":
            if value not in self.choices or isinstance(value, bool) and not any(c is value for c in self.choices):
                shown = ", ".join("null" if c is None else repr(c) for c in self.choices)
                raise OptionError(self.name, f"option {self.name!r} cannot be {value!r}; it is one of {shown}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(self.name, f"option {self.name!r} must be a whole number, not {value!r}")
        if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
            raise OptionError(
                self.name, f"option {self.name!r} must be between {self.minimum} and {self.maximum}, not {value}"
            )
        return value

    def to_json(self) -> JSON:
        """The declaration as ``GET games/`` shows it."""
        shown: JSON = {"name": self.name, "default": self.default, "kind": self.kind, "help": self.help}
        if self.kind == "int":
            shown.update(minimum=self.minimum, maximum=self.maximum)
        if self.kind == "choice":
            shown["choices"] = list(self.choices)
        return shown


def check_options(specs: Sequence[Option], options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with every default filled in; OptionError for an unknown option or a bad value."""
    if not isinstance(options, Mapping):
        raise OptionError("options", "options must be an object of option names and values")
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(options) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise OptionError(str(unknown[0]), f"unknown option {unknown[0]!r}; the options are {names}")
    return {name: spec.check(options[name]) if name in options else spec.default for name, spec in known.items()}
