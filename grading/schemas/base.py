"""The one mechanism for unknown keys: refused, with the nearest known field named.

A misspelt key (`conclusoin`, `expected_resutls`, a task's `run.comand`) kept silently
kept would grade the record as if the field were absent: a wrong number with exit 0. So every
file-format model refuses keys it does not know, and says which field was probably meant.
Data a user wants carried along has one explicit home, `extra` (docs/formats.md §1).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


def known_keys(model: type[BaseModel]) -> set[str]:
    """The keys a record of `model` may carry: its field names and their aliases."""
    return set(model.model_fields) | {f.alias for f in model.model_fields.values() if f.alias}


def nearest_field(key: str, known: set[str]) -> str | None:
    """The known field `key` most likely misspells, if any is close enough to suggest."""
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    return close[0] if close else None


@dataclass(frozen=True)
class UnknownKey:
    """An unknown key's value, wrapped with the fix: pydantic still refuses the key where it is
    (`extra_forbidden`, with its full location, beside every other error of the record) and
    `describe_validation_error` finds the suggestion in the error's input."""

    value: Any
    suggestion: str | None
    #: what to do when no field is near: where a user's own data goes, or the fields there are
    hint: str


class StrictModel(BaseModel):
    """Base of every model a user writes a file for: an unknown key is an error that names it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _mark_unknown(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        known = known_keys(cls)
        if all(k in known for k in data):
            return data
        hint = (
            "data of your own goes under 'extra'"
            if "extra" in known
            else "known fields: " + ", ".join(sorted(known))
        )
        return {
            k: v if k in known else UnknownKey(v, nearest_field(str(k), known), hint) for k, v in data.items()
        }


class Record(StrictModel):
    """Base of every file-format model: a record, plus the explicit `extra` for carried data.

    Importers put a harness's or benchmark's own fields under `extra` themselves; a user may
    write `"extra": {...}` by hand. Nothing lands there by accident.
    """

    extra: dict[str, Any] = Field(
        default_factory=dict, description="Data carried along as it is: yours, or a harness's own fields."
    )
