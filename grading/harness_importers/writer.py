"""Writing harness records as native submission folders (docs/formats.md §3), one mechanism for every format.

Each format module turns its files into `HarnessRecord`s; `SubmissionWriter` owns everything
after that: the `--agent`/`--agent-model` overrides, attempt numbers, folder names, the patch
and log files, the workspace copy, the check against the tasks file, and `extra.source` (file,
record, fields used) so a grade can be traced back to the harness log. A file that fails part
way is rolled back, so a batch never holds half of a file.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel, ValidationError, create_model

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.harness_importers.steps import BadStep, StepDraft
from expgrade.grading.safepath import copy_tree, resolve_inside, unsafe_patch_targets
from expgrade.grading.schemas.submission import DEFAULT_ARTIFACTS, SUBMISSION_FILE
from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE, Step
from expgrade.grading.submission_reader.loader import validate_submission

#: Characters kept from each end of one transcript entry in `agent.log`.
ENTRY_CHARS = 2_000
#: Transcript entries kept from each end of a long transcript in `agent.log`.
ENTRIES = 100
#: Folder of a submission holding the harness's own files kept as they are (binary logs).
HARNESS_FILES = "harness_files"
#: Bytes of `trajectory.jsonl` buffered before each write to disk (with the default, 8 KiB, a
#: system call every few steps: 0.1 s of CPU and about 1 s of wall time per 100 MB written).
WRITE_BUFFER = 1 << 20


@dataclass
class HarnessRecord:
    """One agent attempt at one task, as a harness recorded it.

    `record` names it inside its file ("line 3", "sample adam, epoch 2") and `fields` maps each
    expgrade field to the harness field it came from; both go into `extra.source`.
    `steps` is the run as the harness recorded it, streamed to `trajectory.jsonl` (numbered
    1, 2, … as written) and rendered to `agent.log` unless `log` gives that text itself.
    `attempt` None means "number it": attempts 1, 2, … per task, agent and model.
    `ended` is how the agent's run ended as the harness recorded it (`completed`, `error`,
    `timeout`, `message limit`, …) and `defaults` the fields the harness did not give, with the
    value used instead and why (`{"agent": "'openhands' (no metadata.agent_class)"}`): both are
    counted and printed, since a user grading an errored run as if
    it had finished, or under a made-up agent name, would draw the wrong conclusion.
    """

    task_id: str
    agent: str
    agent_model: str
    record: str
    fields: dict[str, str]
    attempt: int | None = None
    design: str | None = None
    conclusion: str | None = None
    patch: str | None = None
    log: str | None = None
    #: Or already checked and serialised, by a worker process (`parallel.py`).
    steps: Iterable[StepDraft] | StagedSteps | None = None
    workspace: Path | None = None
    reproduce: str | None = None  # relative to the workspace
    #: Files of the harness kept as they are (binary logs such as an Inspect `.eval`): name in
    #: the submission's `harness_files/` -> the file.
    files: dict[str, Path] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    ended: str = "completed"
    defaults: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Overrides:
    """What the user says instead of the harness (`--agent`, `--agent-model`)."""

    agent: str | None = None
    agent_model: str | None = None


@dataclass
class Transcript:
    """`agent.log`'s entries as they stream by: counts, the first ENTRIES and a bounded tail.

    Kept apart from the title so that a worker process can collect it (`check_steps`) and the
    importing process, which alone knows the title, renders it (`render`)."""

    head: list[str] = field(default_factory=list)
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=ENTRIES))
    counts: dict[str, int] = field(default_factory=dict)
    total: int = 0

    def add(self, kind: str, text: str) -> None:
        self.total += 1
        self.counts[kind] = self.counts.get(kind, 0) + 1
        block = f"[{self.total}] {kind}\n{_cut(text)}\n"
        (self.head if len(self.head) < ENTRIES else self.tail).append(block)

    def render(self, title: str) -> str:
        dropped = self.total - len(self.head) - len(self.tail)
        summary = ", ".join(f"{n} {kind}" for kind, n in self.counts.items()) or "empty"
        lines = [f"# {title}", f"# {self.total} entries: {summary}", ""]
        lines += self.head
        if dropped:
            lines.append(f"[... {dropped} entries cut; the first and last {ENTRIES} are shown ...]\n")
        lines += self.tail
        return "\n".join(lines)


def render_transcript(entries: Iterable[tuple[str, str]], *, title: str) -> str:
    """A transcript as `agent.log`: counts first, then each entry, cut in the middle when long.

    Streams over `entries` keeping only the head and a bounded tail, so a transcript of any
    length costs memory for 2 × ENTRIES entries of at most 2 × ENTRY_CHARS characters each.
    """
    transcript = Transcript()
    for kind, text in entries:
        transcript.add(kind, text)
    return transcript.render(title)


def _cut(text: str) -> str:
    if len(text) <= 2 * ENTRY_CHARS:
        return text
    cut = len(text) - 2 * ENTRY_CHARS
    return f"{text[:ENTRY_CHARS]}\n[... {cut} characters cut ...]\n{text[-ENTRY_CHARS:]}"


_UNSAFE = re.compile(r"[^\w.\-]+")


def folder_name(agent: str, model: str, task_id: str, attempt: int) -> str:
    return _UNSAFE.sub("-", f"{agent}__{model}__{task_id}__{attempt}").strip(".-") or "submission"


@dataclass
class FileWrite:
    """What one source file wrote: its folders, and the records skipped as repeats of earlier ones."""

    written: list[Path] = field(default_factory=list)
    #: (record, the file and record it repeats): the same attempt read twice, written once.
    repeats: list[tuple[str, str]] = field(default_factory=list)
    #: How the written records' runs ended, and "field = value (why)" for each default taken.
    ended: Counter[str] = field(default_factory=Counter)
    defaults: Counter[str] = field(default_factory=Counter)
    #: Records written with at least one field defaulted.
    defaulted: int = 0
    #: What a user must know of a record written (a trajectory read only in part).
    notes: list[str] = field(default_factory=list)
    #: Attempt number -> how many of the file's submissions got it.
    attempts: Counter[int] = field(default_factory=Counter)
    #: (record, task, attempt, earlier files): an attempt numbered on from other files'
    #: attempts at the same task, agent and model (several prediction files of one run).
    continued: list[tuple[str, str, int, tuple[Path, ...]]] = field(default_factory=list)


class SubmissionWriter:
    """Writes submission folders under `out`; one instance per import batch.

    A record equal to one already written in this batch (same task, agent, model, attempt, patch,
    conclusion, workspace and harness extras) is the same attempt read twice, e.g. `preds.json` and
    `preds.jsonl` of one SWE-bench run side by side: it is written once, and the repeat reported.
    `replace`: a folder left in `out` by an earlier, unfinished import of the same record is
    replaced rather than refused (the Inspect scorer's own work folder).
    """

    def __init__(
        self,
        out: Path,
        fmt: str,
        *,
        overrides: Overrides,
        task_ids: set[str] | None = None,
        replace: bool = False,
    ) -> None:
        self.out = out
        self.fmt = fmt
        self.overrides = overrides
        self.task_ids = task_ids
        self.replace = replace
        self._attempts: dict[tuple[str, str, str], set[int]] = {}
        #: Which file each attempt of a (task, agent, model) came from.
        self._attempt_files: dict[tuple[str, str, str], dict[int, Path]] = {}
        self._seen: dict[str, str] = {}
        self._file: FileWrite = FileWrite()
        self._file_written: list[tuple[Path, tuple[str, str, str], int, str]] = []

    def write_file(self, path: Path, records: Iterable[HarnessRecord]) -> FileWrite:
        """Write every record of one source file; on any error remove what this file wrote."""
        self._file_written = []
        self._file = FileWrite()
        reading = iter(records)
        try:
            for rec in reading:
                self._write(path, rec)
        except BaseException:
            # stop the reading first (an import in worker processes ends them, and removes
            # the steps they staged), then remove what was written
            if isinstance(reading, Generator):
                reading.close()
            for folder, key, attempt, digest in self._file_written:
                shutil.rmtree(folder, ignore_errors=True)
                self._attempts[key].discard(attempt)
                self._attempt_files[key].pop(attempt, None)
                self._seen.pop(digest, None)
            raise
        self._file.written = [folder for folder, _, _, _ in self._file_written]
        return self._file

    def _attempt(self, key: tuple[str, str, str], wanted: int | None) -> int:
        used = self._attempts.setdefault(key, set())
        n = wanted or 1
        while n in used:
            n += 1
        used.add(n)
        return n

    def _write(self, path: Path, rec: HarnessRecord) -> None:
        agent = self.overrides.agent or rec.agent
        model = self.overrides.agent_model or rec.agent_model
        if self.task_ids is not None and rec.task_id not in self.task_ids:
            raise UserError(
                f"task_id '{rec.task_id}' (from {rec.fields.get('task_id', '?')}) is not in the tasks file",
                file=path,
                record=rec.record,
                field=rec.fields.get("task_id"),
            )
        if rec.patch and (bad := unsafe_patch_targets(rec.patch)):
            raise UserError(
                f"patch writes outside the repository via '..': {', '.join(bad)}",
                file=path,
                record=rec.record,
                field=rec.fields.get("patch"),
            )
        key = (rec.task_id, agent, model)
        digest = _digest(rec, agent, model)
        if digest in self._seen:
            self._file.repeats.append((rec.record, self._seen[digest]))
            return
        attempt = self._attempt(key, rec.attempt)
        files = self._attempt_files.setdefault(key, {})
        earlier = tuple(dict.fromkeys(f for f in files.values() if f != path))
        if earlier:
            self._file.continued.append((rec.record, rec.task_id, attempt, earlier))
        files[attempt] = path
        self._file.attempts[attempt] += 1
        defaults = {
            name: value
            for name, value in rec.defaults.items()
            if not (name == "agent" and self.overrides.agent)
            and not (name == "agent_model" and self.overrides.agent_model)
        }
        source: dict[str, Any] = {
            "format": self.fmt,
            "file": str(path),
            "record": rec.record,
            "fields": {k: v for k, v in rec.fields.items() if k not in defaults},
            "ended": rec.ended,
        }
        if defaults:
            source["defaults"] = defaults
            self._file.defaulted += 1
        if rec.files:
            source["files"] = [f"{HARNESS_FILES}/{name}" for name in rec.files]
        self._file.ended[rec.ended] += 1
        self._file.defaults.update(f"{name} = {value}" for name, value in defaults.items())
        if rec.attempt is not None and rec.attempt != attempt:
            source["harness_attempt"] = rec.attempt
        data: dict[str, Any] = {
            "task_id": rec.task_id,
            "agent": agent,
            "agent_model": model,
            "attempt": attempt,
            "design": rec.design,
            "conclusion": rec.conclusion,
            "extra": {**rec.extra, "source": source},
        }
        if rec.reproduce is not None:
            resolve_inside(rec.workspace or path.parent, rec.reproduce, what="reproduce")
            data["artifacts"] = {"reproduce": f"workspace/{rec.reproduce}"}
        sub = validate_submission(data, file=path)
        folder = self.out / folder_name(agent, model, rec.task_id, attempt)
        if folder.exists() and self.replace:
            shutil.rmtree(folder)
        if folder.exists():
            self._attempts[key].discard(attempt)
            self._attempt_files[key].pop(attempt, None)
            raise UserError(
                f"submission folder {folder} already exists; import into an empty --out folder",
                file=path,
                record=rec.record,
            )
        # counted as written before it exists: Ctrl-C between the two would keep a folder
        self._file_written.append((folder, key, attempt, digest))
        self._seen[digest] = f"{path}, {rec.record}"
        folder.parent.mkdir(parents=True, exist_ok=True)
        if rec.workspace is not None:
            copy_tree(rec.workspace, folder / DEFAULT_ARTIFACTS["workspace"])
        else:
            folder.mkdir()
        log = rec.log
        if rec.steps is not None:
            title = f"{self.fmt} run of {rec.task_id} ({rec.record})"
            if isinstance(rec.steps, StagedSteps):
                trajectory = rec.steps.write(folder / TRAJECTORY_FILE, title)
            else:
                trajectory = write_trajectory(folder / TRAJECTORY_FILE, rec.steps, title=title)
            source["steps"] = trajectory.count
            if trajectory.problem is not None:
                self._file.notes.append(f"{rec.record}: {trajectory.problem}")
            log = log or trajectory.log
            sub = validate_submission(data, file=path)
        text = json.dumps(sub.model_dump(mode="json", exclude_none=True), indent=2, ensure_ascii=False)
        (folder / SUBMISSION_FILE).write_text(text + "\n", encoding="utf-8")
        if rec.patch:
            (folder / DEFAULT_ARTIFACTS["patch"]).write_text(rec.patch, encoding="utf-8")
        if log:
            (folder / DEFAULT_ARTIFACTS["log"]).write_text(log, encoding="utf-8")
        for name, src in rec.files.items():
            target = resolve_inside(folder / HARNESS_FILES, name, what="harness file")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, target)


@dataclass
class Trajectory:
    """What `write_trajectory` wrote: how many steps, `agent.log` rendered from them (None for
    a run of no steps), and why it stopped early when the transcript stopped being readable."""

    count: int = 0
    log: str | None = None
    problem: str | None = None


@dataclass
class CheckedSteps:
    """What `check_steps` passed on: how many steps, why it stopped early, `agent.log`'s entries."""

    count: int = 0
    problem: str | None = None
    transcript: Transcript = field(default_factory=Transcript)

    def trajectory(self, title: str) -> Trajectory:
        return Trajectory(self.count, self.transcript.render(title) if self.count else None, self.problem)


def check_steps(drafts: Iterable[StepDraft], write: Callable[[bytes], object]) -> CheckedSteps:
    """Check each step and hand its line to `write`, numbered as written, streaming: memory
    holds one step (and `agent.log`'s bounded head and tail). A step that is not a step (a
    converter's `BadStep`, a field of the wrong type) ends the trajectory there: the steps
    before it are kept, and `problem` names the step and what was expected."""
    done = CheckedSteps()
    it = iter(drafts)
    while True:
        try:
            draft = next(it)
        except StopIteration:
            return done
        except BadStep as exc:
            where = f"{exc.file}: " if exc.file else ""
            done.problem = f"trajectory read as far as step {done.count}: {where}{exc}"
            return done
        try:
            step = _checked({**draft, "index": done.count + 1})
        except ValidationError as exc:
            done.problem = (
                f"trajectory read as far as step {done.count}: step {done.count + 1} is not a step"
                f" ({describe_validation_error(exc)})"
            )
            return done
        done.count += 1
        # the serializer's UTF-8 as it is (no decoding and encoding again)
        write(step.__pydantic_serializer__.to_json(step, exclude_none=True) + b"\n")
        done.transcript.add(*step_entry(step))


def write_trajectory(path: Path, drafts: Iterable[StepDraft], *, title: str) -> Trajectory:
    """`check_steps` into `path`, through a buffer that holds hundreds of steps: a write call
    per step, a system call per megabyte."""
    with path.open("wb", buffering=WRITE_BUFFER) as fh:
        checked = check_steps(drafts, fh.write)
    return checked.trajectory(title)


@dataclass
class StagedSteps:
    """A record's steps checked and written ahead of the writer, by a worker process
    (`parallel.py`), to `file` outside the submission: moved into the folder when the writer
    reaches the record (left behind when it is a repeat). Or the error reading them raised,
    which the writer raises where the steps would have been read (after the record's own
    checks), so a record refused in a worker is refused with the message, and at the point,
    it is when read in one process."""

    file: Path
    checked: CheckedSteps
    error: UserError | None = None

    def write(self, path: Path, title: str) -> Trajectory:
        if self.error is not None:
            raise self.error
        shutil.move(self.file, path)  # a rename when both are on one file system
        return self.checked.trajectory(title)


def stage_steps(drafts: Iterable[StepDraft], file: Path) -> StagedSteps:
    """`check_steps` into `file`, for the writer to move into the record's folder."""
    try:
        with file.open("wb", buffering=WRITE_BUFFER) as fh:
            checked = check_steps(drafts, fh.write)
    except UserError as exc:
        return StagedSteps(file, CheckedSteps(), exc)
    return StagedSteps(file, checked)


#: `Step` as the writer checks every step of a run: built once from `Step`'s own fields,
#: constraints and config, without `Record`'s before-validator, which runs in Python on every
#: record only to word the error for an unknown key (with the nearest field named): a third of
#: the cost of checking a step, paid by every step of a long run. It refuses no record itself,
#: so this model accepts exactly what `Step` accepts, and serialises the same fields in the
#: same order; a step it refuses is checked again as `Step` (`_checked`), for the message users
#: see. Not a subclass of `Step`: a subclass would inherit the validator.
_STEP_FIELDS: dict[str, Any] = {name: (info.annotation, info) for name, info in Step.model_fields.items()}
_STEP_ROW: type[BaseModel] = create_model("StepRow", __config__=Step.model_config, **_STEP_FIELDS)


def _checked(row: dict[str, Any]) -> Step:
    """`row` as a step (a `_STEP_ROW`, which has `Step`'s fields), or `Step`'s `ValidationError`."""
    try:
        return cast(Step, _STEP_ROW.__pydantic_validator__.validate_python(row))
    except ValidationError:
        return Step.model_validate(row)


def step_entry(step: Step) -> tuple[str, str]:
    """(header, text) of one step in `agent.log`: kind, actor and tool; the text, the command,
    the output and its exit code."""
    who = step.actor if step.role is None else f"{step.actor}/{step.role}"
    tool = f" {step.tool}" if step.tool else ""
    parts = [p for p in (step.text, f"$ {step.command}" if step.command else None) if p]
    if step.command is None and step.text is None and step.arguments and step.kind == "tool_call":
        args = step.arguments
        parts.append(args if isinstance(args, str) else json.dumps(args, ensure_ascii=False, indent=1))
    if step.output is not None:
        parts.append(step.output)
    if step.exit_code is not None:
        parts.append(f"[exit code {step.exit_code}]")
    return f"{step.kind}{tool} ({who})", "\n".join(parts)


def _digest(rec: HarnessRecord, agent: str, model: str) -> str:
    """What makes two records the same attempt: who, at what, which attempt the harness says,
    everything it left, and what else the harness recorded of it (`extra`: two Inspect runs that
    happened to do the same differ in their run and sample ids, so they are still two)."""
    h = hashlib.sha256(json.dumps(rec.extra, sort_keys=True, default=str).encode())
    attempt = None if rec.attempt is None else str(rec.attempt)
    for part in (rec.task_id, agent, model, attempt, rec.patch, rec.conclusion, rec.design, rec.reproduce):
        h.update(b"\0" if part is None else part.encode("utf-8", "surrogatepass") + b"\1")
    if rec.workspace is not None:
        h.update(str(rec.workspace.resolve()).encode())
    return h.hexdigest()
