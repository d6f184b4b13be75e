"""Helpers for the sandbox and execution-grader tests: the tiny experiment task and submissions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from expgrade.grading.jsonl import read_models
from expgrade.grading.schemas import Task
from expgrade.grading.submission_reader.loader import LoadedSubmission, load_native

TINY = Path(__file__).resolve().parent / "fixtures" / "tiny_experiment"
SUBMISSIONS = TINY / "submissions"


def tiny_task(**run_changes: Any) -> Task:
    """The tiny digits task, with `run` fields overridden (e.g. timeout_s=3)."""
    (task,) = read_models(TINY / "tasks.jsonl", Task)
    if run_changes:
        assert task.run is not None
        task = task.model_copy(update={"run": task.run.model_copy(update=run_changes)})
    return task


def submission(name: str) -> LoadedSubmission:
    return load_native(SUBMISSIONS / name)
