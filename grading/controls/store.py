"""RUN_DIR/controls.jsonl and RUN_DIR/retest.jsonl: append-only records of finished judge checks.

The same discipline as results.jsonl (`expgrade.grading.run.store`): one line per finished
control (or retest), a torn last line from a crash cut off and that one judged again, so a
resumed run neither loses nor repeats one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.jsonl import append_line, cut_torn_tail, iter_json_lines, read_models
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas.control import ControlRecord
from expgrade.grading.schemas.retest import RetestRecord


@dataclass
class CheckStore:
    """One append-only file of check records, each finished once under its `key` field."""

    path: Path
    key: str
    finished: set[str] = field(default_factory=set)

    @classmethod
    def at(cls, path: Path, key: str) -> CheckStore:
        cut_torn_tail(path)
        done = {str(obj.get(key)) for _, obj in (iter_json_lines(path) if path.exists() else ())}
        return cls(path, key, done)

    def append(self, record: Any) -> None:
        name = str(getattr(record, self.key))
        if name in self.finished:
            return
        append_line(self.path, record)
        self.finished.add(name)


class ControlStore(CheckStore):
    @classmethod
    def open(cls, run_dir: Path) -> CheckStore:
        return cls.at(RunFolder(run_dir).controls, "control_id")


class RetestStore(CheckStore):
    @classmethod
    def open(cls, run_dir: Path) -> CheckStore:
        return cls.at(RunFolder(run_dir).retests, "retest_id")


def read_controls(run_dir: Path) -> list[ControlRecord]:
    """The run's control records; none for a run graded without controls."""
    path = RunFolder(run_dir).controls
    return read_models(path, ControlRecord) if path.exists() else []


def read_retests(run_dir: Path) -> list[RetestRecord]:
    """The run's retest records; none for a run graded without a judge or with `--retest 0`."""
    path = RunFolder(run_dir).retests
    return read_models(path, RetestRecord) if path.exists() else []
