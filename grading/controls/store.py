"""RUN_DIR/controls.jsonl: the append-only record of finished control gradings.

The same discipline as results.jsonl (`expgrade.grading.run.store`): one line per finished
control, a torn last line from a crash cut off and that control judged again, so a resumed run
neither loses nor repeats one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from expgrade.grading.jsonl import append_line, cut_torn_tail, iter_json_lines, read_models
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas.control import ControlRecord


@dataclass
class ControlStore:
    path: Path
    finished: set[str] = field(default_factory=set)

    @classmethod
    def open(cls, run_dir: Path) -> ControlStore:
        path = RunFolder(run_dir).controls
        cut_torn_tail(path)
        done = {str(obj.get("control_id")) for _, obj in (iter_json_lines(path) if path.exists() else ())}
        return cls(path, done)

    def append(self, record: ControlRecord) -> None:
        if record.control_id in self.finished:
            return
        append_line(self.path, record)
        self.finished.add(record.control_id)


def read_controls(run_dir: Path) -> list[ControlRecord]:
    """The run's control records; none for a run graded without controls."""
    path = RunFolder(run_dir).controls
    return read_models(path, ControlRecord) if path.exists() else []
