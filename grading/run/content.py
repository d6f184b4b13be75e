"""Resume by content, not by name: what a finished result was graded from, and whether it still is.

A result is keyed by task id and submission id, but its verdict belongs to the content graded.
An agent re-run into the same submission folder, or a task whose expected results were fixed,
keeps its ids; resuming by ids alone would keep the old verdict with exit 0. So each result
records the hashes of the task and the submission it was graded from (`task_sha256`,
`submission_sha256`, written in the same line as the verdict, so a killed run's results stay
checkable), the manifest records this session's hashes, and a re-run compares them before
anything is spent (docs/grading.md, "Resuming").
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import CutLineWarning, append_line, iter_json_lines, write_models
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import Task
from expgrade.grading.submission_reader import LoadedSubmission
from expgrade.grading.trajectory import trajectory_path

_CHUNK = 1 << 20


def _record_bytes(record: BaseModel) -> bytes:
    """A record as canonical JSON without its defaults: an optional field a later expgrade adds
    does not make every old record look changed."""
    data = record.model_dump(mode="json", exclude_defaults=True)
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def _feed_file(h: Any, path: Path) -> None:
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(_CHUNK), b""):
            h.update(chunk)


def _feed(h: Any, name: str, path: Path | None) -> None:
    """One artifact into the hash, streamed: a file's bytes, a folder's files by relative path
    (a link by its target, never followed: a workspace may link anywhere)."""
    h.update(f"\0{name}\0".encode())
    if path is None:
        h.update(b"absent")
        return
    paths = (
        sorted(p for p in path.rglob("*") if not p.is_dir() or p.is_symlink()) if path.is_dir() else [path]
    )
    for p in paths:
        rel = "." if p == path else p.relative_to(path).as_posix()
        h.update(f"\0{rel}\0".encode())
        if p.is_symlink():
            h.update(b"link:" + str(p.readlink()).encode())
        elif p.is_file():
            _feed_file(h, p)


def task_sha256(task: Task) -> str:
    """The task record's hash: every field a grader reads is in it."""
    return hashlib.sha256(_record_bytes(task)).hexdigest()


def submission_sha256(loaded: LoadedSubmission) -> str:
    """Everything the graders read of one submission: its record (design, conclusion, claimed
    results, …), patch, workspace, reproduce.sh, log and trajectory."""
    h = hashlib.sha256(_record_bytes(loaded.submission))
    for name, path in (
        ("patch", loaded.patch),
        ("workspace", loaded.workspace),
        ("reproduce", loaded.reproduce),
        ("log", loaded.log),
        ("trajectory", trajectory_path(loaded.root)),
    ):
        _feed(h, name, path)
    return h.hexdigest()


@dataclass(frozen=True)
class Content:
    """The hashes of this session's inputs, by task id and by submission id."""

    tasks: dict[str, str]
    submissions: dict[str, str]

    @classmethod
    def of(cls, pairs: Iterable[tuple[Task, LoadedSubmission]]) -> Content:
        tasks: dict[str, str] = {}
        submissions: dict[str, str] = {}
        for task, loaded in pairs:
            if task.id not in tasks:
                tasks[task.id] = task_sha256(task)
            submissions[loaded.submission_id] = submission_sha256(loaded)
        return cls(tasks, submissions)

    def fields(self, task_id: str, submission_id: str) -> dict[str, str | None]:
        """The two hash fields of a result graded now."""
        return {
            "task_sha256": self.tasks.get(task_id),
            "submission_sha256": self.submissions.get(submission_id),
        }

    def as_manifest(self) -> dict[str, dict[str, str]]:
        return {"tasks": self.tasks, "submissions": self.submissions}


@dataclass
class Stale:
    """Finished results that may no longer be the verdicts of their content."""

    #: (task id, submission id, what changed) of results whose content hashes differ now
    changed: list[tuple[str, str, str]] = field(default_factory=list)
    #: (task id, submission id) of results written with no hashes: they cannot be checked
    unchecked: list[tuple[str, str]] = field(default_factory=list)
    #: finished results of this session's inputs, stale or not
    finished: int = 0

    def keys(self) -> set[tuple[str, str]]:
        return {(t, s) for t, s, _ in self.changed} | set(self.unchecked)

    def refusal(self, run_dir: Path) -> UserError:
        """Why the run will not resume, what it concerns, and the two ways on."""
        lines = []
        if self.changed:
            lines.append(
                f"{len(self.changed)} finished result(s) were graded from content that has changed since:"
            )
            lines += [f"  {s} (task {t}): {what}" for t, s, what in self.changed]
        if self.unchecked:
            lines.append(
                f"{len(self.unchecked)} finished result(s) were written by an expgrade that recorded"
                " no content hashes, so whether their task or submission changed since cannot be checked:"
            )
            lines += [f"  {s} (task {t})" for t, s in self.unchecked]
        n = len(self.keys())
        kept = self.finished - n
        lines.append(
            "Resuming would keep their old verdicts. Re-run with --regrade-changed to grade exactly"
            f" these {n} again (the other {kept} finished result(s) are kept), or grade into another --out."
        )
        return UserError("\n".join(lines), file=run_dir)


def _finished(run_dir: Path) -> list[dict[str, Any]]:
    """The complete records of results.jsonl. A cut last line is this run's own unfinished
    append: `ResultsStore.open` cuts it off and says so, so it is passed over here unwarned."""
    path = RunFolder(run_dir).results
    if not path.exists():
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CutLineWarning)
        return [obj for _, obj in iter_json_lines(path)]


def stale_results(run_dir: Path, content: Content) -> Stale:
    """The finished results of `run_dir` whose task or submission (still graded in this session)
    hashes differently now, or that recorded no hashes. Results of inputs no longer given are
    not this session's concern: nothing regrades them."""
    stale = Stale()
    for obj in _finished(run_dir):
        tid, sid = str(obj.get("task_id")), str(obj.get("submission_id"))
        if tid not in content.tasks or sid not in content.submissions:
            continue
        stale.finished += 1
        old_task, old_sub = obj.get("task_sha256"), obj.get("submission_sha256")
        if old_task is None or old_sub is None:
            stale.unchecked.append((tid, sid))
            continue
        what = [
            name
            for name, old, new in (
                ("the task", old_task, content.tasks[tid]),
                ("the submission", old_sub, content.submissions[sid]),
            )
            if old != new
        ]
        if what:
            stale.changed.append((tid, sid, " and ".join(what) + " changed"))
    return stale


def supersede(run_dir: Path, keys: set[tuple[str, str]]) -> int:
    """Take the results of `keys` out of results.jsonl (one atomic rewrite) into superseded.jsonl,
    so that they are graded again and nothing reads their old verdicts as the run's."""
    folder = RunFolder(run_dir)
    kept: list[dict[str, Any]] = []
    moved = 0
    for obj in _finished(run_dir):
        if (str(obj.get("task_id")), str(obj.get("submission_id"))) in keys:
            append_line(folder.superseded, obj)
            moved += 1
        else:
            kept.append(obj)
    write_models(folder.results, kept)
    return moved
