"""What every benchmark importer shares: raw-record validation, numeric leaves, batch imports.

Each benchmark module defines an `Importer` (how to find its files in a folder, how to turn
one file into Task records, how to tag a task's kind for the summary); `import_batch` runs
one over many sources with the batch rule of docs/formats.md §1: a bad file is reported and
skipped, the others still import.
"""

from __future__ import annotations

import math
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.schemas import Record, Task

R = TypeVar("R", bound=BaseModel)


def parse_raw(model: type[R], data: Any, *, file: Path, record: str | int | None = None) -> R:
    """Validate one raw benchmark record; a failure names the file, the record and the field.

    A benchmark's own keys are not a user's typos: into one of our records (a `Record`, at any
    depth) they are carried under its `extra`, where a user would write them by hand."""
    try:
        return model.model_validate(benchmark_fields_under_extra(model, data))
    except ValidationError as exc:
        raise UserError(describe_validation_error(exc), file=file, record=record) from None


def benchmark_fields_under_extra(annotation: Any, data: Any) -> Any:
    """`data` typed `annotation`, with the keys no field of a `Record` knows moved under its `extra`."""
    if isinstance(annotation, type) and issubclass(annotation, Record):
        if not isinstance(data, dict):
            return data
        fields = {f.alias or name: f for name, f in annotation.model_fields.items()}
        out = {
            k: benchmark_fields_under_extra(fields[k].annotation, v) for k, v in data.items() if k in fields
        }
        unknown = {k: v for k, v in data.items() if k not in fields}
        if unknown:
            out["extra"] = {**(out.get("extra") or {}), **unknown}
        return out
    args = typing.get_args(annotation)
    if isinstance(data, list) and typing.get_origin(annotation) is list:
        return [benchmark_fields_under_extra(args[0], v) for v in data]
    if isinstance(data, dict) and typing.get_origin(annotation) is dict:
        return {k: benchmark_fields_under_extra(args[1], v) for k, v in data.items()}
    for arg in args if typing.get_origin(annotation) in (typing.Union, types.UnionType) else ():
        if isinstance(arg, type) and issubclass(arg, Record) and isinstance(data, dict):
            return benchmark_fields_under_extra(arg, data)
    return data


def is_number(value: Any) -> bool:
    """A real, finite number; booleans are not numbers here (JSON `true` is not a metric)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def numeric_leaves(value: Any, prefix: str = "") -> tuple[dict[str, float], list[str]]:
    """Flatten one experiment's results into `{metric: number}` plus the paths of non-numeric leaves.

    AutoExperiment scores an experiment by the mean relative error over its numeric leaves,
    however nested; flattening with dotted names (`a.b`, `m[0]`) keeps each leaf addressable
    in the flat `{EXPERIMENT: {METRIC: number}}` shape of docs/formats.md §2. A one-element list is
    its element (`"IIF": [0.1]` is metric `IIF`), as in the published results files.
    """
    numbers: dict[str, float] = {}
    other: list[str] = []
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, dict):
        for k, v in value.items():
            n, o = numeric_leaves(v, f"{prefix}.{k}" if prefix else str(k))
            numbers.update(n)
            other.extend(o)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            n, o = numeric_leaves(v, f"{prefix}[{i}]")
            numbers.update(n)
            other.extend(o)
    elif is_number(value):
        numbers[prefix or "value"] = float(value)
    else:
        other.append(prefix or "value")
    return numbers, other


def experiment_results(results: dict[str, Any]) -> tuple[dict[str, dict[str, float]], list[str]]:
    """`{experiment: raw}` as `{experiment: {metric: number}}` and the non-numeric leaf paths."""
    out: dict[str, dict[str, float]] = {}
    skipped: list[str] = []
    for exp, raw in results.items():
        numbers, other = numeric_leaves(raw)
        out[str(exp)] = numbers
        skipped.extend(f"{exp}/{p}" for p in other)
    return out, skipped


@dataclass(frozen=True)
class Importer:
    """One benchmark's file format.

    `patterns`: globs that pick its task files out of a folder. `load`: one file to tasks
    (raising `UserError` on anything malformed). `kinds`: the summary columns, in order;
    `tags` says which of them a task counts under.
    """

    name: str
    patterns: tuple[str, ...]
    load: Callable[[Path], list[Task]]
    kinds: tuple[str, ...]
    tags: Callable[[Task], Iterable[str]]

    def expand(self, src: Path) -> list[Path]:
        """The task files a source names: itself, or the matching files in a folder."""
        return source_files(src, self.patterns, f"{self.name} task files")


def source_files(
    src: Path, patterns: Sequence[str], what: str, *, folder_is_source: bool = False
) -> list[Path]:
    """A source given on the command line: the file itself, or the files under a folder matching `patterns`.

    `folder_is_source`: the folder itself is the source (a harness whose output is a folder).
    """
    if not src.exists():
        raise UserError("file not found", file=src)
    if not src.is_dir() or folder_is_source:
        return [src]
    found = sorted({p for pattern in patterns for p in src.rglob(pattern) if p.is_file()})
    if not found:
        raise UserError(f"folder has no {what} (looked for {', '.join(patterns)})", file=src)
    return found


@dataclass
class FileOutcome:
    """One source file's part of a batch: its tasks and kind counts, or why it was skipped."""

    path: Path
    tasks: list[Task] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    error: str | None = None


@dataclass
class BatchResult:
    files: list[FileOutcome]

    @property
    def tasks(self) -> list[Task]:
        return [t for f in self.files for t in f.tasks]

    @property
    def failed(self) -> list[FileOutcome]:
        return [f for f in self.files if f.error is not None]


def import_batch(importer: Importer, sources: Sequence[Path]) -> BatchResult:
    """Import every source; a file that fails (unreadable, malformed, or reusing a task id
    already imported from an earlier file) is recorded with its message and contributes
    nothing, so the ids written are always unique."""
    outcomes: list[FileOutcome] = []
    seen: dict[str, Path] = {}
    for path, error in unique_files(sources, importer.expand):
        outcome = FileOutcome(path, error=error)
        outcomes.append(outcome)
        if error is not None:
            continue
        try:
            tasks = importer.load(path)
            if not tasks:
                raise UserError(f"no {importer.name} tasks in this file", file=path)
            _check_new_ids(tasks, seen, path)
        except UserError as exc:
            outcome.error = str(exc)
            continue
        for t in tasks:
            seen[t.id] = path
            outcome.kinds.update(importer.tags(t))
        outcome.tasks = tasks
    return BatchResult(outcomes)


def unique_files(
    sources: Sequence[Path], expand: Callable[[Path], list[Path]]
) -> Iterator[tuple[Path, str | None]]:
    """Each file the sources name, once, with None; or a source that names none, with why.

    A file named twice (a file and its folder, or a repeated glob) is imported once.
    """
    done: set[Path] = set()
    for src in sources:
        try:
            files = expand(src)
        except UserError as exc:
            yield src, str(exc)
            continue
        for path in files:
            if path.resolve() not in done:
                done.add(path.resolve())
                yield path, None


def _check_new_ids(tasks: list[Task], seen: dict[str, Path], path: Path) -> None:
    local: set[str] = set()
    for t in tasks:
        if t.id in local:
            raise UserError(f"task id '{t.id}' occurs twice in this file", file=path)
        if t.id in seen:
            raise UserError(f"task id '{t.id}' was already imported from {seen[t.id]}", file=path)
        local.add(t.id)
