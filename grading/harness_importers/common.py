"""What every harness format shares: how its files are found, options, and the batch rule.

A format (`Harness`) finds its files in a source and turns one file into a stream of
`HarnessRecord`s (and `Notice`s about the whole file); `import_files` writes them with one
`SubmissionWriter` under the batch rule of docs/formats.md §1, the same as `tasks import`: a bad
file is reported and contributes nothing, the others still import. docs/harnesses.md says how
to add a format.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.mapping import FieldMap, Preset
from expgrade.grading.harness_importers.writer import FileWrite, HarnessRecord, SubmissionWriter
from expgrade.grading.jsonl import CutLine, cut_lines_read
from expgrade.grading.task_importers.common import source_files, unique_files


@dataclass(frozen=True)
class HarnessOptions:
    """Format-specific choices from the command line.

    `task_field`: where an Inspect sample's task id is (a metadata key, or `id`).
    `paper`: the PaperBench paper a submission is for, when its name does not say.
    """

    task_field: str | None = None
    paper: str | None = None
    #: `import json|jsonl`: the user's mapping (`--map`, `--mapping`).
    mapping: FieldMap | None = None


@dataclass(frozen=True)
class Notice:
    """What a user must know about a whole source file. `partial`: the file is the record of a
    run that did not finish (a killed eval); what it holds is imported and the import exits 1.
    `info`: how the file was read (which generation of a format, where a name came from),
    printed as a note rather than a warning."""

    text: str
    partial: bool = False
    info: bool = False


@dataclass(frozen=True)
class Harness:
    """One harness's output format.

    `patterns` pick its files out of a folder, and `accepts` (when given) drops the matches that
    are the harness's own bookkeeping rather than its output; a file named on the command line
    is always read. `load` turns one file into records and notices.
    """

    name: str
    patterns: tuple[str, ...]
    load: Callable[[Path, HarnessOptions], Iterator[HarnessRecord | Notice]]
    accepts: Callable[[Path], bool] | None = None
    #: How a source becomes the paths `load` reads, instead of `patterns` (PaperBench: a
    #: folder is a repository, a run or a run group).
    find: Callable[[Path], list[Path]] | None = None
    #: The mappings its records are read through (`presets.Preset`), one per generation: what
    #: `import auto` recognises a file by. Empty for a plugin that maps records itself.
    presets: tuple[Preset, ...] = ()

    def expand(self, src: Path) -> list[Path]:
        return self.walk(src)[0]

    def walk(self, src: Path) -> tuple[list[Path], list[Path]]:
        """(the files of a source to read, the files its folder holds that are not this
        harness's output): a folder is read once, and what is left out is named."""
        if self.find is not None:
            if not src.exists():
                raise UserError("file not found", file=src)
            return self.find(src), []
        found = source_files(src, self.patterns, f"{self.name} files")
        if not src.is_dir() or self.accepts is None:
            return found, []
        kept = [p for p in found if self.accepts(p)]
        if not kept:
            raise UserError(
                f"folder has no {self.name} files (looked for {', '.join(self.patterns)}; "
                f"{len(found)} match(es) are not {self.name} output)",
                file=src,
            )
        return kept, [p for p in found if p not in kept]


@dataclass
class FileImport:
    """One source file's part of a batch: the folders it wrote, or why it wrote none, and what
    a user must know about it (how its runs ended, fields that fell back to defaults, notices)."""

    path: Path
    written: list[Path] = field(default_factory=list)
    error: str | None = None
    ended: Counter[str] = field(default_factory=Counter)
    #: "field = value (why)" -> how many records fell back to it.
    defaults: Counter[str] = field(default_factory=Counter)
    notices: list[Notice] = field(default_factory=list)
    repeats: list[tuple[str, str]] = field(default_factory=list)
    #: Attempt number -> how many of this file's submissions got it.
    attempts: Counter[int] = field(default_factory=Counter)
    #: (record, task, attempt, earlier files): attempts numbered on from other files'.
    continued: list[tuple[str, str, int, tuple[Path, ...]]] = field(default_factory=list)
    #: The file's cut last line (docs/formats.md §1): its complete records were imported.
    cut: CutLine | None = None
    #: Why the file was not read although its folder was: it belongs to a run without being
    #: its records (a trajectory, a report, the run's metadata).
    skipped: str | None = None
    #: Records written with at least one field defaulted.
    defaulted: int = 0
    #: How the file was recognised (`import auto`): "<harness>: <generation>".
    read_as: str | None = None

    @property
    def partial(self) -> bool:
        return self.cut is not None or any(n.partial for n in self.notices)


#: The first line of a Git LFS pointer file, what a clone without `git lfs pull` holds.
LFS_POINTER = b"version https://git-lfs.github.com/spec/v1"


def check_not_lfs_pointer(path: Path) -> None:
    """A Git LFS pointer in place of the file gets an error that says so, not a parse error."""
    if not path.is_file() or path.stat().st_size > 1024:
        return
    head = path.read_bytes()
    if head.startswith(LFS_POINTER):
        fields = dict(
            line.split(" ", 1) for line in head.decode("utf-8", "replace").splitlines()[1:] if " " in line
        )
        raise UserError(
            "this is a Git LFS pointer, not the file itself"
            f" ({fields.get('oid', 'unknown oid')}, {fields.get('size', '?')} bytes);"
            " fetch the content with `git lfs pull` in its repository",
            file=path,
        )


def import_files(
    harness: Harness,
    sources: Sequence[Path],
    writer: SubmissionWriter,
    options: HarnessOptions,
    *,
    check: Callable[[Path], None] | None = None,
    skipped_why: Callable[[Path], str | None] | None = None,
) -> list[FileImport]:
    """Import each file the sources name; `check` may refuse a file before it is read (a file
    another harness wrote), and `skipped_why` says why a file a folder holds, left out by the
    harness's layout, is not read (a trajectory, a report; None: not worth naming)."""
    outcomes: list[FileImport] = []
    left_out: list[FileImport] = []
    for src in sources:
        if src.is_dir() and skipped_why is not None:
            try:
                leftovers = harness.walk(src)[1]
            except UserError:
                continue  # reported below, by unique_files
            left_out += [FileImport(p, skipped=why) for p in leftovers if (why := skipped_why(p))]
    for path, error in unique_files(sources, harness.expand):
        outcome = FileImport(path, error=error)
        outcomes.append(outcome)
        if error is not None:
            continue
        try:
            check_not_lfs_pointer(path)
            if check is not None:
                check(path)
            with cut_lines_read() as cuts:
                done: FileWrite = writer.write_file(path, _tally(harness.load(path, options), outcome))
            outcome.cut = cuts[0] if cuts else None
            outcome.written, outcome.repeats = done.written, done.repeats
            outcome.ended, outcome.defaults = done.ended, done.defaults
            outcome.attempts, outcome.continued = done.attempts, done.continued
            outcome.defaulted = done.defaulted
            outcome.notices += [Notice(note, partial=True) for note in done.notes]
            if not outcome.written and not outcome.repeats:
                raise UserError(f"no {harness.name} records in this file", file=path)
        except UserError as exc:
            outcome.error = str(exc)
    return outcomes + left_out


def _tally(items: Iterable[HarnessRecord | Notice], outcome: FileImport) -> Iterator[HarnessRecord]:
    for item in items:
        if isinstance(item, Notice):
            outcome.notices.append(item)
            continue
        outcome.notices += [Notice(f"{item.record}: {note}") for note in item.notes]
        yield item


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
