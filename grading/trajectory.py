"""Reading a submission's `trajectory.jsonl` (docs/formats.md §3) as steps, streaming.

One reader for every consumer (claim support, failure analysis, the judge's cited steps,
`submissions show --steps`), so a step's index means the same thing everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pydantic import ValidationError

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.jsonl import iter_json_lines
from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE, Step


def trajectory_path(submission_dir: Path) -> Path | None:
    """The submission's trajectory file, or None when its harness recorded no run."""
    path = submission_dir / TRAJECTORY_FILE
    return path if path.is_file() else None


def iter_steps(path: Path) -> Iterator[Step]:
    """Yield the steps of a trajectory file in order, in bounded memory."""
    for line, obj in iter_json_lines(path):
        try:
            yield Step.model_validate(obj)
        except ValidationError as exc:
            raise UserError(describe_validation_error(exc), file=path, record=f"line {line}") from None
