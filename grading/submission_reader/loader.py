"""The submissions folder of docs/formats.md §3: one folder per submission, artifacts located and checked.

`scan_submissions(DIR)` looks at each entry of DIR and hands it to the first format that
recognises it (native `submission.json`, AutoExperiment `final_answer.json`, EXP-Bench
`*_eval_gen.json`). A broken submission becomes a `Problem` and the rest still load, so one
bad agent output cannot stop a whole grading run; `load_submissions` is the strict variant.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.jsonl import load_json
from expgrade.grading.safepath import check_inside, check_tree, resolve_inside, unsafe_patch_targets
from expgrade.grading.schemas import Submission
from expgrade.grading.schemas.submission import DEFAULT_ARTIFACTS, SUBMISSION_FILE
from expgrade.grading.trajectory import iter_steps, trajectory_path


@dataclass
class LoadedSubmission:
    """A validated submission and where its artifacts are (each inside `root`, or None)."""

    submission_id: str
    submission: Submission
    format: str
    root: Path
    patch: Path | None = None
    workspace: Path | None = None
    reproduce: Path | None = None
    log: Path | None = None
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class SubmissionScan:
    submissions: list[LoadedSubmission]
    problems: list[Problem]


def validate_submission(data: Any, *, file: Path) -> Submission:
    """`Submission` from parsed JSON; errors name the file and the field."""
    if not isinstance(data, dict):
        raise UserError(f"expected a JSON object, found {type(data).__name__}", file=file)
    try:
        return Submission.model_validate(data)
    except ValidationError as exc:
        raise UserError(describe_validation_error(exc), file=file) from None


def locate(root: Path, rel: str, kind: str, *, required: bool) -> Path | None:
    """An artifact `rel` inside `root`: None when optional and absent; escapes are errors."""
    candidate = root / rel
    if not candidate.exists() and not candidate.is_symlink():
        resolve_inside(root, rel, what=kind)  # reject `..`/absolute even when absent
        if required:
            raise UserError(f"{kind} '{rel}' named in submission.json does not exist", file=root)
        return None
    path = resolve_inside(root, rel, what=kind)
    if kind == "workspace":
        if not path.is_dir():
            raise UserError(f"{kind} '{rel}' should be a folder", file=root)
        check_tree(path, what=kind)
    elif not path.is_file():  # a FIFO or device would hang or leak whoever reads it
        raise UserError(f"{kind} '{rel}' should be a regular file", file=root)
    return root / rel


def check_patch(path: Path) -> None:
    """A patch must not write outside the tree it is applied to.

    Read as bytes and decoded leniently: a patch may legitimately carry non-UTF-8 file
    contents, and only its header lines matter here.
    """
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise UserError(f"cannot read patch: {exc.strerror}", file=path) from None
    bad = unsafe_patch_targets(text)
    if bad:
        raise UserError(f"patch writes outside the repository via '..': {', '.join(bad)}", file=path)


def load_native(folder: Path) -> LoadedSubmission:
    """`DIR/<submission_id>/submission.json` plus the optional artifacts of docs/formats.md §3."""
    meta = folder / SUBMISSION_FILE
    check_inside(folder, meta, what=SUBMISSION_FILE)
    sub = validate_submission(load_json(meta), file=meta)
    names: dict[str, str] = dict(DEFAULT_ARTIFACTS)
    names.update({str(k): v for k, v in (sub.artifacts or {}).items()})
    named = set(sub.artifacts or {})
    found = {kind: locate(folder, rel, kind, required=kind in named) for kind, rel in names.items()}
    if found["patch"] is not None:
        check_patch(found["patch"])
    loaded = LoadedSubmission(
        folder.name,
        sub,
        "native",
        folder,
        patch=found["patch"],
        workspace=found["workspace"],
        reproduce=found["reproduce"],
        log=found["log"],
    )
    if loaded.patch and loaded.workspace:
        loaded.warnings.append("has both a patch and a workspace; graders apply the patch")
    steps = trajectory_path(folder)
    if steps is not None:  # read through once: a bad step is this submission's problem, named now
        deque(iter_steps(steps), maxlen=0)
    return loaded
