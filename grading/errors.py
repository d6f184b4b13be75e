"""User-facing errors.

A `UserError` is a mistake in what the user gave us (a file, a field, a name). The CLI turns it
into a one-paragraph message and exit code 2, never a traceback. Everything else is a bug and
keeps its traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class UserError(Exception):
    """A problem the user can fix: says where (file, record, field) and what was expected."""

    message: str
    file: str | Path | None = None
    record: str | int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = []
        if self.file is not None:
            where.append(str(self.file))
        if self.record is not None:
            where.append(f"record {self.record}")
        if self.field is not None:
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


def describe_validation_error(exc: object) -> str:
    """One line per pydantic error: the dotted field path and what was expected."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return str(exc)
    parts = []
    for err in errors():
        loc = ".".join(str(p) for p in err.get("loc", ())) or "<record>"
        if err.get("type") == "extra_forbidden":
            parts.append(_unknown_field(loc, err.get("input")))
        else:
            parts.append(f"field '{loc}': {err.get('msg', 'invalid')}")
    return "; ".join(parts)


def _unknown_field(loc: str, value: object) -> str:
    """ "unknown field 'run.comand' — did you mean 'run.command'?": the key in full, and the fix
    (`expgrade.grading.schemas.base.UnknownKey` carries it; other models' keys get none)."""
    text = f"unknown field '{loc}'"
    suggestion, hint = getattr(value, "suggestion", None), getattr(value, "hint", None)
    if suggestion:
        parent = loc.rpartition(".")[0]
        return f"{text} — did you mean '{parent + '.' if parent else ''}{suggestion}'?"
    return f"{text} ({hint})" if hint else text
