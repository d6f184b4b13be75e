"""What every harness format shares: how its files are found, options, and the batch rule.

A format (`Harness`) finds its files in a source and turns one file into a stream of
`HarnessRecord`s; `import_files` writes them with one `SubmissionWriter` under the batch rule
of docs/formats.md §1, the same as `tasks import`: a bad file is reported and contributes nothing,
the others still import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.writer import HarnessRecord, SubmissionWriter
from expgrade.grading.task_importers.common import source_files, unique_files


@dataclass(frozen=True)
class HarnessOptions:
    """Format-specific choices from the command line.

    `task_field`: where an Inspect sample's task id is (a metadata key, or `id`).
    `paper`: the PaperBench paper a submission is for, when its name does not say.
    """

    task_field: str | None = None
    paper: str | None = None


@dataclass(frozen=True)
class Harness:
    """One harness's output format: `patterns` pick its files out of a folder."""

    name: str
    patterns: tuple[str, ...]
    load: Callable[[Path, HarnessOptions], Iterator[HarnessRecord]]
    #: Whether a folder source is itself one submission (PaperBench) rather than holding files.
    folder_is_source: bool = False

    def expand(self, src: Path) -> list[Path]:
        return source_files(src, self.patterns, f"{self.name} files", folder_is_source=self.folder_is_source)


@dataclass
class FileImport:
    """One source file's part of a batch: the folders it wrote, or why it wrote none."""

    path: Path
    written: list[Path] = field(default_factory=list)
    error: str | None = None


def import_files(
    harness: Harness, sources: Sequence[Path], writer: SubmissionWriter, options: HarnessOptions
) -> list[FileImport]:
    outcomes: list[FileImport] = []
    for path, error in unique_files(sources, harness.expand):
        outcome = FileImport(path, error=error)
        outcomes.append(outcome)
        if error is not None:
            continue
        try:
            outcome.written = writer.write_file(path, harness.load(path, options))
            if not outcome.written:
                raise UserError(f"no {harness.name} records in this file", file=path)
        except UserError as exc:
            outcome.error = str(exc)
    return outcomes


def require(data: dict[str, Any], key: str, *, file: Path, record: str, kind: type = str) -> Any:
    """`data[key]`, or a UserError naming the file, the record and the missing or mistyped field."""
    if key not in data or data[key] is None:
        raise UserError("required field is missing", file=file, record=record, field=key)
    value = data[key]
    if not isinstance(value, kind):
        raise UserError(
            f"expected {kind.__name__}, found {type(value).__name__}", file=file, record=record, field=key
        )
    return value
