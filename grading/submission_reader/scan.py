"""Finding every submission in a folder: native folders and the benchmark adapters side by side.

The scan sits above the native loader and the adapters (which build on the loader's types),
so none of them imports another in a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from expgrade.grading.errors import UserError
from expgrade.grading.safepath import check_inside
from expgrade.grading.schemas.submission import SUBMISSION_FILE
from expgrade.grading.submission_reader import autoexperiment, expbench
from expgrade.grading.submission_reader.loader import LoadedSubmission, Problem, SubmissionScan, load_native


def scan_submissions(directory: Path) -> SubmissionScan:
    """Every submission under `directory`, and every problem found on the way.

    Each entry of `directory` is a native folder (`submission.json`), an AutoExperiment output
    folder (`final_answer.json`), or holds EXP-Bench outputs (`*_eval_gen.json`, as a file
    here or anywhere below); other loose files are ignored.
    """
    if not directory.exists():
        raise UserError("submissions folder not found", file=directory)
    if not directory.is_dir():
        raise UserError("expected a submissions folder, found a file", file=directory)
    if (directory / SUBMISSION_FILE).exists():
        raise UserError(
            "this is one submission folder; pass the folder that contains it (one folder per submission)",
            file=directory,
        )
    scan = SubmissionScan([], [])

    def attempt(where: Path, load: Callable[[], LoadedSubmission]) -> None:
        try:
            check_inside(directory, where, what="submission")
            scan.submissions.append(load())
        except UserError as exc:
            scan.problems.append(Problem(str(where.relative_to(directory)), _message(exc, where)))

    for entry in sorted(directory.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and (entry / SUBMISSION_FILE).exists():
            attempt(entry, partial(load_native, entry))
        elif entry.is_dir() and (entry / autoexperiment.FINAL_ANSWER).exists():
            attempt(entry, partial(autoexperiment.load, entry))
        elif files := expbench.find(entry):
            for f in files:
                attempt(f, partial(expbench.load, f))
        elif entry.is_dir() or entry.is_symlink():
            scan.problems.append(
                Problem(
                    entry.name,
                    "not a submission: no submission.json, final_answer.json or *_eval_gen.json inside",
                )
            )
    if not scan.submissions and not scan.problems:
        raise UserError("folder has no submissions (expected one folder per submission)", file=directory)
    _check_unique(scan)
    return scan


def _message(exc: UserError, entry: Path) -> str:
    text = str(exc)
    return text.removeprefix(f"{entry}: ").removeprefix(f"{entry}, ")


def _check_unique(scan: SubmissionScan) -> None:
    seen: set[str] = set()
    for s in scan.submissions:
        if s.submission_id in seen:
            scan.problems.append(Problem(s.submission_id, "submission id occurs twice"))
        seen.add(s.submission_id)


def load_submissions(directory: Path) -> list[LoadedSubmission]:
    """Like `scan_submissions` but any problem is a `UserError` listing them all."""
    scan = scan_submissions(directory)
    if scan.problems:
        listed = "; ".join(str(p) for p in scan.problems)
        raise UserError(f"{len(scan.problems)} bad submission(s): {listed}", file=directory)
    return scan.submissions
