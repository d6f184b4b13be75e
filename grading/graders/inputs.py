"""What the graders read from a submission folder, gathered once per grading.

The submission loader (expgrade.grading.submission_reader) has already located each artifact and checked it
lies inside the submission folder; here the files are read once, capped in size, and the
workspace compared with the task repository to find what the agent changed.
"""

from __future__ import annotations

import filecmp
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.execution.grader import RESULTS_FILE_MAX_BYTES
from expgrade.grading.execution.results import ResultsUnreadable, read_results_file
from expgrade.grading.graders.integrity import ChangedFiles, rendered_log
from expgrade.grading.schemas import Submission, Task
from expgrade.grading.submission_reader import LoadedSubmission

#: Text files larger than this are not searched or shown to a judge in full.
MAX_TEXT_BYTES = 2 * 1024 * 1024
_SKIP_DIRS = {".git", "__pycache__", ".venv", "node_modules", ".ipynb_checkpoints"}


@dataclass(frozen=True)
class SubmissionInputs:
    submission_id: str
    submission: Submission
    diff: str | None  # patch.diff, or the changes a workspace makes to the task repo
    reproduce: str | None
    log: str | None
    changes: ChangedFiles
    shipped_results: Any = None  # the results file a workspace brought along (parsed JSON)


def _read_capped(path: Path | None) -> str | None:
    """A text artifact (already checked to lie inside the submission by the loader), capped."""
    if path is None:
        return None
    with path.open("rb") as fh:
        return fh.read(MAX_TEXT_BYTES * 8).decode("utf-8", "replace")


def _text_of(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_TEXT_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None  # binary
    return data.decode("utf-8", "replace")


def _workspace_changes(workspace: Path, repo: Path | None) -> tuple[dict[str, str], set[str]]:
    """(added text per new-or-changed text file, changed or deleted existing files)."""
    added: dict[str, str] = {}
    modified: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(workspace, followlinks=False):
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            rel = path.relative_to(workspace).as_posix()
            base = repo / rel if repo is not None else None
            if base is not None and base.is_file():
                if filecmp.cmp(base, path, shallow=False):
                    continue
                modified.add(rel)
            text = _text_of(path)
            if text is not None:
                added[rel] = text
    if repo is not None:
        for dirpath, dirnames, filenames in os.walk(repo, followlinks=False):
            dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS]
            for name in filenames:
                rel = (Path(dirpath) / name).relative_to(repo).as_posix()
                if not (workspace / rel).exists():
                    modified.add(rel)  # deleted by the agent
    return added, modified


def _as_diff(texts: dict[str, str], modified: set[str]) -> str:
    """A workspace's new or changed files as a diff of added lines, so judges read one format."""
    parts = []
    for path, text in sorted(texts.items()):
        old = f"a/{path}" if path in modified else "/dev/null"
        body = "".join(f"+{ln}\n" for ln in text.splitlines())
        parts.append(f"--- {old}\n+++ b/{path}\n@@ -0,0 +1,{len(text.splitlines())} @@\n{body}")
    return "".join(parts)


def repo_path(task: Task, tasks_dir: Path) -> Path | None:
    """The task's base codebase on disk (`repo.path` is relative to TASKS.jsonl), if any."""
    if task.repo is None or not task.repo.path:
        return None
    path = Path(task.repo.path)
    path = path if path.is_absolute() else tasks_dir / path
    return path if path.is_dir() else None


def gather(task: Task, loaded: LoadedSubmission, tasks_dir: Path) -> SubmissionInputs:
    """Read a submission's files (patch, scripts, log, workspace) once, for every grader."""
    diff = _read_capped(loaded.patch)
    reproduce = _read_capped(loaded.reproduce)
    log = _read_capped(loaded.log) or rendered_log(loaded.root)
    scripts = {"reproduce.sh": reproduce} if reproduce is not None else {}
    if loaded.workspace is not None and loaded.patch is None:
        added, modified = _workspace_changes(loaded.workspace, repo_path(task, tasks_dir))
        changes = ChangedFiles({**added, **scripts}, frozenset(modified), frozenset(scripts))
        diff = _as_diff(added, modified) or None
        results = _shipped_results(task, loaded.workspace)
    else:
        changes = ChangedFiles.from_diff(diff or "", scripts)
        results = None
    return SubmissionInputs(loaded.submission_id, loaded.submission, diff, reproduce, log, changes, results)


def _shipped_results(task: Task, workspace: Path) -> Any:
    """The workspace's copy of the task's results file, when it has a readable one."""
    if task.run is None or not task.run.results_file:
        return None
    try:
        return read_results_file(workspace, task.run.results_file, max_bytes=RESULTS_FILE_MAX_BYTES)
    except ResultsUnreadable:
        return None
